import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { CustomerProfileResponseSchema } from '../../src/lib/account/profile.ts';
import { AuthStateResponseSchema } from '../../src/lib/auth/contracts.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// userInfo.mobilePhoneVerified (account §3) is a fact about the mobile number: none, not verified;
// a new number, not verified until it is; the same number saved again keeps it. The seeded demo
// shopper has no number, and migrations/0041 repairs stored rows that said otherwise
// (docs/decisions/635-recipe-paging-and-order-detail.md).

const app = createApp();
let cookie = '';
const request = (path: string, init: RequestInit = {}) =>
  app.request(`${TEST_ORIGIN}${path}`, init, env, createExecutionContext());
const G = DEMO_SHOPPER.customerGUID;

/** What the shopper is told, both ways: the auth state's userInfo and the customer profile. */
async function verified(who = cookie): Promise<boolean> {
  const state = v.parse(
    AuthStateResponseSchema,
    await (await request('/auth/api/authentication-state', { headers: { cookie: who } })).json(),
  ).data;
  const profile = v.parse(
    CustomerProfileResponseSchema,
    await (await request('/atlas/v1/customer-profile/v1/profile', { headers: { cookie: who } })).json(),
  ).data.profile;
  expect(state.userInfo?.mobilePhoneVerified).toBe(profile.mobilePhoneVerified);
  return profile.mobilePhoneVerified;
}
const savePhone = async (mobilePhoneNumber: string) => {
  const response = await request('/accountmanagement/api/basic/profile/update', {
    method: 'POST',
    headers: sameOriginJson(cookie),
    body: JSON.stringify({ mobilePhoneNumber }),
  });
  expect(response.status, mobilePhoneNumber).toBe(200);
};
/** A number the shopper verified (no flow of ours verifies one: set as the store would have it). */
const verifiedNumber = (phone: string) =>
  env.DB.prepare('UPDATE customers SET mobile_phone_number = ?2, mobile_phone_verified = 1 WHERE customer_guid = ?1')
    .bind(G, phone)
    .run();

beforeAll(async () => {
  cookie = await signInCookie(app, env);
});

describe('mobilePhoneVerified follows the mobile number (account §3 userInfo)', () => {
  test('the seeded demo shopper has no number, so it is not verified', async () => {
    const row = await env.DB.prepare(
      'SELECT mobile_phone_number, mobile_phone_verified FROM customers WHERE customer_guid = ?1',
    )
      .bind(G)
      .first<{ mobile_phone_number: string; mobile_phone_verified: number }>();
    expect(row).toEqual({ mobile_phone_number: '', mobile_phone_verified: 0 });
    expect(await verified()).toBe(false);
  });

  test('the same number saved again stays verified; a new number or none is not verified', async () => {
    await verifiedNumber('5595550142');
    expect(await verified()).toBe(true);
    await savePhone('(559) 555-0142');
    expect(await verified()).toBe(true);
    await savePhone('5595550199');
    expect(await verified()).toBe(false);
    await verifiedNumber('5595550199');
    await savePhone('');
    expect(await verified()).toBe(false);
    // a fresh sign-in reads the same
    expect(await verified(await signInCookie(app, env))).toBe(false);
  });

  test('migrations/0041 clears a verified flag stored without a number, and only that', async () => {
    const migration = (env.TEST_MIGRATIONS as Array<{ name: string; queries: string[] }>).find((m) =>
      m.name.startsWith('0041_'),
    );
    expect(migration).toBeDefined();
    await env.DB.prepare(
      'UPDATE customers SET mobile_phone_number = ?2, mobile_phone_verified = 1 WHERE customer_guid = ?1',
    )
      .bind(G, '')
      .run();
    await env.DB.prepare(
      "UPDATE customers SET mobile_phone_number = '5595550123', mobile_phone_verified = 1 WHERE customer_guid <> ?1",
    )
      .bind(G)
      .run();
    for (const sql of migration?.queries ?? []) await env.DB.prepare(sql).run();
    const { results } = await env.DB.prepare(
      'SELECT customer_guid = ?1 AS demo, mobile_phone_verified AS verified FROM customers ORDER BY demo',
    )
      .bind(G)
      .all<{ demo: number; verified: number }>();
    expect(results.length).toBeGreaterThan(1);
    for (const row of results) expect(row.verified).toBe(row.demo ? 0 : 1);
  });
});
