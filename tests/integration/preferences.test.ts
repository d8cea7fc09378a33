import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  AdPreferencesResponseSchema,
  EmailPreferencesResponseSchema,
  OptInStatusResponseSchema,
  ProfileResponseSchema,
} from '../../src/lib/account/preferences.ts';
import { signToken } from '../../src/lib/auth/signed-token.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { decodeBase64Url } from '../../src/lib/auth/base64url.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { parseSessionKeys, verifySessionCookie } from '../../worker/middleware/session/cookie.ts';
import { sameOriginJson, sessionCookieFrom, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// Account preferences against the real upstream and D1 (issue 12 part 2; account §3, §5, §7, §8,
// §9; docs/decisions/350-account-preferences.md): the profile, each banner's email entries, the
// NO_PREFERRED_STORE rule, the link token variants (expired and tampered refused), SMS and ads.

const app = createApp();
const BAYSIDE_ENV = { ...env, DEFAULT_BANNER: 'bayside' };
let cookie = '';
const send = (
  method: string,
  path: string,
  body?: unknown,
  options: { withCookie?: boolean; bindings?: typeof env } = {},
) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: sameOriginJson(options.withCookie === false ? undefined : cookie),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    options.bindings ?? env,
    createExecutionContext(),
  );
const errorOf = async (response: Response) => v.parse(ErrorBodySchema, await response.json()).errors[0];
const email = async (bindings: typeof env = env) =>
  v.parse(
    EmailPreferencesResponseSchema,
    await (await send('GET', '/accountmanagement/api/emailPreferences', undefined, { bindings })).json(),
  );
const choose = (banner: 'harvest' | 'bayside', locationId: string, bindings: typeof env = env) =>
  send(
    'POST',
    '/accountmanagement/api/basic/profile/update',
    {
      bannerSpecificDetails: [
        { banner, preferredStoreDivisionNumber: locationId.slice(0, 3), preferredStoreNumber: locationId.slice(3) },
      ],
    },
    { bindings },
  );
const G = DEMO_SHOPPER.customerGUID;

/** The upstream's token key (made by the first link it emails; decision 220), read from D1. */
async function signingSecret(): Promise<Uint8Array<ArrayBuffer>> {
  const row = await env.DB.prepare("SELECT secret FROM account_signing_keys WHERE key_id = 'account-tokens-v1'").first<{
    secret: string;
  }>();
  const bytes = row ? decodeBase64Url(row.secret) : null;
  if (!bytes) throw new Error('no signing key yet');
  return bytes;
}

/** A link token issued `ageMs` ago with the upstream's key, as an email's link would carry it. */
async function linkToken(ageMs = 0): Promise<string> {
  const now = Date.now();
  const signed = await signToken(await signingSecret(), 'PREFERENCES', now - ageMs);
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_id, purpose, customer_guid, email, created_at, expires_at) VALUES (?1, 'PREFERENCES', ?2, ?3, ?4, ?5)",
  )
    .bind(signed.id, G, DEMO_SHOPPER.email, now - ageMs, signed.expiresAt)
    .run();
  return signed.token;
}

beforeAll(async () => {
  cookie = await signInCookie(app, env);
  // the first emailed link makes the upstream's token key
  await choose('harvest', '70100101');
  await send('POST', '/accountmanagement/api/emailPreferences/update', { emailPreferences: [] });
});
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM customer_banner_details'),
    env.DB.prepare('DELETE FROM customer_email_preferences'),
    env.DB.prepare('DELETE FROM customer_sms_opt_ins'),
    env.DB.prepare('DELETE FROM customer_ad_preferences'),
    env.DB.prepare("UPDATE customers SET mobile_phone_number = '' WHERE customer_guid = ?1").bind(G),
  ]);
});

describe('every signed-in preference call', () => {
  test.each([
    ['GET', '/accountmanagement/api/basic/profile'],
    ['GET', '/accountmanagement/api/emailPreferences'],
    ['GET', '/accountmanagement/api/opt-in/status'],
    ['GET', '/accountmanagement/api/purchaseBasedAdPreferences/getWithUserId'],
    ['POST', '/accountmanagement/api/emailPreferences/update'],
    ['POST', '/accountmanagement/api/opt-in/optin'],
  ])('%s %s needs a session (401)', async (method, path) => {
    const body =
      method === 'POST' ? (path.includes('optin') ? { selected: false } : { emailPreferences: [] }) : undefined;
    const response = await send(method, path, body, { withCookie: false });
    expect(response.status).toBe(401);
    expect((await errorOf(response))?.code).toBe('AUTH_REQUIRED');
  });
});

describe('the profile', () => {
  test('first name, mobile phone and a preferred store per banner (bannerSpecificDetails)', async () => {
    const updated = await send('POST', '/accountmanagement/api/basic/profile/update', {
      firstName: 'Dana',
      mobilePhoneNumber: '(559) 555-0142',
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('cache-control')).toBe('private, no-store');
    expect((await choose('harvest', '70100102')).status).toBe(200);
    expect((await choose('bayside', '62000201', BAYSIDE_ENV)).status).toBe(200);
    const { profile, stores } = v.parse(
      ProfileResponseSchema,
      await (await send('GET', '/accountmanagement/api/basic/profile')).json(),
    ).data;
    expect(profile).toEqual({
      firstName: 'Dana',
      lastName: DEMO_SHOPPER.lastName,
      email: DEMO_SHOPPER.email,
      mobilePhoneNumber: '5595550142',
      bannerSpecificDetails: [
        { banner: 'bayside', preferredStoreNumber: '00201', preferredStoreDivisionNumber: '620' },
        { banner: 'harvest', preferredStoreNumber: '00102', preferredStoreDivisionNumber: '701' },
      ],
    });
    expect(stores.map((store) => store.locationId)).toContain('70100102');
    expect(stores.map((store) => store.locationId)).not.toContain('62000201');
    await env.DB.prepare('UPDATE customers SET first_name = ?2 WHERE customer_guid = ?1')
      .bind(G, DEMO_SHOPPER.firstName)
      .run();
  });

  test('a store of another banner, or none at all, is 422; a bad phone is 400', async () => {
    const foreign = await choose('harvest', '62000201');
    expect(foreign.status).toBe(422);
    expect(
      (await send('POST', '/accountmanagement/api/basic/profile/update', { mobilePhoneNumber: '12' })).status,
    ).toBe(400);
  });
});

// issue 22 §2 (decision 594): a profile as a shopper expects one, and one store chosen once
describe('the profile names the shopper', () => {
  const renamed = async (response: Response) => {
    const value = sessionCookieFrom(response)?.split('=')[1];
    const keyring = await parseSessionKeys(env.SESSION_KEYS);
    return value && keyring ? (await verifySessionCookie(value, keyring, Date.now()))?.payload.firstName : null;
  };

  test('first and last name are saved, the email is shown, and the session the header greets takes the new first name', async () => {
    const updated = await send('POST', '/accountmanagement/api/basic/profile/update', {
      firstName: ' Robin ',
      lastName: 'Alvarez-Nguyen',
    });
    expect(updated.status).toBe(200);
    expect(v.parse(ProfileResponseSchema, await updated.json()).data.profile).toMatchObject({
      firstName: 'Robin',
      lastName: 'Alvarez-Nguyen',
      email: DEMO_SHOPPER.email,
    });
    expect(await renamed(updated)).toBe('Robin');
    // the plain form (no JavaScript) too, and an unchanged name issues no new cookie
    const form = await app.request(
      `${TEST_ORIGIN}/accountmanagement/api/basic/profile/update`,
      {
        method: 'POST',
        headers: { ...sameOriginJson(cookie), 'content-type': 'application/x-www-form-urlencoded' },
        body: `firstName=Sam&lastName=${DEMO_SHOPPER.lastName}&mobilePhoneNumber=`,
      },
      env,
      createExecutionContext(),
    );
    expect(form.headers.get('location')).toBe('/account/profile?saved=profile');
    expect(await renamed(form)).toBe('Sam');
    // this cookie already says the name: no new cookie
    const same = await send('POST', '/accountmanagement/api/basic/profile/update', {
      firstName: DEMO_SHOPPER.firstName,
    });
    expect(same.status).toBe(200);
    expect(sessionCookieFrom(same)).toBeNull();
  });

  test.each([
    [{ firstName: '   ' }, 'Enter your first name'],
    [{ lastName: '' }, 'Enter your last name'],
    [{ lastName: 'x'.repeat(61) }, 'Invalid length'],
    [{ firstName: '<b>Robin</b>' }, 'Use letters, spaces and punctuation only'],
  ])('%j is refused (400) with the rule it breaks, and nothing is saved', async (body, message) => {
    const refused = await send('POST', '/accountmanagement/api/basic/profile/update', body);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused))?.rootCause.join(' ')).toContain(message);
    expect(sessionCookieFrom(refused)).toBeNull();
    const { profile } = v.parse(
      ProfileResponseSchema,
      await (await send('GET', '/accountmanagement/api/basic/profile')).json(),
    ).data;
    expect([profile.firstName, profile.lastName]).toEqual([DEMO_SHOPPER.firstName, DEMO_SHOPPER.lastName]);
  });
});

describe('the store the shopper chose is their preferred store when they have none', () => {
  const atStore = (locationId: string) => `${cookie}; hm_store=${locationId}.PICKUP`;
  const withStore = (locationId: string, method: string, path: string, body?: unknown) =>
    app.request(
      `${TEST_ORIGIN}${path}`,
      {
        method,
        headers: sameOriginJson(atStore(locationId)),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      env,
      createExecutionContext(),
    );
  const preferred = async () =>
    v.parse(ProfileResponseSchema, await (await send('GET', '/accountmanagement/api/basic/profile')).json()).data
      .profile.bannerSpecificDetails;

  test('choosing a store keeps it as the preferred one, and never replaces one the shopper set', async () => {
    expect((await send('POST', '/stores/api/choose', { locationId: '70100102', modality: 'PICKUP' })).status).toBe(200);
    expect(await preferred()).toEqual([
      { banner: 'harvest', preferredStoreDivisionNumber: '701', preferredStoreNumber: '00102' },
    ]);
    expect((await email()).errorCode).toBeNull();
    await send('POST', '/stores/api/choose', { locationId: '70100101', modality: 'PICKUP' });
    expect((await preferred())[0]?.preferredStoreNumber).toBe('00102');
  });

  test('the email preferences stand on the chosen store (hm_store) and saving keeps it; a store of another banner does not count', async () => {
    const loaded = v.parse(
      EmailPreferencesResponseSchema,
      await (await withStore('70100101', 'GET', '/accountmanagement/api/emailPreferences')).json(),
    );
    expect([loaded.errorCode, loaded.emailUngroupedPreferences.length]).toEqual([null, 3]);
    // reading stores nothing
    expect(await preferred()).toEqual([]);
    // the entries as the GET answers them, sent back whole with one choice changed (account §3)
    const saved = await withStore('70100101', 'POST', '/accountmanagement/api/emailPreferences/update', {
      emailPreferencesCategory: 'UNGROUPED',
      emailPreferences: loaded.emailUngroupedPreferences.map((entry) => ({
        ...entry,
        selected: entry.category === 'WEEKLY_AD',
      })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = v.parse(EmailPreferencesResponseSchema, await saved.json());
    expect(after.emailUngroupedPreferences.filter((entry) => entry.selected).map((entry) => entry.category)).toEqual([
      'WEEKLY_AD',
    ]);
    expect(await preferred()).toEqual([
      { banner: 'harvest', preferredStoreDivisionNumber: '701', preferredStoreNumber: '00101' },
    ]);
    await env.DB.prepare('DELETE FROM customer_banner_details').run();
    const foreign = v.parse(
      EmailPreferencesResponseSchema,
      await (await withStore('62000201', 'GET', '/accountmanagement/api/emailPreferences')).json(),
    );
    expect(foreign.errorCode).toBe('NO_PREFERRED_STORE');
  });
});

describe('email preferences', () => {
  test('NO_PREFERRED_STORE: without a store on this banner the load says so and an update is 422 with the spec message', async () => {
    const loaded = await email();
    expect(loaded).toEqual({
      hasErrors: true,
      errorCode: 'NO_PREFERRED_STORE',
      status: 'NO_PREFERRED_STORE',
      emailUngroupedPreferences: [],
    });
    const update = await send('POST', '/accountmanagement/api/emailPreferences/update', {
      emailPreferences: [{ category: 'WEEKLY_AD', selected: true }],
    });
    expect(update.status).toBe(422);
    expect(await errorOf(update)).toMatchObject({
      code: 'NO_PREFERRED_STORE',
      reason: 'Please select a preferred store before editing your email preferences.',
    });
    // a store on the other banner does not count here
    await choose('bayside', '62000201', BAYSIDE_ENV);
    expect((await email()).errorCode).toBe('NO_PREFERRED_STORE');
  });

  test('harvest: Weekly Ad, Specials & Promotions, Monthly Newsletter, in that order, with their descriptions', async () => {
    await choose('harvest', '70100101');
    const loaded = await email();
    expect(loaded.hasErrors).toBe(false);
    expect(
      loaded.emailUngroupedPreferences.map(({ shortDescription, longDescription, selected }) => [
        shortDescription,
        longDescription,
        selected,
      ]),
    ).toEqual([
      ['Weekly Ad', 'Specials from your local Harvest Market.', false],
      ['Specials & Promotions', 'Digital coupons and savings.', false],
      ['Monthly Newsletter', 'Recipes and tips.', false],
    ]);
  });

  test('bayside (the variant): its club, Fresh Catch, Fine Wines Club, then the relabelled plus-offers entry on Tuesday evenings', async () => {
    await choose('bayside', '62000202', BAYSIDE_ENV);
    const loaded = await email(BAYSIDE_ENV);
    expect(loaded.emailUngroupedPreferences.map((entry) => [entry.category, entry.shortDescription])).toEqual([
      ['LOYALTY_CLUB', 'Join Bayside Club'],
      ['FRESH_CATCH', 'Fresh Catch'],
      ['FINE_WINES_CLUB', 'Fine Wines Club'],
      ['EXPRESS_LANE_OFFERS', 'Bayside Plus Offers'],
    ]);
    expect(loaded.emailUngroupedPreferences[3]?.longDescription).toBe(
      'A weekly promotion, sent every Tuesday evening.',
    );
  });

  test("an update saves per banner, refuses another banner's category, and emails a manage link", async () => {
    await choose('harvest', '70100101');
    const update = await send('POST', '/accountmanagement/api/emailPreferences/update', {
      emailPreferencesCategory: 'UNGROUPED',
      emailPreferences: [
        { category: 'WEEKLY_AD', selected: true },
        { category: 'MONTHLY_NEWSLETTER', selected: true },
      ],
    });
    expect(update.status).toBe(200);
    const saved = v.parse(EmailPreferencesResponseSchema, await update.json());
    expect(saved.status).toBe('UPDATED');
    expect(saved.emailUngroupedPreferences.filter((entry) => entry.selected).map((entry) => entry.category)).toEqual([
      'WEEKLY_AD',
      'MONTHLY_NEWSLETTER',
    ]);
    expect(
      (
        await send('POST', '/accountmanagement/api/emailPreferences/update', {
          emailPreferences: [{ category: 'FRESH_CATCH', selected: true }],
        })
      ).status,
    ).toBe(422);
    const mail = await env.DB.prepare(
      "SELECT link FROM account_outbox WHERE kind = 'PREFERENCES' AND to_email = ?1 ORDER BY message_id DESC",
    )
      .bind(DEMO_SHOPPER.email)
      .first<{ link: string }>();
    expect(mail?.link).toMatch(/\/account\/unsubscribe\?token=/);
    // the emailed link works signed out
    const token = new URL(mail?.link ?? 'http://x').searchParams.get('token') ?? '';
    const byLink = await send(
      'GET',
      `/accountmanagement/api/emailPreferences/getWithToken?token=${encodeURIComponent(token)}`,
      undefined,
      { withCookie: false },
    );
    expect(byLink.status).toBe(200);
    // personal, though no session asked: no cache keeps it
    expect(byLink.headers.get('cache-control')).toBe('private, no-store');
    expect(v.parse(EmailPreferencesResponseSchema, await byLink.json()).emailUngroupedPreferences[0]).toMatchObject({
      category: 'WEEKLY_AD',
      selected: true,
    });
  });

  test('the token variants: read and update signed out; an expired or tampered token is TokenMatch (400)', async () => {
    await choose('harvest', '70100101');
    const token = await linkToken();
    const update = await send(
      'POST',
      '/accountmanagement/api/emailPreferences/updateWithToken',
      { emailPreferences: [{ category: 'SPECIALS_PROMOTIONS', selected: true }], token },
      { withCookie: false },
    );
    expect(update.status).toBe(200);
    expect(v.parse(EmailPreferencesResponseSchema, await update.json()).emailUngroupedPreferences[1]).toMatchObject({
      category: 'SPECIALS_PROMOTIONS',
      selected: true,
    });
    // reusable until it expires (an unsubscribe page reads, then writes)
    expect(
      (
        await send('GET', `/accountmanagement/api/emailPreferences/getWithToken?token=${token}`, undefined, {
          withCookie: false,
        })
      ).status,
    ).toBe(200);

    const expired = await linkToken(31 * 24 * 60 * 60 * 1000);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const [bad, why] of [
      [expired, 'EXPIRED'],
      [tampered, 'INVALID'],
    ] as const) {
      for (const response of [
        await send('GET', `/accountmanagement/api/emailPreferences/getWithToken?token=${bad}`, undefined, {
          withCookie: false,
        }),
        await send(
          'POST',
          '/accountmanagement/api/emailPreferences/updateWithToken',
          { emailPreferences: [], token: bad },
          { withCookie: false },
        ),
        await send('GET', `/accountmanagement/api/purchaseBasedAdPreferences/getWithToken?token=${bad}`, undefined, {
          withCookie: false,
        }),
        await send(
          'POST',
          '/accountmanagement/api/purchaseBasedAdPreferences/updateWithToken',
          { purchaseBasedAds: false, token: bad },
          { withCookie: false },
        ),
      ]) {
        expect(response.status).toBe(400);
        expect(await errorOf(response)).toMatchObject({ code: 'TokenMatch', rootCause: [why] });
      }
    }
    // a token of another purpose is refused too
    const now = Date.now();
    const other = await signToken(await signingSecret(), 'CONFIRM_EMAIL', now);
    expect(
      (
        await send('GET', `/accountmanagement/api/emailPreferences/getWithToken?token=${other.token}`, undefined, {
          withCookie: false,
        })
      ).status,
    ).toBe(400);
    // NO_PREFERRED_STORE applies by link too
    await env.DB.prepare('DELETE FROM customer_banner_details').run();
    expect(
      (
        await send(
          'POST',
          '/accountmanagement/api/emailPreferences/updateWithToken',
          { emailPreferences: [], token },
          { withCookie: false },
        )
      ).status,
    ).toBe(422);
  });

  test('the plain forms come back to their page saying what happened', async () => {
    await choose('harvest', '70100101');
    const form = (path: string, fields: string, withCookie = true) =>
      app.request(
        `${TEST_ORIGIN}${path}`,
        {
          method: 'POST',
          headers: {
            origin: TEST_ORIGIN,
            ...(withCookie ? { cookie } : {}),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: fields,
          redirect: 'manual',
        },
        env,
        createExecutionContext(),
      );
    const saved = await form(
      '/accountmanagement/api/emailPreferences/update',
      'shown=WEEKLY_AD&shown=SPECIALS_PROMOTIONS&shown=MONTHLY_NEWSLETTER&category=MONTHLY_NEWSLETTER',
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/preferences?saved=email');
    expect((await email()).emailUngroupedPreferences.map((entry) => entry.selected)).toEqual([false, false, true]);
    const token = await linkToken();
    const byLink = await form(
      '/accountmanagement/api/emailPreferences/updateWithToken',
      `token=${token}&shown=WEEKLY_AD&shown=SPECIALS_PROMOTIONS&shown=MONTHLY_NEWSLETTER`,
      false,
    );
    expect(byLink.headers.get('location')).toBe(`/account/unsubscribe?token=${token}&saved=email`);
    expect((await email()).emailUngroupedPreferences.every((entry) => !entry.selected)).toBe(true);
    const signedOut = await form('/accountmanagement/api/opt-in/optin', 'selected=true', false);
    expect(signedOut.headers.get('location')).toMatch(/^\/signin\?redirectUrl=/);
    const profile = await form(
      '/accountmanagement/api/basic/profile/update',
      'firstName=Demo&mobilePhoneNumber=5595550142&preferredStore=70100102',
    );
    expect(profile.headers.get('location')).toBe('/account/profile?saved=profile');
  });
});

describe('SMS Order Updates', () => {
  test('both opt-in types, with a warning without a mobile phone; turning on needs one', async () => {
    const status = v.parse(
      OptInStatusResponseSchema,
      await (await send('GET', '/accountmanagement/api/opt-in/status')).json(),
    ).data;
    expect(status.optIns).toEqual([
      { type: 'PROMOTIONAL', selected: false },
      { type: 'CLICKLIST', selected: false },
    ]);
    expect(status.warning).toBe('Add a mobile phone number to your profile to get Order Updates by text.');
    expect(
      (await send('POST', '/accountmanagement/api/opt-in/optin', { type: 'CLICKLIST', selected: true })).status,
    ).toBe(422);
    await send('POST', '/accountmanagement/api/basic/profile/update', { mobilePhoneNumber: '559.555.0142' });
    const on = await send('POST', '/accountmanagement/api/opt-in/optin', { selected: true });
    expect(on.status).toBe(200);
    expect(v.parse(OptInStatusResponseSchema, await on.json()).data).toEqual({
      optIns: [
        { type: 'PROMOTIONAL', selected: false },
        { type: 'CLICKLIST', selected: true },
      ],
      warning: null,
    });
    // removing the phone turns text messages off
    await send('POST', '/accountmanagement/api/basic/profile/update', { mobilePhoneNumber: '' });
    expect(
      v.parse(OptInStatusResponseSchema, await (await send('GET', '/accountmanagement/api/opt-in/status')).json()).data
        .optIns[1]?.selected,
    ).toBe(false);
  });
});

describe('purchase-based ad preferences', () => {
  test('getWithUserId, updateWithUserId, getWithToken, updateWithToken', async () => {
    const read = async () =>
      v.parse(
        AdPreferencesResponseSchema,
        await (await send('GET', '/accountmanagement/api/purchaseBasedAdPreferences/getWithUserId')).json(),
      ).data.purchaseBasedAds;
    expect(await read()).toBe(true);
    expect(
      (
        await send('POST', '/accountmanagement/api/purchaseBasedAdPreferences/updateWithUserId', {
          purchaseBasedAds: false,
        })
      ).status,
    ).toBe(200);
    expect(await read()).toBe(false);
    const token = await linkToken();
    const byLink = await send(
      'GET',
      `/accountmanagement/api/purchaseBasedAdPreferences/getWithToken?token=${token}`,
      undefined,
      { withCookie: false },
    );
    expect(v.parse(AdPreferencesResponseSchema, await byLink.json()).data.purchaseBasedAds).toBe(false);
    const on = await send(
      'POST',
      '/accountmanagement/api/purchaseBasedAdPreferences/updateWithToken',
      { purchaseBasedAds: true, token },
      { withCookie: false },
    );
    expect(on.status).toBe(200);
    expect(await read()).toBe(true);
  });
});
