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
  bannerDetailOf,
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
import {
  adsOf,
  emailChoices,
  emailRecipient,
  hasPreferredStore,
  saveEmailChoices,
  saveSmsChoice,
  setAds,
  smsChoices,
  storeExists,
  updateProfile,
} from '../db/preferences.ts';
import { keepAsPreferredStore } from '../db/modality.ts';
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

/**
 * The store the email preferences stand on (account §5): the preferred one, else the store the
 * shopper chose in the header (the edge names it; decision 594), when it is one of this banner's.
 * 'preferred', 'chosen' or null (NO_PREFERRED_STORE).
 */
async function preferredOrChosen(
  db: D1Database,
  customerGUID: string,
  banner: Banner,
  chosenStore: string | null,
): Promise<'preferred' | 'chosen' | null> {
  if (await hasPreferredStore(db, customerGUID, banner.id)) return 'preferred';
  const detail = chosenStore ? bannerDetailOf(banner.id, chosenStore) : null;
  return detail && (await storeExists(db, detail.preferredStoreDivisionNumber, detail.preferredStoreNumber, banner.id))
    ? 'chosen'
    : null;
}

/** account §5: no preferred store on this banner, no email preferences (NO_PREFERRED_STORE). */
async function emailPreferences(
  db: D1Database,
  customerGUID: string,
  banner: Banner,
  status: 'OK' | 'UPDATED',
  chosenStore: string | null = null,
): Promise<EmailPreferencesResponseOutput> {
  if (!(await preferredOrChosen(db, customerGUID, banner, chosenStore)))
    return {
      hasErrors: true,
      errorCode: NO_PREFERRED_STORE,
      status: NO_PREFERRED_STORE,
      emailUngroupedPreferences: [],
    };
  const chosen = await emailChoices(db, customerGUID, banner.id);
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
  chosenStore: string | null = null,
): Promise<EmailPreferencesResponseOutput> {
  const db = c.env.DB;
  const banner = bannerOf(c);
  const standsOn = await preferredOrChosen(db, customerGUID, banner, chosenStore);
  if (!standsOn) throw new HttpError(NO_PREFERRED_STORE, ACCOUNT_MESSAGES.SELECT_STORE_EMAIL, 422);
  const foreign = input.emailPreferences.find((entry) => !isBannerCategory(banner, entry.category));
  if (foreign)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, `${foreign.category} is not an email of ${banner.name}`, 422);
  const now = Date.now();
  // saving keeps the chosen store as the preferred one (decision 594)
  if (standsOn === 'chosen' && chosenStore)
    await keepAsPreferredStore(db, customerGUID, banner.id, chosenStore, now).run();
  await saveEmailChoices(db, customerGUID, banner.id, input.emailPreferences, now);
  if (linkBase) await sendManageLink(db, customerGUID, banner, linkBase, now);
  return emailPreferences(db, customerGUID, banner, 'UPDATED');
}

/** Every email carries a link to manage preferences without signing in; this one says what changed. */
async function sendManageLink(db: D1Database, customerGUID: string, banner: Banner, linkBase: string, now: number) {
  const customer = await emailRecipient(db, customerGUID);
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

/** The store the shopper chose in the header, as the edge names it to the signed-in email calls. */
const ChosenStoreSchema = v.object({ chosenStore: v.optional(v.pipe(v.string(), v.regex(/^\d{8}$/))) });
const LinkBaseSchema = v.object({ linkBase: v.optional(v.pipe(v.string(), v.url(), v.maxLength(200))) });

async function smsStatus(db: D1Database, customerGUID: string) {
  const { phone, chosen } = await smsChoices(db, customerGUID);
  return {
    optIns: OPT_IN_TYPES.map((type) => ({ type, selected: chosen.get(type) ?? false })),
    warning: phone ? null : SMS_NO_PHONE_WARNING,
  };
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
  const details = input.bannerSpecificDetails ?? [];
  for (const detail of details) {
    if (!(await storeExists(db, detail.preferredStoreDivisionNumber, detail.preferredStoreNumber, detail.banner)))
      throw new HttpError(
        ERROR_CODES.UNPROCESSABLE,
        `No ${BANNERS[detail.banner].name} store ${detail.preferredStoreDivisionNumber}${detail.preferredStoreNumber}`,
        422,
      );
  }
  await updateProfile(
    db,
    customerGUID,
    {
      firstName: input.firstName,
      lastName: input.lastName,
      mobilePhoneNumber: input.mobilePhoneNumber === undefined ? undefined : normalizePhone(input.mobilePhoneNumber),
      bannerSpecificDetails: details,
    },
    now,
  );
  const [profile, stores] = await Promise.all([profileOf(db, customerGUID), storesOf(db, bannerOf(c))]);
  return c.json({ data: { profile, stores } }, 200);
});

// email (account §7 Email preferences)
preferencesService.get(PREFERENCE_PATHS.EMAIL, async (c) =>
  c.json(
    await emailPreferences(
      c.env.DB,
      customerOf(c),
      bannerOf(c),
      'OK',
      parseQuery(c, ChosenStoreSchema).chosenStore ?? null,
    ),
    200,
  ),
);

preferencesService.get(PREFERENCE_PATHS.EMAIL_WITH_TOKEN, async (c) => {
  const { token } = parseQuery(c, TokenQuerySchema);
  return c.json(await emailPreferences(c.env.DB, await tokenCustomer(c, token), bannerOf(c), 'OK'), 200);
});

preferencesService.post(PREFERENCE_PATHS.EMAIL_UPDATE, async (c) => {
  const customerGUID = customerOf(c);
  const body = await parseBody(
    c,
    v.object({ ...EmailPreferencesUpdateSchema.entries, ...LinkBaseSchema.entries, ...ChosenStoreSchema.entries }),
  );
  return c.json(await updateEmail(c, customerGUID, body, body.linkBase ?? null, body.chosenStore ?? null), 200);
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
  await saveSmsChoice(db, customerGUID, input.type, input.selected, Date.now());
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
