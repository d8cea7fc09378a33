import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { pointsSummary, PointsSummaryResponseSchema } from '../../src/lib/account/loyalty.ts';
import {
  CommunityRewardsResponseSchema,
  EnterprisePreferencesResponseSchema,
  LinkedPromoCodesResponseSchema,
  MembershipsResponseSchema,
  PROMO_CODE_INVALID,
  PromoCodeResponseSchema,
} from '../../src/lib/account/memberships.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { loyaltySeedStatements } from '../../upstream/seed/loyalty.ts';
import { purchaseSeedStatements } from '../../upstream/seed/purchases.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// Loyalty against the real upstream and D1 (issue 12 part 3; account §3, §4, §7;
// docs/decisions/370-loyalty.md): points and savings follow the purchases, each promo-code outcome,
// signed out is 401 and no shopper sees another's data.

const PRODUCTS = 300;
const app = createApp();
let cookie = '';
let other = '';
const call = (method: string, path: string, body?: unknown, who = cookie) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: method === 'GET' ? { cookie: who } : sameOriginJson(who),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
    createExecutionContext(),
  );
const summary = async (who = cookie) =>
  v.parse(
    PointsSummaryResponseSchema,
    await (await call('GET', '/accountmanagement/api/points-summary', undefined, who)).json(),
  ).data;
const link = (code: string, who = cookie) => call('POST', '/accountmanagement/api/promo-codes/validate', { code }, who);
const reason = async (response: Response) => v.parse(ErrorBodySchema, await response.json()).errors[0]?.reason;
const PATHS = [
  '/accountmanagement/api/points-summary',
  '/accountmanagement/api/memberships',
  '/accountmanagement/api/communityrewards/participation',
  '/accountmanagement/api/enterprise-customer-preferences',
  '/accountmanagement/api/promo-codes',
];

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  cookie = await signInCookie(app, env);
  other = await signInCookie(app, env, { email: BAYSIDE_SHOPPER.email, password: BAYSIDE_SHOPPER.password });
  const now = Date.now();
  const statements = [
    ...purchaseSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }), { now }),
    ...loyaltySeedStatements({ now }),
  ];
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
});

describe('signed out and another shopper', () => {
  test('every loyalty call is 401 signed out', async () => {
    for (const path of PATHS) expect((await call('GET', path, undefined, '')).status, path).toBe(401);
    expect((await link('FRESH5', '')).status).toBe(401);
  });
  test("another shopper sees none of the demo shopper's membership, organisation, preferences, codes or purchases", async () => {
    const theirs = await summary(other);
    expect(theirs.fuelPoints.every((period) => period.points === 0)).toBe(true);
    expect(theirs.annualPlusCardSavings.savingsCents).toBe(0);
    const memberships = v.parse(
      MembershipsResponseSchema,
      await (await call('GET', PATHS[1]!, undefined, other)).json(),
    ).data;
    expect(memberships).toEqual({ enrollments: [], enrollmentStatus: 'NOT_ENROLLED', activeMembership: null });
    const community = v.parse(
      CommunityRewardsResponseSchema,
      await (await call('GET', PATHS[2]!, undefined, other)).json(),
    ).data;
    expect(community.participating).toBe(false);
    const preferences = v.parse(
      EnterprisePreferencesResponseSchema,
      await (await call('GET', PATHS[3]!, undefined, other)).json(),
    ).data;
    expect(preferences.preferences).toEqual([]);
    expect(
      v.parse(LinkedPromoCodesResponseSchema, await (await call('GET', PATHS[4]!, undefined, other)).json()).data
        .linkedCodes,
    ).toEqual([]);
  });
});

describe('fuel points and savings follow the purchases', () => {
  test("the seeded purchases give this month's and last month's points and the year's savings", async () => {
    const now = Date.now();
    const seeded = await summary();
    const receipts = (
      await env.DB.prepare(
        'SELECT transaction_time, total_cents, savings_cents FROM receipts WHERE customer_guid = ?1 AND order_number IS NULL',
      )
        .bind(DEMO_SHOPPER.customerGUID)
        .all<{ transaction_time: number; total_cents: number; savings_cents: number }>()
    ).results;
    const orders = (
      await env.DB.prepare('SELECT placed_at, document FROM orders WHERE customer_guid = ?1')
        .bind(DEMO_SHOPPER.customerGUID)
        .all<{ placed_at: number; document: string }>()
    ).results;
    const expected = pointsSummary(
      [
        ...receipts.map((row) => ({
          at: row.transaction_time,
          spentCents: row.total_cents,
          savingsCents: row.savings_cents,
        })),
        ...orders.map((row) => ({
          at: row.placed_at,
          spentCents: (JSON.parse(row.document) as { summary: { itemTotal: number } }).summary.itemTotal,
          savingsCents: 0,
        })),
      ],
      now,
    );
    expect(seeded).toEqual(expected);
    expect(seeded.fuelPoints[0]!.points + seeded.fuelPoints[1]!.points).toBeGreaterThan(0);
  });
  test('a new purchase adds one point per whole dollar this month, and its savings to the year', async () => {
    const before = await summary();
    await env.DB.prepare(
      "INSERT INTO receipts (receipt_id, customer_guid, banner, location_id, order_number, source, fulfillment_type, transaction_time, time_zone, total_cents, items, savings_cents) VALUES ('R-LOYALTY-1', ?1, 'harvest', '70100101', NULL, 'STORE', 'IN_STORE', ?2, 'America/Los_Angeles', 4299, '[]', 150)",
    )
      .bind(DEMO_SHOPPER.customerGUID, Date.now() - 1000)
      .run();
    const after = await summary();
    expect(after.fuelPoints[0]!.points - before.fuelPoints[0]!.points).toBe(42);
    expect(after.annualPlusCardSavings.savingsCents - before.annualPlusCardSavings.savingsCents).toBe(150);
    // the receipt of an online order counts once, through the order
    await env.DB.prepare(
      "INSERT INTO receipts (receipt_id, customer_guid, banner, location_id, order_number, source, fulfillment_type, transaction_time, time_zone, total_cents, items, savings_cents) VALUES ('R-LOYALTY-2', ?1, 'harvest', '70100101', '5000000001', 'ONLINE', 'PICKUP', ?2, 'America/Los_Angeles', 9999, '[]', 0)",
    )
      .bind(DEMO_SHOPPER.customerGUID, Date.now() - 1000)
      .run();
    expect(await summary()).toEqual(after);
  });
  test('no loyalty card: the spec message', async () => {
    await env.DB.prepare('UPDATE customers SET has_loyalty_card = 0 WHERE customer_guid = ?1')
      .bind(BAYSIDE_SHOPPER.customerGUID)
      .run();
    const response = await call('GET', '/accountmanagement/api/points-summary', undefined, other);
    expect(response.status).toBe(422);
    expect(await reason(response)).toBe(ACCOUNT_MESSAGES.NO_LOYALTY_CARD);
    await env.DB.prepare('UPDATE customers SET has_loyalty_card = 1 WHERE customer_guid = ?1')
      .bind(BAYSIDE_SHOPPER.customerGUID)
      .run();
  });
});

describe('memberships, community rewards, preferences', () => {
  test('the active enrollment with its type and dates; the organisation; the preferences', async () => {
    const memberships = v.parse(MembershipsResponseSchema, await (await call('GET', PATHS[1]!)).json()).data;
    expect(memberships.enrollmentStatus).toBe('ENROLLED');
    expect(memberships.enrollments).toHaveLength(2);
    expect(memberships.activeMembership?.membershipType).toBe('PLUS_ANNUAL');
    const community = v.parse(CommunityRewardsResponseSchema, await (await call('GET', PATHS[2]!)).json()).data;
    expect(community).toMatchObject({
      participating: true,
      organization: { organizationId: 'ORG-0427', name: 'Central Valley Food Bank' },
    });
    const preferences = v.parse(EnterprisePreferencesResponseSchema, await (await call('GET', PATHS[3]!)).json()).data;
    expect(preferences.preferences.map((entry) => entry.id)).toEqual(['FUEL_POINTS_AT_PUMP', 'PAPERLESS_RECEIPTS']);
  });
});

describe('promo-code validation outcomes (account §4)', () => {
  const outcome = async (response: Response) => v.parse(PromoCodeResponseSchema, await response.json()).data;
  test('ALREADY_LINKED for an existing code, LINKED for a new one (typed in lower case), then ALREADY_LINKED', async () => {
    expect((await outcome(await link('HARVEST10'))).outcome).toBe('ALREADY_LINKED');
    const linked = await outcome(await link(' fresh5 '));
    expect(linked).toMatchObject({ code: 'FRESH5', outcome: 'LINKED', linkedCodes: ['HARVEST10', 'FRESH5'] });
    expect((await outcome(await link('FRESH5'))).outcome).toBe('ALREADY_LINKED');
    const listed = v.parse(LinkedPromoCodesResponseSchema, await (await call('GET', PATHS[4]!)).json()).data;
    expect(listed.linkedCodes).toEqual(['HARVEST10', 'FRESH5']);
  });
  test("DEFAULT_SUCCESS for a shopper's first code; the demo shopper's codes are not theirs", async () => {
    const first = await outcome(await link('HARVEST10', other));
    expect(first).toMatchObject({ outcome: 'DEFAULT_SUCCESS', linkedCodes: ['HARVEST10'] });
  });
  test('an unknown or expired code is refused with our message; an empty one never reaches the upstream', async () => {
    for (const code of ['NOPE', 'SPRING20']) {
      const response = await link(code);
      expect(response.status).toBe(422);
      expect(await reason(response)).toBe(PROMO_CODE_INVALID);
    }
    expect((await link('   ')).status).toBe(400);
    expect((await link('X'.repeat(21))).status).toBe(400);
  });
});

// decision 637: the promo-code form posts to the validate call without JavaScript; the edge answers
// 303 to the rewards page with the outcome as a flag, never the code
describe('the promo-code form without JavaScript', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
    app.request(
      `${TEST_ORIGIN}/accountmanagement/api/promo-codes/validate`,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      },
      env,
      createExecutionContext(),
    );
  const where = async (code: string, who = cookie) => {
    const answer = await form({ code }, { cookie: who });
    expect(answer.status, code).toBe(303);
    return answer.headers.get('location');
  };
  const linkedOf = async (who: string) =>
    v.parse(LinkedPromoCodesResponseSchema, await (await call('GET', PATHS[4]!, undefined, who)).json()).data
      .linkedCodes;

  test('each outcome comes back to the rewards page as a flag; the code is linked and in no URL', async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO promo_codes (code, description, expires_at) VALUES ('FORMTEST7', 'A test code', NULL)",
    ).run();
    await env.DB.prepare('DELETE FROM promo_code_links WHERE customer_guid = ?1')
      .bind(BAYSIDE_SHOPPER.customerGUID)
      .run();
    expect(await where('harvest10', other)).toBe('/account/rewards?promo=DEFAULT_SUCCESS');
    expect(await where(' formtest7 ', other)).toBe('/account/rewards?promo=LINKED');
    expect(await where('FORMTEST7', other)).toBe('/account/rewards?promo=ALREADY_LINKED');
    expect(await linkedOf(other)).toEqual(['HARVEST10', 'FORMTEST7']);
    // refused: unknown or expired, empty, too long; a failure of the service
    expect(await where('SPRING20', other)).toBe('/account/rewards?promo=INVALID');
    expect(await where('NOSUCHCODE', other)).toBe('/account/rewards?promo=INVALID');
    expect(await where('   ', other)).toBe('/account/rewards?promo=EMPTY');
    expect(await where('X'.repeat(21), other)).toBe('/account/rewards?promo=INVALID');
    expect(await linkedOf(other)).toEqual(['HARVEST10', 'FORMTEST7']);
  });

  test('signed out, the form goes to sign-in and back; a cross-site form is refused by the CSRF check', async () => {
    const signedOut = await form({ code: 'FRESH5' }, {});
    expect([signedOut.status, signedOut.headers.get('location')]).toEqual([
      303,
      '/signin?redirectUrl=%2Faccount%2Frewards',
    ]);
    await env.DB.prepare('DELETE FROM promo_code_links WHERE customer_guid = ?1')
      .bind(BAYSIDE_SHOPPER.customerGUID)
      .run();
    const forged = await form(
      { code: 'FRESH5' },
      { cookie: other, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(forged.status).toBe(403);
    expect(await linkedOf(other)).toEqual([]);
  });
});
