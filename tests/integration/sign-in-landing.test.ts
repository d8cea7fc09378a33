import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { NO_SCRIPT_FIELD } from '../../src/lib/auth/redirect.ts';
import { sha256Base64 } from '../../src/lib/http/csp.ts';
import { PAGE_CACHE_HEADER } from '../../src/lib/http/page-context.ts';
import { ADDRESS_SCRIPT, PRELOADED_ANSWERS_ID } from '../../worker/middleware/sign-in-landing/index.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { randomClientIp, seedIdentity, sessionCookieFrom } from '../fixtures/auth.ts';

// Issue 22 §5: the sign-in form's 303, the page it led to and that page's "who is this?" call were
// three round trips in a row on a slow phone. A browser's sign-in navigation is now answered with
// the destination page itself, the greeting filled in and the page's personal calls inline.

const ORIGIN = 'https://www.harvest.example';
const BANNERS = { ...env, BANNER_ORIGINS: `harvest=${ORIGIN},bayside=https://www.bayside.example` };

/** A shared page with the header's late personal parts, as SiteHeader.astro renders them. */
const SHARED_PAGE = `<!doctype html><html><head><title>home</title></head><body>
<header data-personal-root><a data-personal="anonymous" href="/signin">Sign in</a>
<details data-personal="signed-in" hidden><summary>Hi, <span data-first-name></span></summary></details></header></body></html>`;

const app = createApp({
  renderPage: async () =>
    new Response(SHARED_PAGE, {
      headers: {
        'content-type': 'text/html',
        'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-astro'",
        [PAGE_CACHE_HEADER]: 'public',
      },
    }),
});

beforeAll(async () => {
  await seedIdentity(env);
});

/** The form post of /signin as a browser sends it (a document navigation), or as a script would. */
async function signInForm(fields: Record<string, string>, navigation = true): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(
    `${ORIGIN}/auth/api/sign-in`,
    {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': randomClientIp(),
        'sec-fetch-site': 'same-origin',
        ...(navigation ? { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    },
    BANNERS,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const rightPassword = { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password };

describe('a browser signing in lands on its page in one round trip', () => {
  test('the sign-in answers with the home page, greeting filled in, its personal calls inline, the address fixed', async () => {
    const response = await signInForm(rightPassword);
    expect(response.status).toBe(200);
    expect(sessionCookieFrom(response)).not.toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('link')).toBeNull();
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${await sha256Base64(ADDRESS_SCRIPT)}'`);
    const html = await response.text();
    expect(html).toContain(`<script data-url="/">${ADDRESS_SCRIPT}</script>`);
    expect(html).toContain(`Hi, <span data-first-name>${DEMO_SHOPPER.firstName}</span>`);
    expect(html).toContain('<details data-personal="signed-in"><summary>');
    expect(html).toContain('<a data-personal="anonymous" href="/signin" hidden="">');
    const inline = new RegExp(`<script type="application/json" id="${PRELOADED_ANSWERS_ID}">(.*?)</script>`).exec(html);
    const answers = JSON.parse(inline?.[1] ?? '{}') as Record<string, { data: Record<string, unknown> }>;
    expect(Object.keys(answers).sort()).toEqual(['/auth/api/authentication-state', '/basket/api/basket/']);
    expect(answers['/auth/api/authentication-state']?.data.authenticated).toBe(true);
    expect(Array.isArray(answers['/basket/api/basket/']?.data.lineItems)).toBe(true);
  });

  test('the shared page in the edge cache stays the same for everyone', async () => {
    await signInForm(rightPassword);
    const ctx = createExecutionContext();
    const anonymous = await app.request(`${ORIGIN}/`, {}, BANNERS, ctx);
    await waitOnExecutionContext(ctx);
    const html = await anonymous.text();
    expect(html).toContain('<span data-first-name></span>');
    expect(html).not.toContain(PRELOADED_ANSWERS_ID);
    expect(html).not.toContain(ADDRESS_SCRIPT);
  });

  test('a wrong password goes back to the form, and a script posting the form still gets the 303', async () => {
    const refused = await signInForm({ ...rightPassword, password: 'wrong' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/signin?error=FAILED_AUTHENTICATION');
    const scripted = await signInForm(rightPassword, false);
    expect(scripted.status).toBe(303);
    expect(scripted.headers.get('location')).toBe('/');
    expect(sessionCookieFrom(scripted)).not.toBeNull();
  });

  // decision 655: the landing's address script cannot run there, so the address bar would keep the form's path
  test("a browser that runs no script (the form's <noscript> field) gets the 303 to the page, signed in", async () => {
    const plain = await signInForm({ ...rightPassword, [NO_SCRIPT_FIELD]: '1' });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/');
    expect(sessionCookieFrom(plain)).not.toBeNull();
    // any other value is not the field's: that sign-in lands as before
    const other = await signInForm({ ...rightPassword, [NO_SCRIPT_FIELD]: 'yes' });
    expect(other.status).toBe(200);
  });
});
