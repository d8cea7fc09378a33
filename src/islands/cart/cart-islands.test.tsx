// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CART_CHANGED_EVENT } from '../../lib/basket/contracts.ts';
import { ERROR_CODES, errorBody } from '../../lib/http/errors.ts';
import { CART_OUT_OF_STOCK, SHOPPING_MESSAGES, cartOnlyLeft } from '../../lib/http/messages.ts';

const MILK = '0000000000017';

const LINE = {
  modalityType: 'PICKUP',
  substitutionPolicy: 'SHOPPER_CHOICE',
  substitutionItems: [],
  created: '2026-11-22T00:00:00.000Z',
  eligible: true,
};

/** The server basket: 2 loaves already in it, plus `quantity` milk. */
function basketBody(quantity: number, version = 2) {
  const priced = (unit: number, count: number) => ({
    unitPriceCents: unit,
    regularUnitPriceCents: unit,
    promoUnitPriceCents: null,
    dealPriceString: null,
    lineTotalCents: unit * count,
    savingsCents: 0,
    coupon: null,
    couponSavingsCents: 0,
    flashSales: [],
    priceAdjustments: [],
  });
  const bread = { ...LINE, id: 'l0', gtin13: '0000000000024', quantity: 2, name: 'Sourdough', ...priced(399, 2) };
  const lineItems = quantity
    ? [bread, { ...LINE, id: 'l1', gtin13: MILK, quantity, name: 'Whole Milk', ...priced(429, quantity) }]
    : [bread];
  return {
    data: {
      id: 'b1',
      eTag: `"${version}"`,
      type: 'ACTIVE',
      orderId: null,
      modality: 'PICKUP',
      lineItems,
      itemCount: quantity + 2,
      subtotalCents: lineItems.reduce((sum, line) => sum + line.lineTotalCents, 0),
      savingsCents: 0,
    },
  };
}

/** Fresh modules per test: a fresh Jotai default store, as on a new page. */
async function islands() {
  vi.resetModules();
  const [{ default: AddToCart }, { default: CartCount }] = await Promise.all([
    import('./AddToCart.tsx'),
    import('./CartCount.tsx'),
  ]);
  return { AddToCart, CartCount };
}

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  // a fresh page: no basket announced by a personal call or a direct add (src/islands/shared/late-personal.ts)
  delete (globalThis as { __hmBasket?: unknown }).__hmBasket;
  delete (globalThis as { __hmPersonal?: unknown }).__hmPersonal;
  vi.stubGlobal('fetch', vi.fn());
  // the error log's beacon (src/islands/shared/error-log.ts): recorded here, never sent
  Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// each test imports the islands anew (fresh atoms); on a loaded 2-core machine, in the full suite,
// that import alone has taken over vitest's 5 s
describe('AddToCart and CartCount', { timeout: 20_000 }, () => {
  test('renders a plain form that works before hydration, with an accessible name', async () => {
    const { AddToCart } = await islands();
    const { container } = render(<AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/search?query=milk" />);
    const form = container.querySelector('form');
    expect(form?.getAttribute('action')).toBe('/basket/api/v2/user/add-item');
    expect(form?.getAttribute('method')).toBe('post');
    expect(container.querySelector('input[name="gtin13"]')?.getAttribute('value')).toBe(MILK);
    expect(container.querySelector('input[name="returnTo"]')?.getAttribute('value')).toBe('/search?query=milk');
    expect(screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).textContent).toBe('Add to cart');
  });

  test('an add updates the header count at once and becomes a stepper when the server answers', async () => {
    const { AddToCart, CartCount } = await islands();
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    render(
      <>
        <CartCount initialCount={2} />
        <AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByTestId('cart-count').getAttribute('aria-label')).toBe('Cart, 3 items');
    const [path, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(path).toBe('/basket/api/v2/user/add-item');
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(JSON.parse(String(init?.body))).toEqual({ gtin13: MILK, quantity: 1, substitutionPolicy: 'SHOPPER_CHOICE' });
    await act(async () => answer.resolve(new Response(JSON.stringify(basketBody(1)), { status: 200 })));
    await waitFor(() => expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1'));
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
  });

  test('keeps keyboard focus when the button turns into the stepper (WCAG 2.4.3)', async () => {
    const { AddToCart } = await islands();
    vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify(basketBody(1)), { status: 200 }));
    render(<AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />);
    const button = screen.getByRole('button', { name: 'Add to cart: Whole Milk' });
    button.focus();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add one more Whole Milk' }));
    // without scrolling: a shopper who scrolled on since the tap is not pulled back to the card
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
    focus.mockRestore();
  });

  test('a failed add rolls back the count and shows the spec message', async () => {
    const { AddToCart, CartCount } = await islands();
    vi.mocked(fetch).mockResolvedValueOnce(new Response('{}', { status: 500 }));
    render(
      <>
        <CartCount initialCount={2} />
        <AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />
      </>,
    );
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHOPPING_MESSAGES.CART_ADD_FAILURE));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Add to cart: Whole Milk' })).toBeTruthy();
  });

  test('an add refused as out of stock rolls back and says so, not the generic message (decision 475)', async () => {
    const { AddToCart, CartCount } = await islands();
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify(errorBody(ERROR_CODES.OUT_OF_STOCK, CART_OUT_OF_STOCK, 422, [MILK])), {
        status: 422,
      }),
    );
    render(
      <>
        <CartCount initialCount={2} />
        <AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />
      </>,
    );
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CART_OUT_OF_STOCK));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Add to cart: Whole Milk' })).toBeTruthy();
  });

  test('an add refused for a missing price says so in the spec’s words (shopping §8 Cart: PRICE)', async () => {
    const { AddToCart } = await islands();
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify(errorBody(ERROR_CODES.PRICE, SHOPPING_MESSAGES.ITEM_MISSING_PRICE, 422, [MILK])), {
        status: 422,
      }),
    );
    render(<AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />);
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHOPPING_MESSAGES.ITEM_MISSING_PRICE));
  });

  test('one more than the store has goes back to the quantity in the cart and says how many are left', async () => {
    const { AddToCart, CartCount } = await islands();
    vi.mocked(fetch)
      .mockResolvedValueOnce(new Response(JSON.stringify(basketBody(1)), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(JSON.stringify(errorBody(ERROR_CODES.OUT_OF_STOCK, cartOnlyLeft(1), 422, [MILK])), {
          status: 422,
        }),
      );
    render(
      <>
        <CartCount initialCount={2} />
        <AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />
      </>,
    );
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Add one more Whole Milk' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(cartOnlyLeft(1)));
    expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1');
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
  });

  test('a hung add times out, rolls back exactly, and the next change still goes through', async () => {
    const { AddToCart, CartCount } = await islands();
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(30));
    const hang = (_path: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    vi.mocked(fetch).mockImplementationOnce(hang).mockImplementationOnce(hang);
    render(
      <>
        <CartCount initialCount={2} />
        <AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />
      </>,
    );
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHOPPING_MESSAGES.CART_ADD_FAILURE));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify(basketBody(1)), { status: 200 }));
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1'));
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3);
    // the requests that never got an answer were reported to the error log as network connection errors (account §8)
    const beacons = vi.mocked(navigator.sendBeacon).mock.calls;
    expect(beacons.length).toBeGreaterThanOrEqual(1);
    expect(beacons[0]?.[0]).toBe('/atlas/v1/analytics/error-log');
    expect(JSON.parse(await (beacons[0]?.[1] as Blob).text())).toMatchObject({
      type: 'NETWORK_CONNECTION',
      code: 'TIMEOUT',
    });
    vi.restoreAllMocks();
  });

  test('a 401 sends the shopper to sign-in and back to this page', async () => {
    const { AddToCart } = await islands();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/search', search: '?query=milk', assign });
    vi.mocked(fetch).mockResolvedValue(new Response('{}', { status: 401 }));
    render(<AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />);
    fireEvent.submit(
      screen.getByRole('button', { name: 'Add to cart: Whole Milk' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/signin?redirectUrl=${encodeURIComponent('/search?query=milk')}`),
    );
  });

  test('an add the directive sent before the islands loaded reaches the count and the stepper; an older basket never undoes it', async () => {
    const { AddToCart, CartCount } = await islands();
    const scope = globalThis as { __hmBasket?: unknown };
    try {
      // the page's personal call: 2 loaves (eTag "2"); the header count hydrates with it
      scope.__hmBasket = basketBody(0, 2).data;
      render(<CartCount initialCount={null} signedIn cartFetch />);
      await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
      // a milk added by the directive before any listener was there (eTag "3"): the card's island
      // mounts after it and takes it, and the header's count moves with it
      scope.__hmBasket = basketBody(1, 3).data;
      render(<AddToCart gtin13={MILK} productName="Whole Milk" returnTo="/" />);
      await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));
      expect(screen.getByTestId('cart-line-quantity').textContent).toBe('1');
      // a basket older than the islands' own (eTag "2" after "3") changes nothing
      scope.__hmBasket = basketBody(0, 2).data;
      render(<AddToCart gtin13="0000000000024" productName="Sourdough" returnTo="/" />);
      await act(async () => {});
      expect(screen.getByTestId('cart-count').textContent).toBe('3');
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      delete scope.__hmBasket;
    }
  });

  test('the cart fetch runs only when signed in and the banner allows it', async () => {
    const { CartCount } = await islands();
    vi.mocked(fetch).mockImplementation(async () => new Response(JSON.stringify(basketBody(1)), { status: 200 }));
    const { unmount } = render(<CartCount initialCount={null} signedIn cartFetch={false} />);
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
    // the count is not known: no figure rather than a 0 (decision 650)
    expect(screen.getByTestId('cart-count').hidden).toBe(true);
    expect(screen.getByTestId('cart-count').textContent).toBe('');
    unmount();
    render(<CartCount initialCount={null} signedIn cartFetch />);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/basket/api/basket/');
  });
});

describe('PinnedCart', () => {
  /** basketBody with `held` flash-sale offers (50¢ off each) on the milk, priced as the upstream prices it. */
  function withFlashSale(held: number) {
    const body = basketBody(1);
    const milk = body.data.lineItems[1]!;
    const flashSales = [{ couponId: 'FS-1', discountCents: 50, held, perShopper: 2 }];
    body.data.lineItems[1] = {
      ...milk,
      flashSales,
      priceAdjustments: [{ type: 'FLASH_SALE', couponId: 'FS-1', amountCents: 50 }],
      lineTotalCents: 379,
      savingsCents: 50,
    } as typeof milk;
    return { data: { ...body.data, subtotalCents: 798 + 379, savingsCents: 50 } };
  }

  test('fetches the cart again when the checkout’s flash-sale claim changed it, and shows what the checkout charges', async () => {
    vi.resetModules();
    const { default: PinnedCart } = await import('./PinnedCart.tsx');
    vi.mocked(fetch)
      .mockResolvedValueOnce(new Response(JSON.stringify(basketBody(1)), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(withFlashSale(1)), { status: 200 }));
    render(<PinnedCart cartFetch />);
    await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('3 items · $12.27'));
    act(() => void window.dispatchEvent(new Event(CART_CHANGED_EVENT)));
    await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('3 items · $11.77'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('takes the basket an add sent before hydration announced, without fetching it again', async () => {
    vi.resetModules();
    const { default: PinnedCart } = await import('./PinnedCart.tsx');
    const scope = globalThis as { __hmBasket?: unknown };
    vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify(basketBody(1)), { status: 200 }));
    try {
      render(<PinnedCart cartFetch />);
      await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('3 items · $12.27'));
      scope.__hmBasket = basketBody(2, 3).data;
      act(() => void window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { basket: true } })));
      await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('4 items · $16.56'));
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      delete scope.__hmBasket;
    }
  });

  test('a page that never fetched the cart (the variant banner) does not fetch it on the announcement either', async () => {
    vi.resetModules();
    const { default: PinnedCart } = await import('./PinnedCart.tsx');
    render(<PinnedCart cartFetch={false} />);
    await act(async () => void window.dispatchEvent(new Event(CART_CHANGED_EVENT)));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the cart page and the mini cart', () => {
  test('show one total, from one atom, while a change is pending; the summary adds the pickup fee and the tax', async () => {
    vi.resetModules();
    const [{ default: CartLines }, { default: PinnedCart }] = await Promise.all([
      import('./CartLines.tsx'),
      import('./PinnedCart.tsx'),
    ]);
    // the bread is food (SNAP covers it, not taxed); the milk here is taxed
    const body = basketBody(1);
    body.data.lineItems = body.data.lineItems.map((line) => ({ ...line, snapEligible: line.gtin13 !== MILK }));
    vi.mocked(fetch).mockImplementation(() => new Promise<Response>(() => {}));
    render(
      <>
        <CartLines initialBasket={body.data as never} loadFailureMessage="" />
        <PinnedCart cartFetch={false} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('3 items · $12.27'));
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$12.27');
    // one more milk, optimistically: both move together
    fireEvent.click(screen.getByRole('button', { name: 'Add one more Whole Milk' }));
    await waitFor(() => expect(screen.getByTestId('pinned-cart-summary').textContent).toBe('4 items · $16.56'));
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$16.56');
    // 2 milks at $4.29 = $8.58 taxed at 7% = $0.60; pickup below $35 costs $1.99
    expect(screen.getByTestId('cart-tax').textContent).toBe('$0.60');
    expect(screen.getByTestId('cart-fee').textContent).toBe('$1.99');
    expect(screen.getByTestId('cart-estimated-total').textContent).toBe('$19.15');
    expect(screen.getByTestId('cart-estimate-notes').textContent).toContain('Add $18.44 more for free pickup');
    // the line's total beside its unit price: how it came about
    const milk = screen.getAllByTestId('cart-line')[1]!;
    expect(milk.querySelector('[data-testid="cart-line-total"]')?.textContent).toBe('$8.58');
    expect(milk.querySelector('[data-testid="cart-line-each"]')?.textContent).toBe('2 × $4.29');
    expect(milk.querySelector('img')?.getAttribute('src')).toBe(`/atlas/v1/product/images/${MILK}.svg`);
  });
});
