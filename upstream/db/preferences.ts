// Account preferences' rows (migrations/0023; docs/decisions/350-account-preferences.md): the
// preferred store per banner, each banner's email categories, the SMS opt-ins and purchase-based ads.

export async function hasPreferredStore(db: D1Database, customerGUID: string, bannerId: string): Promise<boolean> {
  return (
    (await db
      .prepare('SELECT 1 AS ok FROM customer_banner_details WHERE customer_guid = ?1 AND banner = ?2')
      .bind(customerGUID, bannerId)
      .first()) !== null
  );
}

/** The email categories the customer chose on a banner: category -> selected. */
export async function emailChoices(db: D1Database, customerGUID: string, bannerId: string) {
  const { results } = await db
    .prepare('SELECT category, selected FROM customer_email_preferences WHERE customer_guid = ?1 AND banner = ?2')
    .bind(customerGUID, bannerId)
    .all<{ category: string; selected: number }>();
  return new Map(results.map((r) => [r.category, r.selected === 1]));
}

/** Stores the customer's email choices on a banner, all in one batch. */
export async function saveEmailChoices(
  db: D1Database,
  customerGUID: string,
  bannerId: string,
  choices: ReadonlyArray<{ category: string; selected: boolean }>,
  now: number,
): Promise<void> {
  if (choices.length === 0) return;
  await db.batch(
    choices.map((entry) =>
      db
        .prepare(
          'INSERT INTO customer_email_preferences (customer_guid, banner, category, selected, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (customer_guid, banner, category) DO UPDATE SET selected = excluded.selected, updated_at = excluded.updated_at',
        )
        .bind(customerGUID, bannerId, entry.category, entry.selected ? 1 : 0, now),
    ),
  );
}

/** Who an email to the customer goes to. */
export function emailRecipient(db: D1Database, customerGUID: string) {
  return db
    .prepare('SELECT email, first_name FROM customers WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ email: string; first_name: string }>();
}

/** The customer's mobile phone number (or none) and SMS choices: opt-in type -> selected. */
export async function smsChoices(db: D1Database, customerGUID: string) {
  const [phone, rows] = await db.batch<Record<string, string | number>>([
    db.prepare('SELECT mobile_phone_number FROM customers WHERE customer_guid = ?1').bind(customerGUID),
    db.prepare('SELECT opt_in_type, selected FROM customer_sms_opt_ins WHERE customer_guid = ?1').bind(customerGUID),
  ]);
  return {
    phone: phone?.results[0]?.mobile_phone_number,
    chosen: new Map((rows?.results ?? []).map((r) => [String(r.opt_in_type), r.selected === 1])),
  };
}

export async function saveSmsChoice(
  db: D1Database,
  customerGUID: string,
  type: string,
  selected: boolean,
  now: number,
): Promise<void> {
  await db
    .prepare(
      'INSERT INTO customer_sms_opt_ins (customer_guid, opt_in_type, selected, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (customer_guid, opt_in_type) DO UPDATE SET selected = excluded.selected, updated_at = excluded.updated_at',
    )
    .bind(customerGUID, type, selected ? 1 : 0, now)
    .run();
}

/** Purchase-based ads: on unless the customer turned them off. */
export async function adsOf(db: D1Database, customerGUID: string) {
  const row = await db
    .prepare('SELECT purchase_based_ads FROM customer_ad_preferences WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ purchase_based_ads: number }>();
  return { purchaseBasedAds: row ? row.purchase_based_ads === 1 : true };
}

export async function setAds(db: D1Database, customerGUID: string, on: boolean) {
  await db
    .prepare(
      'INSERT INTO customer_ad_preferences (customer_guid, purchase_based_ads, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (customer_guid) DO UPDATE SET purchase_based_ads = excluded.purchase_based_ads, updated_at = excluded.updated_at',
    )
    .bind(customerGUID, on ? 1 : 0, Date.now())
    .run();
  return adsOf(db, customerGUID);
}

/** True when the banner has a store of that division and number. */
export async function storeExists(db: D1Database, division: string, storeNumber: string, bannerId: string) {
  const store = await db
    .prepare('SELECT 1 AS ok FROM stores WHERE division_id = ?1 AND store_number = ?2 AND banner_id = ?3')
    .bind(division, storeNumber, bannerId)
    .first();
  return store !== null;
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  /** the normalized number; empty turns every SMS opt-in off (no phone, no text messages); a changed one is not verified */
  mobilePhoneNumber?: string;
  bannerSpecificDetails: ReadonlyArray<{
    banner: string;
    preferredStoreDivisionNumber: string;
    preferredStoreNumber: string;
  }>;
}

/** Writes the profile's changes in one batch. */
export async function updateProfile(
  db: D1Database,
  customerGUID: string,
  changes: ProfileChanges,
  now: number,
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  if (changes.firstName !== undefined)
    statements.push(
      db.prepare('UPDATE customers SET first_name = ?2 WHERE customer_guid = ?1').bind(customerGUID, changes.firstName),
    );
  if (changes.lastName !== undefined)
    statements.push(
      db.prepare('UPDATE customers SET last_name = ?2 WHERE customer_guid = ?1').bind(customerGUID, changes.lastName),
    );
  if (changes.mobilePhoneNumber !== undefined) {
    const phone = changes.mobilePhoneNumber;
    // account §3 mobilePhoneVerified is about the number: a new number (or none) is not verified;
    // the same number saved again stays as it was (SET reads the row as it was before the update)
    statements.push(
      db
        .prepare(
          "UPDATE customers SET mobile_phone_verified = CASE WHEN ?2 <> '' AND mobile_phone_number = ?2 THEN mobile_phone_verified ELSE 0 END, mobile_phone_number = ?2 WHERE customer_guid = ?1",
        )
        .bind(customerGUID, phone),
    );
    // no phone, no text messages
    if (!phone)
      statements.push(
        db
          .prepare('UPDATE customer_sms_opt_ins SET selected = 0, updated_at = ?2 WHERE customer_guid = ?1')
          .bind(customerGUID, now),
      );
  }
  for (const detail of changes.bannerSpecificDetails)
    statements.push(
      db
        .prepare(
          'INSERT INTO customer_banner_details (customer_guid, banner, preferred_store_division_number, preferred_store_number, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (customer_guid, banner) DO UPDATE SET preferred_store_division_number = excluded.preferred_store_division_number, preferred_store_number = excluded.preferred_store_number, updated_at = excluded.updated_at',
        )
        .bind(customerGUID, detail.banner, detail.preferredStoreDivisionNumber, detail.preferredStoreNumber, now),
    );
  if (statements.length > 0) await db.batch(statements);
}
