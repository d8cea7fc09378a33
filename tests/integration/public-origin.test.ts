import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { APIContext } from 'astro';
import { beforeAll, describe, expect, test } from 'vitest';
import { GET as sitemap } from '../../src/pages/sitemap.xml.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { randomClientIp, seedIdentity, sessionCookieFrom } from '../fixtures/auth.ts';

// Issue 20 §5 (hosts): links a shopper or a search engine follows — the sitemap, canonical links,
// recipe JSON-LD, the emailed confirmation, reset and manage-emails links — name the banner's
// configured origin (BANNER_ORIGINS; vitest.config.ts sets https://www.harvest.example), never
// the Host of the request, which the client chooses; and a page cached for everyone holds no
// trace of one (docs/decisions/500). `*.localhost` hosts are served (browsers resolve them to
// this machine), so `evil.localhost` is the Host an attacker can send to any development or test
// storefront; X-Forwarded-Host and Forwarded ride along.

const CONFIGURED = 'https://www.harvest.example';
const EVIL = 'http://evil.localhost';
const FORGED_HEADERS = {
  'x-forwarded-host': 'evil.example',
  forwarded: 'host=evil.example;proto=http',
  'x-forwarded-proto': 'http',
};
const PASSWORD = 'Orchard-Lane-77';

// The real sitemap route (src/pages/sitemap.xml.ts) as Astro would call it, with the worker's locals.
const app = createApp({
  renderPage: async (request, _env, _ctx, locals) => sitemap({ request, locals } as unknown as APIContext),
});

async function get(url: string) {
  const ctx = createExecutionContext();
  const response = await app.request(url, { headers: FORGED_HEADERS }, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A write as the client on `evil.localhost` sends it: same-origin to that Host, so CSRF lets it through. */
function postFromEvilHost(path: string, body: unknown, cookie?: string) {
  return app.request(
    `${EVIL}${path}`,
    {
      method: 'POST',
      headers: {
        ...FORGED_HEADERS,
        origin: EVIL,
        'content-type': 'application/json',
        'cf-connecting-ip': randomClientIp(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    },
    env,
    createExecutionContext(),
  );
}

async function lastLink(email: string, kind: string): Promise<string> {
  const row = await env.DB.prepare(
    'SELECT link FROM account_outbox WHERE to_email = ?1 AND kind = ?2 ORDER BY message_id DESC',
  )
    .bind(email, kind)
    .first<{ link: string }>();
  expect(row, `a ${kind} email to ${email}`).not.toBeNull();
  return row!.link;
}

beforeAll(async () => {
  await seedIdentity(env);
});

describe('a client-chosen Host never reaches a link', () => {
  test('the sitemap asked for on evil.localhost names the configured origin only, and the cached copy served to a normal host has no trace of it', async () => {
    const poisoned = await get(`${EVIL}/sitemap.xml`);
    expect(poisoned.status).toBe(200);
    expect(poisoned.headers.get('x-hm-cache')).toBe('MISS');
    const text = await poisoned.text();
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(5);
    expect(locs.filter((loc) => !loc.startsWith(`${CONFIGURED}/`))).toEqual([]);
    expect(text).not.toContain('evil');

    const served = await get('http://127.0.0.1:8787/sitemap.xml');
    expect(served.headers.get('x-hm-cache')).toBe('HIT');
    expect(await served.text()).toBe(text);
  });

  test('the emailed confirmation, manage-emails and reset links name the configured origin when the request came on evil.localhost', async () => {
    const email = `host.${crypto.randomUUID().slice(0, 8)}@example.test`;
    // creation on Harvest (emailVerificationRequired) writes the confirmation email
    const created = await postFromEvilHost('/auth/api/create-account', {
      firstName: 'Host',
      lastName: 'Header',
      email,
      password: PASSWORD,
    });
    expect(created.status).toBe(201);
    const cookie = sessionCookieFrom(created)!;
    expect(new URL(await lastLink(email, 'CONFIRM_EMAIL')).origin).toBe(CONFIGURED);

    // an email preference change mails a link to manage them without signing in
    const store = await postFromEvilHost(
      '/accountmanagement/api/basic/profile/update',
      {
        bannerSpecificDetails: [
          { banner: 'harvest', preferredStoreDivisionNumber: '701', preferredStoreNumber: '00101' },
        ],
      },
      cookie,
    );
    expect(store.status).toBe(200);
    const preferences = await postFromEvilHost(
      '/accountmanagement/api/emailPreferences/update',
      { emailPreferences: [{ category: 'WEEKLY_AD', selected: true }] },
      cookie,
    );
    expect(preferences.status).toBe(200);
    expect(new URL(await lastLink(email, 'PREFERENCES')).origin).toBe(CONFIGURED);

    // the classic: a reset asked for someone else, on a Host the asker chose
    expect((await postFromEvilHost('/auth/api/forgot-password', { email: DEMO_SHOPPER.email })).status).toBe(202);
    const reset = new URL(await lastLink(DEMO_SHOPPER.email, 'RESET_PASSWORD'));
    expect(reset.origin).toBe(CONFIGURED);
    expect(reset.pathname).toBe('/account/reset-password');
  });
});
