import type { ProfileOutput } from '../../src/lib/account/preferences.ts';
import type { CustomerProfileOutput } from '../../src/lib/account/profile.ts';
import { isBannerId, type Banner } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';

// A customer's profile (account §3 Profile; migrations/0001, 0023): what GET basic/profile,
// appData and customer-profile answer (upstream/routes/preferences.ts, profile.ts).

interface CustomerRow {
  first_name: string;
  last_name: string;
  email: string;
  mobile_phone_number: string;
  email_verified: number;
  mobile_phone_verified: number;
  has_loyalty_card: number;
}

async function readCustomer(
  db: D1Database,
  customerGUID: string,
): Promise<{ row: CustomerRow; profile: ProfileOutput }> {
  const [customer, details] = await db.batch<Record<string, string>>([
    db
      .prepare(
        'SELECT first_name, last_name, email, mobile_phone_number, email_verified, mobile_phone_verified, has_loyalty_card FROM customers WHERE customer_guid = ?1',
      )
      .bind(customerGUID),
    db
      .prepare(
        'SELECT banner, preferred_store_number, preferred_store_division_number FROM customer_banner_details WHERE customer_guid = ?1 ORDER BY banner',
      )
      .bind(customerGUID),
  ]);
  const row = customer?.results[0] as CustomerRow | undefined;
  if (!row) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to manage your preferences', 401);
  const profile: ProfileOutput = {
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    mobilePhoneNumber: row.mobile_phone_number ?? '',
    bannerSpecificDetails: (details?.results ?? []).flatMap((d) =>
      isBannerId(d.banner)
        ? [
            {
              banner: d.banner,
              preferredStoreNumber: d.preferred_store_number ?? '',
              preferredStoreDivisionNumber: d.preferred_store_division_number ?? '',
            },
          ]
        : [],
    ),
  };
  return { row, profile };
}

/** The profile basic/profile answers: name, email, mobile phone, a preferred store per banner. */
export async function profileOf(db: D1Database, customerGUID: string): Promise<ProfileOutput> {
  return (await readCustomer(db, customerGUID)).profile;
}

/** The same profile with the identity facts the auth state's userInfo also carries. */
export async function customerProfileOf(db: D1Database, customerGUID: string): Promise<CustomerProfileOutput> {
  const { row, profile } = await readCustomer(db, customerGUID);
  return {
    ...profile,
    customerGUID,
    emailVerified: row.email_verified === 1,
    mobilePhoneVerified: row.mobile_phone_verified === 1,
    hasLoyaltyCard: row.has_loyalty_card === 1,
  };
}

interface StoreRow {
  location_id: string;
  name: string;
  city: string;
}
const storeChoice = (s: StoreRow) => ({ locationId: s.location_id, name: s.name, city: s.city });

/** The banner's stores, by name (the profile page's picker). */
export async function storesOf(db: D1Database, banner: Banner) {
  const { results } = await db
    .prepare('SELECT location_id, name, city FROM stores WHERE banner_id = ?1 ORDER BY name')
    .bind(banner.id)
    .all<StoreRow>();
  return results.map(storeChoice);
}

/** One store of the banner, or null. */
export async function bannerStore(db: D1Database, banner: Banner, locationId: string) {
  const row = await db
    .prepare('SELECT location_id, name, city FROM stores WHERE banner_id = ?1 AND location_id = ?2')
    .bind(banner.id, locationId)
    .first<StoreRow>();
  return row ? storeChoice(row) : null;
}

/** Gives the customer a digital loyalty card (issue 22 §2): coupons can be clipped from then on. Idempotent. */
export async function addDigitalLoyaltyCard(db: D1Database, customerGUID: string): Promise<void> {
  await db.prepare('UPDATE customers SET has_loyalty_card = 1 WHERE customer_guid = ?1').bind(customerGUID).run();
}
