import { Hono, type Context } from 'hono';
import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_LIMIT_MESSAGE,
  ADDRESS_PATHS,
  AddAddressSchema,
  RemoveAddressSchema,
  UpdateAddressSchema,
  ValidateAddressSchema,
  validateAddress,
  type AddressInput,
  type AddressOutput,
} from '../../src/lib/account/addresses.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { parseBody } from '../validate.ts';

// The address book service (issue 12 part 2; account §3, §5, §7; migrations/0020): list, add,
// update, remove on the spec's /profile/api/* paths, at most 75 addresses (the 76th is 422 with
// the spec's message), one default at most, every address checked by the locator's validation.

export const addressesService = new Hono<UpstreamEnv>();
type AddressContext = Context<UpstreamEnv>;

interface AddressRow {
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

const view = (row: AddressRow): AddressOutput => ({
  addressId: row.address_id,
  types: row.types.split(',') as AddressOutput['types'],
  fullName: row.full_name,
  addressLine1: row.address_line1,
  addressLine2: row.address_line2,
  city: row.city,
  state: row.state as AddressOutput['state'],
  zipCode: row.zip_code,
  phone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

function customerOf(c: AddressContext): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your addresses', 401);
  return customer.customerGUID;
}

/** The locator's verdict; an address it refuses is 422 with its first reason. */
function checked(address: AddressInput): AddressInput {
  const verdict = validateAddress(address);
  if (!verdict.valid || !verdict.normalized)
    throw new HttpError(
      ERROR_CODES.UNPROCESSABLE,
      verdict.issues[0] ?? 'The address could not be validated.',
      422,
      verdict.issues,
    );
  return { ...address, ...verdict.normalized, state: address.state, types: [...new Set(address.types)] };
}

/** A default address takes the default from every other one (one default at most). */
function clearOtherDefaults(db: D1Database, customerGUID: string, addressId: string) {
  return db
    .prepare(
      "UPDATE customer_addresses SET types = trim(replace(replace(',' || types || ',', ',default,', ','), ',,', ','), ',') WHERE customer_guid = ?1 AND address_id <> ?2 AND (',' || types || ',') LIKE '%,default,%'",
    )
    .bind(customerGUID, addressId);
}

async function list(db: D1Database, customerGUID: string): Promise<AddressOutput[]> {
  const { results } = await db
    .prepare('SELECT * FROM customer_addresses WHERE customer_guid = ?1 ORDER BY created_at, address_id')
    .bind(customerGUID)
    .all<AddressRow>();
  return results.map(view);
}

addressesService.get(ADDRESS_PATHS.LIST, async (c) => {
  const addresses = await list(c.env.DB, customerOf(c));
  return c.json(
    { data: { addresses, message: addresses.length >= ADDRESS_BOOK_LIMIT ? ADDRESS_LIMIT_MESSAGE : null } },
    200,
  );
});

addressesService.post(ADDRESS_PATHS.ADD, async (c) => {
  const customerGUID = customerOf(c);
  const address = checked((await parseBody(c, AddAddressSchema)).address);
  const db = c.env.DB;
  const addressId = crypto.randomUUID();
  const now = Date.now();
  // the count and the insert in one statement: two adds racing for the 75th place cannot both win
  const batch = await db.batch([
    db
      .prepare(
        `INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, address_line2, city, state, zip_code, phone, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11 WHERE (SELECT count(*) FROM customer_addresses WHERE customer_guid = ?2) < ?12`,
      )
      .bind(
        addressId,
        customerGUID,
        address.types.join(','),
        address.fullName,
        address.addressLine1,
        address.addressLine2,
        address.city,
        address.state,
        address.zipCode,
        address.phone,
        now,
        ADDRESS_BOOK_LIMIT,
      ),
    ...(address.types.includes('default') ? [clearOtherDefaults(db, customerGUID, addressId)] : []),
  ]);
  if ((batch[0]?.meta.changes ?? 0) === 0) throw new HttpError(ERROR_CODES.UNPROCESSABLE, ADDRESS_LIMIT_MESSAGE, 422);
  const row = await db
    .prepare('SELECT * FROM customer_addresses WHERE address_id = ?1')
    .bind(addressId)
    .first<AddressRow>();
  return c.json({ data: { address: view(row as AddressRow) } }, 201);
});

addressesService.post(ADDRESS_PATHS.UPDATE, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, UpdateAddressSchema);
  const address = checked(input.address);
  const db = c.env.DB;
  const [updated] = await db.batch([
    db
      .prepare(
        'UPDATE customer_addresses SET types = ?3, full_name = ?4, address_line1 = ?5, address_line2 = ?6, city = ?7, state = ?8, zip_code = ?9, phone = ?10, updated_at = ?11 WHERE address_id = ?1 AND customer_guid = ?2',
      )
      .bind(
        input.addressId,
        customerGUID,
        address.types.join(','),
        address.fullName,
        address.addressLine1,
        address.addressLine2,
        address.city,
        address.state,
        address.zipCode,
        address.phone,
        Date.now(),
      ),
    ...(address.types.includes('default') ? [clearOtherDefaults(db, customerGUID, input.addressId)] : []),
  ]);
  if ((updated?.meta.changes ?? 0) === 0)
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such address in your address book', 404);
  const row = await db
    .prepare('SELECT * FROM customer_addresses WHERE address_id = ?1')
    .bind(input.addressId)
    .first<AddressRow>();
  return c.json({ data: { address: view(row as AddressRow) } }, 200);
});

addressesService.post(ADDRESS_PATHS.REMOVE, async (c) => {
  const customerGUID = customerOf(c);
  const { addressId } = await parseBody(c, RemoveAddressSchema);
  const result = await c.env.DB.prepare('DELETE FROM customer_addresses WHERE address_id = ?1 AND customer_guid = ?2')
    .bind(addressId, customerGUID)
    .run();
  if ((result.meta.changes ?? 0) === 0)
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such address in your address book', 404);
  return c.json({ data: { addressId, removed: true } }, 200);
});

addressesService.post(ADDRESS_PATHS.VALIDATE, async (c) => {
  const { address } = await parseBody(c, ValidateAddressSchema);
  return c.json({ data: validateAddress(address) }, 200);
});
