import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../../../tests/fixtures/auth.ts';
import { createApp } from '../../../tests/fixtures/app.ts';

// A stand-in for Astro's handler that renders what the header would: the shopper's name.
const app = createApp({
  renderPage: async (_request, _env, _ctx, { session }) => {
    return new Response(session ? `Hi, ${session.firstName}` : 'Sign in', { headers: { 'content-type': 'text/html' } });
  },
});

async function page(cookie: string): Promise<Response> {
  // a page personal by nature: shared pages render without the session (decision 075)
  return app.request(`${TEST_ORIGIN}/cart`, { headers: { cookie } }, env, createExecutionContext());
}

describe('liveSessionForPages', () => {
  test('a signed-in page shows the shopper while the session is live', async () => {
    const cookie = await signInCookie(app, env);
    const response = await page(cookie);
    expect(await response.text()).toBe('Hi, Dana');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('hm_session=;'))).toBe(false);
  });

  test('a signed-out cookie replayed on a page renders anonymous and is cleared', async () => {
    const cookie = await signInCookie(app, env);
    const signOut = await app.request(
      `${TEST_ORIGIN}/auth/api/sign-out`,
      { method: 'POST', headers: sameOriginJson(cookie), body: '{}' },
      env,
      createExecutionContext(),
    );
    expect(signOut.status).toBe(204);
    const response = await page(cookie);
    expect(await response.text()).toBe('Sign in');
    expect(response.headers.getSetCookie().some((c) => /^hm_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
  });
});
