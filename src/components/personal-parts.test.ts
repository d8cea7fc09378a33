// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../lib/http/messages.ts';
import { fillPersonalParts } from './personal-parts.ts';

// account §4, §8: a failed authentication-state fetch leaves the page anonymous and says why.
afterEach(() => vi.unstubAllGlobals());

function header(): HTMLElement {
  document.body.innerHTML = `<header data-personal-root>
    <a data-personal="anonymous">Sign in</a><span data-personal="signed-in" hidden>Hi, <b data-first-name></b></span>
    <p data-auth-notice hidden></p></header>`;
  return document.querySelector('header') as HTMLElement;
}

describe('fillPersonalParts', () => {
  test("a 503 of the state fetch shows the edge's message and leaves the page anonymous", async () => {
    const body = { errors: [{ code: 'UNKNOWN_RESPONSE_ERROR', reason: ACCOUNT_MESSAGES.AUTH_STATE_FAILURE }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 503 })),
    );
    const root = header();
    await fillPersonalParts(root);
    const notice = root.querySelector<HTMLElement>('[data-auth-notice]');
    expect(notice?.hidden).toBe(false);
    expect(notice?.textContent).toBe(
      "We're sorry, an unexpected error while trying to confirm your previous sign-in. Please try signing in again.",
    );
    expect(root.querySelector<HTMLElement>('[data-personal="signed-in"]')?.hidden).toBe(true);
  });

  test('a signed-in answer fills the greeting; an anonymous one or another failure says nothing', async () => {
    const signedIn = { data: { authenticated: true, authorities: [], userInfo: { firstName: 'Riley' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(signedIn), { status: 200 })),
    );
    let root = header();
    await fillPersonalParts(root);
    expect(root.querySelector('[data-first-name]')?.textContent).toBe('Riley');
    expect(root.querySelector<HTMLElement>('[data-personal="signed-in"]')?.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>('[data-auth-notice]')?.hidden).toBe(true);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    root = header();
    await fillPersonalParts(root);
    expect(root.querySelector<HTMLElement>('[data-auth-notice]')?.hidden).toBe(true);
  });
});
