// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NEXT_PAGE_RULES_ID, nextPageRules } from '../lib/http/speculation.ts';
import interactionDirective, {
  ADD_STATE_ATTRIBUTE,
  ADDED_SHOWN_MS,
  AFTER_ADD_TEMPLATE,
  CART_RULES,
  DIRECT_ADD_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  PRESS_HYDRATE_DELAY_MS,
} from './interaction.ts';

function island() {
  const el = document.createElement('astro-island');
  el.innerHTML =
    '<form method="post" action="/basket/api/v2/user/add-item"><button type="submit">Add to cart</button></form>';
  document.body.appendChild(el);
  return el;
}

/** An island whose hydration waits for `release()`, recording the submits the hydrated island handles. */
function slowHydration(form: HTMLFormElement) {
  const submitted: boolean[] = [];
  let release: () => void = () => {};
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        release = () => {
          form.setAttribute(HYDRATED_ATTRIBUTE, '');
          form.addEventListener('submit', (event) => {
            event.preventDefault();
            submitted.push(true);
          });
          resolve();
        };
      }),
  );
  return { hydrate, submitted, release: () => release() };
}

// The unit project shares one module registry and one global scope per worker (isolate: false,
// decision 598): the basket a direct add announces on globalThis goes with the test that made it,
// or another file's islands would seed their count from it.
afterEach(() => {
  delete (globalThis as { __hmBasket?: unknown }).__hmBasket;
  delete (globalThis as { __hmPersonal?: unknown }).__hmPersonal;
});

describe('client:interaction', () => {
  test('does not hydrate until the first interaction inside the island', async () => {
    const el = island();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn(async () => hydrate);
    interactionDirective(load, { name: 'AddToCart', value: '' }, el);
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    el.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    el.querySelector('button')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    el.remove();
  });

  test('a submit before hydration is held and submitted again once the island is ready, so the first click is not lost', async () => {
    const el = island();
    const form = el.querySelector('form') as HTMLFormElement;
    const { hydrate, submitted, release } = slowHydration(form);
    interactionDirective(async () => hydrate, { name: 'AddToCart', value: '' }, el);
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);
    // taken at once: the island shows its buttons busy while its scripts load
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    release();
    await vi.waitFor(() => expect(submitted).toEqual([true]));
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    el.remove();
  });

  function directAddIsland() {
    const el = document.createElement('astro-island');
    el.innerHTML = `<form method="post" action="/basket/api/v2/user/add-item" ${DIRECT_ADD_ATTRIBUTE}=""><input type="hidden" name="gtin13" value="0010013000010"><button type="submit">Add to cart</button></form>`;
    document.body.appendChild(el);
    return { el, form: el.querySelector('form') as HTMLFormElement };
  }

  test('an add submitted before hydration is sent at once as JSON, and its basket announced; the island does not send it again', async () => {
    const { el, form } = directAddIsland();
    const basket = { lineItems: [{ gtin13: '0010013000010', quantity: 1 }] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: basket }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const changed = vi.fn();
    window.addEventListener('hm:cart-changed', changed);
    const { hydrate, submitted, release } = slowHydration(form);
    interactionDirective(async () => hydrate, { name: 'AddToCart', value: '' }, el);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url).pathname).toBe('/basket/api/v2/user/add-item');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      gtin13: '0010013000010',
      quantity: 1,
      substitutionPolicy: 'SHOPPER_CHOICE',
    });
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect((globalThis as { __hmBasket?: unknown }).__hmBasket).toEqual(basket);
    // the islands take the announced basket as it is (CartChangedDetail), no fetch of their own
    expect((changed.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ basket: true });
    release();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitted).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.removeEventListener('hm:cart-changed', changed);
    vi.unstubAllGlobals();
    el.remove();
  });

  test('one press, one item: the button says "Adding…", then "✓ Added" until the stepper shows, and a second press sends nothing', async () => {
    const { el, form } = directAddIsland();
    form.querySelector('button')?.setAttribute('aria-label', 'Add to cart: Whole Milk');
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { hydrate, submitted, release } = slowHydration(form);
    interactionDirective(async () => hydrate, { name: 'AddToCart', value: '' }, el);
    const status = () => el.nextElementSibling as HTMLElement;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(el.getAttribute(ADD_STATE_ATTRIBUTE)).toBe('adding');
    expect(status().getAttribute('role')).toBe('status');
    expect(status().textContent).toBe('Adding Whole Milk to your cart…');
    // the shopper presses again before the answer; then the island hydrates and they press once more
    const again = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(submitted).toEqual([]);
    answer(
      new Response(JSON.stringify({ data: { lineItems: [{ gtin13: '0010013000010', quantity: 1 }] } }), {
        status: 200,
      }),
    );
    await vi.waitFor(() => expect(el.getAttribute(ADD_STATE_ATTRIBUTE)).toBe('added'));
    expect(status().textContent).toBe('Whole Milk added to your cart.');
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(submitted).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // the island shows its stepper: the state goes, and presses are the island's again
    el.innerHTML = '<div class="qty-stepper"><button type="button">+</button></div>';
    await vi.waitFor(() => expect(el.hasAttribute(ADD_STATE_ATTRIBUTE)).toBe(false));
    el.innerHTML = `<form ${DIRECT_ADD_ATTRIBUTE}=""><button type="submit">Add to cart</button></form>`;
    const later = new Event('submit', { bubbles: true, cancelable: true });
    el.querySelector('form')?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    status().remove();
    el.remove();
  });

  test('"✓ Added" gives way after a while when the island never shows its stepper', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { el, form } = directAddIsland();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { lineItems: [] } }), { status: 200 })),
    );
    interactionDirective(() => new Promise(() => {}), { name: 'AddToCart', value: '' }, el);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(el.getAttribute(ADD_STATE_ATTRIBUTE)).toBe('added'));
    vi.advanceTimersByTime(ADDED_SHOWN_MS + 1);
    expect(el.hasAttribute(ADD_STATE_ATTRIBUTE)).toBe(false);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    el.nextElementSibling?.remove();
    el.remove();
  });

  test('once the add is answered the cart is fetched ahead, with the rules the CSP allows (decision 607)', async () => {
    expect(CART_RULES).toBe(nextPageRules('/cart'));
    const { el, form } = directAddIsland();
    const basket = { lineItems: [{ gtin13: '0010013000010', quantity: 1 }] };
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const supports = vi.spyOn(HTMLScriptElement, 'supports').mockImplementation((type) => type === 'speculationrules');
    interactionDirective(async () => async () => {}, { name: 'AddToCart', value: '' }, el);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // not while the add is under way: the cart fetched then would not hold it
    expect(document.getElementById(NEXT_PAGE_RULES_ID)).toBeNull();
    answer(new Response(JSON.stringify({ data: basket }), { status: 200 }));
    await vi.waitFor(() => expect(document.getElementById(NEXT_PAGE_RULES_ID)?.textContent).toBe(CART_RULES));
    expect(document.getElementById(NEXT_PAGE_RULES_ID)?.getAttribute('type')).toBe('speculationrules');
    document.getElementById(NEXT_PAGE_RULES_ID)?.remove();
    supports.mockRestore();
    vi.unstubAllGlobals();
    el.remove();
  });

  test('the checkout’s chunks the page holds for after an add are fetched once an add is sent, after its POST and the island’s scripts, not before (decision 676)', async () => {
    const template = document.createElement('template');
    template.setAttribute('data-after-add', '');
    template.innerHTML = '<link rel="prefetch" fetchpriority="high" href="/_astro/CheckoutPage.js">';
    document.body.appendChild(template);
    const prefetched = () => document.querySelectorAll('link[rel="prefetch"][href="/_astro/CheckoutPage.js"]').length;
    // what had left when each request was made: the POST and the island's scripts go first
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        order.push(`POST with ${prefetched()} prefetched`);
        return new Promise<Response>(() => {});
      }),
    );
    const { el, form } = directAddIsland();
    interactionDirective(
      async () => {
        order.push(`scripts with ${prefetched()} prefetched`);
        return async () => {};
      },
      { name: 'AddToCart', value: '' },
      el,
    );
    expect(prefetched()).toBe(0);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    // in the task of the press, while the add is still on its way (the answer never comes here)
    expect(prefetched()).toBe(1);
    expect(order).toEqual(['POST with 0 prefetched', 'scripts with 0 prefetched']);
    expect(document.querySelector(AFTER_ADD_TEMPLATE)).toBeNull();
    document.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
    vi.unstubAllGlobals();
    el.remove();
  });

  test('an add the edge does not take (signed out) is held and handed to the island once it is ready', async () => {
    const { el, form } = directAddIsland();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    const { hydrate, submitted, release } = slowHydration(form);
    interactionDirective(async () => hydrate, { name: 'AddToCart', value: '' }, el);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(submitted).toEqual([]);
    // the button no longer says "Adding…": the island says why (sign in)
    expect(el.hasAttribute(ADD_STATE_ATTRIBUTE)).toBe(false);
    release();
    await vi.waitFor(() => expect(submitted).toEqual([true]));
    vi.unstubAllGlobals();
    el.remove();
  });

  test('a press on the add button sends the add before the island loads its scripts (issue 22 §5)', async () => {
    const { el, form } = directAddIsland();
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        order.push('POST');
        return new Response(JSON.stringify({ data: { lineItems: [] } }), { status: 200 });
      }),
    );
    const load = vi.fn(async () => {
      order.push('load');
      return async () => {};
    });
    interactionDirective(load, { name: 'AddToCart', value: '' }, el);
    const button = form.querySelector('button') as HTMLButtonElement;
    // what a mouse press on the button dispatches before its click submits the form
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('focusin', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(order).toEqual(['POST', 'load']));
    vi.unstubAllGlobals();
    el.remove();
  });

  test('a press on the add button that submits nothing hydrates the island a moment later; a press elsewhere at once', async () => {
    const { el, form } = directAddIsland();
    const load = vi.fn(async () => async () => {});
    interactionDirective(load, { name: 'AddToCart', value: '' }, el);
    form.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, PRESS_HYDRATE_DELAY_MS / 2));
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: PRESS_HYDRATE_DELAY_MS * 2 });
    el.remove();

    const other = directAddIsland();
    const otherLoad = vi.fn(async () => async () => {});
    interactionDirective(otherLoad, { name: 'AddToCart', value: '' }, other.el);
    other.form.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(otherLoad).toHaveBeenCalledTimes(1);
    other.el.remove();
  });
});
