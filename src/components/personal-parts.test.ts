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
  test("the header's count shows the basket before its island runs, in its markup and its props alike (decision 650)", async () => {
    const signedIn = { data: { authenticated: true, authorities: [], userInfo: { firstName: 'Riley' } } };
    const basket = {
      data: {
        lineItems: [
          { gtin13: '0010013000010', quantity: 2 },
          { gtin13: '0010013000027', quantity: 1 },
        ],
      },
    };
    let basketAnswer: () => void = () => {};
    const basketIn = new Promise<void>((resolve) => (basketAnswer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/basket/')) await basketIn;
        return new Response(JSON.stringify(url.includes('/basket/') ? basket : signedIn), { status: 200 });
      }),
    );
    document.body.innerHTML = `<header data-personal-root data-cart-fetch="true"><span data-personal="signed-in" data-testid="hi" hidden>Hi, <b data-first-name></b></span>
      <a data-testid="cart-link" href="/cart"><span data-personal="anonymous">Cart</span><span data-personal="signed-in" hidden>Cart
      <astro-island ssr client="personal" props='{"initialCount":[0,null],"signedIn":[0,true]}'><span data-testid="cart-count" role="status" aria-label="Cart" hidden></span></astro-island></span></a></header>`;
    const root = document.querySelector('header') as HTMLElement;
    const filled = fillPersonalParts(root);
    const [anonymousCart, signedInCart] = Array.from(
      root.querySelectorAll<HTMLElement>('[data-testid="cart-link"] > span'),
    );
    // nothing is revealed until the basket is in: then all at once, with the count
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.querySelector<HTMLElement>('[data-testid="hi"]')?.hidden).toBe(true);
    expect(anonymousCart?.hidden).toBe(false);
    expect(signedInCart?.hidden).toBe(true);
    basketAnswer();
    await filled;
    expect(root.querySelector<HTMLElement>('[data-testid="hi"]')?.hidden).toBe(false);
    expect(anonymousCart?.hidden).toBe(true);
    expect(signedInCart?.hidden).toBe(false);
    const badge = root.querySelector('[data-testid="cart-count"]') as HTMLElement;
    const island = root.querySelector('astro-island') as HTMLElement;
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(badge.hidden).toBe(false);
    expect(JSON.parse(island.getAttribute('props') ?? '')).toEqual({ initialCount: [0, 3], signedIn: [0, true] });
    // an add the directive sent before the island ran: its basket is announced
    const scope = globalThis as { __hmBasket?: unknown };
    scope.__hmBasket = { lineItems: [{ gtin13: '0010013000010', quantity: 1 }] };
    globalThis.dispatchEvent(new CustomEvent('hm:cart-changed', { detail: { basket: true } }));
    expect(badge.textContent).toBe('1');
    expect(badge.getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(JSON.parse(island.getAttribute('props') ?? '').initialCount).toEqual([0, 1]);
    // once hydrated, the island's atoms keep the count: left alone
    island.removeAttribute('ssr');
    scope.__hmBasket = { lineItems: [] };
    globalThis.dispatchEvent(new CustomEvent('hm:cart-changed', { detail: { basket: true } }));
    expect(badge.textContent).toBe('1');
    delete scope.__hmBasket;
    delete (globalThis as { __hmPersonal?: unknown }).__hmPersonal;
  });
});
