import { FALLBACK_ADDRESS_TYPE, type AddressInput } from '../../src/lib/account/addresses.ts';

// The address book's rows (migrations/0020): at most `limit` per customer, one default at most.

export interface AddressRow {
  address_id: string;
  types: string;
  full_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  created_at: number;
  updated_at: number;
}

/** The address's columns ?3..?10, in table order. */
const columns = (address: AddressInput) => [
  address.types.join(','),
  address.fullName,
  address.addressLine1,
  address.addressLine2,
  address.city,
  address.state,
  address.zipCode,
  address.phone,
];

/**
 * A default address takes the default from every other one (one default at most), in the batch of
 * its save and only once the save has landed: the saved address is the customer's and holds the
 * default. A refused save (the book full, no such address) clears nothing. An address whose only
 * type was default becomes a delivery address, never one without a type (docs/decisions/624).
 */
function clearOtherDefaults(db: D1Database, customerGUID: string, addressId: string) {
  return db
    .prepare(
      `UPDATE customer_addresses
          SET types = coalesce(nullif(trim(replace(',' || types || ',', ',default,', ','), ','), ''), ?3)
        WHERE customer_guid = ?1 AND address_id <> ?2 AND (',' || types || ',') LIKE '%,default,%'
          AND EXISTS (SELECT 1 FROM customer_addresses saved
                       WHERE saved.address_id = ?2 AND saved.customer_guid = ?1 AND (',' || saved.types || ',') LIKE '%,default,%')`,
    )
    .bind(customerGUID, addressId, FALLBACK_ADDRESS_TYPE);
}

/** The customer's addresses, oldest first. */
export async function addressesOf(db: D1Database, customerGUID: string): Promise<AddressRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM customer_addresses WHERE customer_guid = ?1 ORDER BY created_at, address_id')
    .bind(customerGUID)
    .all<AddressRow>();
  return results;
}

export function addressById(db: D1Database, addressId: string): Promise<AddressRow | null> {
  return db.prepare('SELECT * FROM customer_addresses WHERE address_id = ?1').bind(addressId).first<AddressRow>();
}

/** Adds an address unless the book holds `limit` already; false when it was full. */
export async function insertAddress(
  db: D1Database,
  customerGUID: string,
  addressId: string,
  address: AddressInput,
  now: number,
  limit: number,
): Promise<boolean> {
  // the count and the insert in one statement: two adds racing for the last place cannot both win
  const batch = await db.batch([
    db
      .prepare(
        `INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, address_line2, city, state, zip_code, phone, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11 WHERE (SELECT count(*) FROM customer_addresses WHERE customer_guid = ?2) < ?12`,
      )
      .bind(addressId, customerGUID, ...columns(address), now, limit),
    ...(address.types.includes('default') ? [clearOtherDefaults(db, customerGUID, addressId)] : []),
  ]);
  return (batch[0]?.meta.changes ?? 0) > 0;
}

/** Replaces the customer's address; false when they have no such address. */
export async function updateAddress(
  db: D1Database,
  customerGUID: string,
  addressId: string,
  address: AddressInput,
  now: number,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(
        'UPDATE customer_addresses SET types = ?3, full_name = ?4, address_line1 = ?5, address_line2 = ?6, city = ?7, state = ?8, zip_code = ?9, phone = ?10, updated_at = ?11 WHERE address_id = ?1 AND customer_guid = ?2',
      )
      .bind(addressId, customerGUID, ...columns(address), now),
    ...(address.types.includes('default') ? [clearOtherDefaults(db, customerGUID, addressId)] : []),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** Removes the customer's address; false when they have no such address. */
export async function deleteAddress(db: D1Database, customerGUID: string, addressId: string): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM customer_addresses WHERE address_id = ?1 AND customer_guid = ?2')
    .bind(addressId, customerGUID)
    .run();
  return (result.meta.changes ?? 0) > 0;
}
