import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  AdPreferencesUpdateSchema,
  AdPreferencesUpdateWithTokenSchema,
  EmailPreferencesUpdateSchema,
  EmailPreferencesUpdateWithTokenSchema,
  NO_PREFERRED_STORE,
  OPT_IN_TYPES,
  OptInUpdateSchema,
  PREFERENCE_PATHS,
  ProfileUpdateSchema,
  SMS_NO_PHONE_WARNING,
  TokenQuerySchema,
  emailCategoriesFor,
  isBannerCategory,
  normalizePhone,
  type EmailPreferencesResponseOutput,
} from '../../src/lib/account/preferences.ts';
import { signToken, verifyToken } from '../../src/lib/auth/signed-token.ts';
import { BANNERS, isBannerId, type Banner } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { findLiveToken, insertToken, signingSecret, writeOutbox } from '../db/account.ts';
import { profileOf, storesOf } from '../db/profile.ts';
import { parseBody, parseQuery } from '../validate.ts';

// Account preferences (issue 12 part 2; account §3, §5, §7, §9; migrations/0023): the profile
// with a preferred store per banner, each banner's email categories (NO_PREFERRED_STORE without a
// store), the SMS opt-ins and purchase-based ads; the email and ad calls also by a signed link
// token (the account token mechanism, purpose PREFERENCES), refused as TokenMatch when tampered
// with or expired. docs/decisions/350-account-preferences.md

export const preferencesService = new Hono<UpstreamEnv>();
type PrefContext = Context<UpstreamEnv>;

function customerOf(c: PrefContext): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to manage your preferences', 401);
  return customer.customerGUID;
}

function bannerOf(c: PrefContext): Banner {
  const id = c.get('call').banner;
  return BANNERS[isBannerId(id) ? id : 'harvest'];
}

/** The customer a link token names; a tampered, expired or voided token is TokenMatch (400). */
async function tokenCustomer(c: PrefContext, token: string): Promise<string> {
  const db = c.env.DB;
  const now = Date.now();
  const check = await verifyToken(await signingSecret(db, now), 'PREFERENCES', token, now);
  if (!check.ok)
    throw new HttpError(
      ERROR_CODES.TOKEN_MATCH,
      check.why === 'EXPIRED' ? 'This link has expired' : 'This link is not valid',
      400,
      [check.why],
    );
  const row = await findLiveToken(db, check.id, 'PREFERENCES', now);
  if (!row) throw new HttpError(ERROR_CODES.TOKEN_MATCH, 'This link is not valid', 400, ['USED']);
  return row.customer_guid;
}

async function hasPreferredStore(db: D1Database, customerGUID: string, banner: Banner): Promise<boolean> {
  return (
    (await db
      .prepare('SELECT 1 AS ok FROM customer_banner_details WHERE customer_guid = ?1 AND banner = ?2')
      .bind(customerGUID, banner.id)
      .first()) !== null
  );
}

/** account §5: no preferred store on this banner, no email preferences (NO_PREFERRED_STORE). */
async function emailPreferences(
  db: D1Database,
  customerGUID: string,
  banner: Banner,
  status: 'OK' | 'UPDATED',
): Promise<EmailPreferencesResponseOutput> {
  if (!(await hasPreferredStore(db, customerGUID, banner)))
    return {
      hasErrors: true,
      errorCode: NO_PREFERRED_STORE,
      status: NO_PREFERRED_STORE,
      emailUngroupedPreferences: [],
    };
  const { results } = await db
    .prepare('SELECT category, selected FROM customer_email_preferences WHERE customer_guid = ?1 AND banner = ?2')
    .bind(customerGUID, banner.id)
    .all<{ category: string; selected: number }>();
  const chosen = new Map(results.map((r) => [r.category, r.selected === 1]));
  return {
    hasErrors: false,
    errorCode: null,
    status,
    emailUngroupedPreferences: emailCategoriesFor(banner).map((entry) => ({
      ...entry,
      category: entry.category as never,
      selected: chosen.get(entry.category) ?? false,
    })),
  };
}

async function updateEmail(
  c: PrefContext,
  customerGUID: string,
  input: v.InferOutput<typeof EmailPreferencesUpdateSchema>,
  linkBase: string | null,
): Promise<EmailPreferencesResponseOutput> {
  const db = c.env.DB;
  const banner = bannerOf(c);
  if (!(await hasPreferredStore(db, customerGUID, banner)))
    throw new HttpError(NO_PREFERRED_STORE, ACCOUNT_MESSAGES.SELECT_STORE_EMAIL, 422);
  const foreign = input.emailPreferences.find((entry) => !isBannerCategory(banner, entry.category));
  if (foreign)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, `${foreign.category} is not an email of ${banner.name}`, 422);
  const now = Date.now();
  if (input.emailPreferences.length > 0) {
    await db.batch(
      input.emailPreferences.map((entry) =>
        db
          .prepare(
            'INSERT INTO customer_email_preferences (customer_guid, banner, category, selected, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (customer_guid, banner, category) DO UPDATE SET selected = excluded.selected, updated_at = excluded.updated_at',
          )
          .bind(customerGUID, banner.id, entry.category, entry.selected ? 1 : 0, now),
      ),
    );
  }
  if (linkBase) await sendManageLink(db, customerGUID, banner, linkBase, now);
  return emailPreferences(db, customerGUID, banner, 'UPDATED');
}

/** Every email carries a link to manage preferences without signing in; this one says what changed. */
async function sendManageLink(db: D1Database, customerGUID: string, banner: Banner, linkBase: string, now: number) {
  const customer = await db
    .prepare('SELECT email, first_name FROM customers WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ email: string; first_name: string }>();
  if (!customer) return;
  const signed = await signToken(await signingSecret(db, now), 'PREFERENCES', now);
  await insertToken(db, {
    id: signed.id,
    purpose: 'PREFERENCES',
    customerGUID,
    email: customer.email,
    createdAt: now,
    expiresAt: signed.expiresAt,
  });
  const link = `${linkBase}/account/unsubscribe?token=${encodeURIComponent(signed.token)}`;
  await writeOutbox(db, {
    to: customer.email,
    kind: 'PREFERENCES',
    subject: `Your ${banner.name} email preferences`,
    body: `Hi ${customer.first_name}, your email preferences were saved. To change them or unsubscribe at any time, open ${link}`,
    link,
    now,
  });
}

const LinkBaseSchema = v.object({ linkBase: v.optional(v.pipe(v.string(), v.url(), v.maxLength(200))) });

async function smsStatus(db: D1Database, customerGUID: string) {
  const [phone, rows] = await db.batch<Record<string, string | number>>([
    db.prepare('SELECT mobile_phone_number FROM customers WHERE customer_guid = ?1').bind(customerGUID),
    db.prepare('SELECT opt_in_type, selected FROM customer_sms_opt_ins WHERE customer_guid = ?1').bind(customerGUID),
  ]);
  const chosen = new Map((rows?.results ?? []).map((r) => [String(r.opt_in_type), r.selected === 1]));
  return {
    optIns: OPT_IN_TYPES.map((type) => ({ type, selected: chosen.get(type) ?? false })),
    warning: phone?.results[0]?.mobile_phone_number ? null : SMS_NO_PHONE_WARNING,
  };
}

async function adsOf(db: D1Database, customerGUID: string) {
  const row = await db
    .prepare('SELECT purchase_based_ads FROM customer_ad_preferences WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ purchase_based_ads: number }>();
  return { purchaseBasedAds: row ? row.purchase_based_ads === 1 : true };
}

async function setAds(db: D1Database, customerGUID: string, on: boolean) {
  await db
    .prepare(
      'INSERT INTO customer_ad_preferences (customer_guid, purchase_based_ads, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (customer_guid) DO UPDATE SET purchase_based_ads = excluded.purchase_based_ads, updated_at = excluded.updated_at',
    )
    .bind(customerGUID, on ? 1 : 0, Date.now())
    .run();
  return adsOf(db, customerGUID);
}

// profile (account §3 Profile)
preferencesService.get(PREFERENCE_PATHS.PROFILE, async (c) => {
  const customerGUID = customerOf(c);
  const [profile, stores] = await Promise.all([profileOf(c.env.DB, customerGUID), storesOf(c.env.DB, bannerOf(c))]);
  return c.json({ data: { profile, stores } }, 200);
});

preferencesService.post(PREFERENCE_PATHS.PROFILE_UPDATE, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, ProfileUpdateSchema);
  const db = c.env.DB;
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  if (input.firstName !== undefined)
    statements.push(
      db.prepare('UPDATE customers SET first_name = ?2 WHERE customer_guid = ?1').bind(customerGUID, input.firstName),
    );
  if (input.mobilePhoneNumber !== undefined) {
    const phone = normalizePhone(input.mobilePhoneNumber);
    statements.push(
      db.prepare('UPDATE customers SET mobile_phone_number = ?2 WHERE customer_guid = ?1').bind(customerGUID, phone),
    );
    // no phone, no text messages
    if (!phone)
      statements.push(
        db
          .prepare('UPDATE customer_sms_opt_ins SET selected = 0, updated_at = ?2 WHERE customer_guid = ?1')
          .bind(customerGUID, now),
      );
  }
  for (const detail of input.bannerSpecificDetails ?? []) {
    const store = await db
      .prepare('SELECT 1 AS ok FROM stores WHERE division_id = ?1 AND store_number = ?2 AND banner_id = ?3')
      .bind(detail.preferredStoreDivisionNumber, detail.preferredStoreNumber, detail.banner)
      .first();
    if (!store)
      throw new HttpError(
        ERROR_CODES.UNPROCESSABLE,
        `No ${BANNERS[detail.banner].name} store ${detail.preferredStoreDivisionNumber}${detail.preferredStoreNumber}`,
        422,
      );
    statements.push(
      db
        .prepare(
          'INSERT INTO customer_banner_details (customer_guid, banner, preferred_store_division_number, preferred_store_number, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (customer_guid, banner) DO UPDATE SET preferred_store_division_number = excluded.preferred_store_division_number, preferred_store_number = excluded.preferred_store_number, updated_at = excluded.updated_at',
        )
        .bind(customerGUID, detail.banner, detail.preferredStoreDivisionNumber, detail.preferredStoreNumber, now),
    );
  }
  if (statements.length > 0) await db.batch(statements);
  const [profile, stores] = await Promise.all([profileOf(db, customerGUID), storesOf(db, bannerOf(c))]);
  return c.json({ data: { profile, stores } }, 200);
});

// email (account §7 Email preferences)
preferencesService.get(PREFERENCE_PATHS.EMAIL, async (c) =>
  c.json(await emailPreferences(c.env.DB, customerOf(c), bannerOf(c), 'OK'), 200),
);

preferencesService.get(PREFERENCE_PATHS.EMAIL_WITH_TOKEN, async (c) => {
  const { token } = parseQuery(c, TokenQuerySchema);
  return c.json(await emailPreferences(c.env.DB, await tokenCustomer(c, token), bannerOf(c), 'OK'), 200);
});

preferencesService.post(PREFERENCE_PATHS.EMAIL_UPDATE, async (c) => {
  const customerGUID = customerOf(c);
  const body = await parseBody(c, v.object({ ...EmailPreferencesUpdateSchema.entries, ...LinkBaseSchema.entries }));
  return c.json(await updateEmail(c, customerGUID, body, body.linkBase ?? null), 200);
});

preferencesService.post(PREFERENCE_PATHS.EMAIL_UPDATE_WITH_TOKEN, async (c) => {
  const body = await parseBody(c, EmailPreferencesUpdateWithTokenSchema);
  return c.json(await updateEmail(c, await tokenCustomer(c, body.token), body, null), 200);
});

// SMS (account §7 Opt-in, §9 SMS)
preferencesService.get(PREFERENCE_PATHS.OPT_IN_STATUS, async (c) =>
  c.json({ data: await smsStatus(c.env.DB, customerOf(c)) }, 200),
);

preferencesService.post(PREFERENCE_PATHS.OPT_IN, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, OptInUpdateSchema);
  const db = c.env.DB;
  if (input.selected && (await smsStatus(db, customerGUID)).warning)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, SMS_NO_PHONE_WARNING, 422);
  await db
    .prepare(
      'INSERT INTO customer_sms_opt_ins (customer_guid, opt_in_type, selected, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (customer_guid, opt_in_type) DO UPDATE SET selected = excluded.selected, updated_at = excluded.updated_at',
    )
    .bind(customerGUID, input.type, input.selected ? 1 : 0, Date.now())
    .run();
  return c.json({ data: await smsStatus(db, customerGUID) }, 200);
});

// purchase-based ads (account §7: getWithUserId, getWithToken, updateWithUserId, updateWithToken)
preferencesService.get(PREFERENCE_PATHS.ADS_WITH_USER_ID, async (c) =>
  c.json({ data: await adsOf(c.env.DB, customerOf(c)) }, 200),
);

preferencesService.get(PREFERENCE_PATHS.ADS_WITH_TOKEN, async (c) => {
  const { token } = parseQuery(c, TokenQuerySchema);
  return c.json({ data: await adsOf(c.env.DB, await tokenCustomer(c, token)) }, 200);
});

preferencesService.post(PREFERENCE_PATHS.ADS_UPDATE_WITH_USER_ID, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, AdPreferencesUpdateSchema);
  return c.json({ data: await setAds(c.env.DB, customerGUID, input.purchaseBasedAds) }, 200);
});

preferencesService.post(PREFERENCE_PATHS.ADS_UPDATE_WITH_TOKEN, async (c) => {
  const input = await parseBody(c, AdPreferencesUpdateWithTokenSchema);
  return c.json({ data: await setAds(c.env.DB, await tokenCustomer(c, input.token), input.purchaseBasedAds) }, 200);
});
