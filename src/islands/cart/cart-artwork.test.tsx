// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import type { BasketOutput } from '../../lib/basket/contracts.ts';
import CartLines from './CartLines.tsx';
import { testLine } from '../../../tests/fixtures/basket-lines.ts';

// The cart's first lines show their pictures drawn inline (decision 646): the page passes the
// checked markup (cardArtwork) by gtin13, and a line without it keeps its <img>.

const DRAWN =
  '<svg viewBox="0 0 240 240" width="240" height="240" aria-hidden="true" focusable="false"><defs><linearGradient id="art1-s" x2="1"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="240" height="240" fill="url(#art1-s)"/><text x="120" y="120" font-size="20">Milk</text></svg>';

const basket: BasketOutput = {
  id: 'b-1',
  eTag: '"1"',
  type: 'ACTIVE',
  orderId: null,
  modality: 'PICKUP',
  itemCount: 2,
  subtotalCents: 718,
  savingsCents: 0,
  lineItems: [
    testLine('0010013000294', { name: 'Meadow Crest Whole Milk', unitPriceCents: 359 }),
    testLine('0010026000014', { name: 'Clover Hill Oat Milk', unitPriceCents: 359 }),
  ],
};

const props = { initialBasket: basket, loadFailureMessage: 'x', artwork: { '0010013000294': DRAWN } };

function lineElement(root: HTMLElement, gtin13: string): Element {
  const found = root.querySelector(`[data-testid="cart-line"][data-gtin13="${gtin13}"]`);
  if (!found) throw new Error(`no line ${gtin13}`);
  return found;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

test('a line with a drawing shows it inline, hidden from assistive technology; a line without keeps its <img>', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<CartLines {...props} />);
  const drawn = lineElement(container, '0010013000294');
  const art = drawn.querySelector('[data-testid="card-artwork"]');
  expect(art?.classList.contains('cart-line__image')).toBe(true);
  expect(art?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  expect(art?.querySelector('text')?.textContent).toBe('Milk');
  expect(drawn.querySelector('img')).toBeNull();

  const plain = lineElement(container, '0010026000014');
  expect(plain.querySelector('[data-testid="card-artwork"]')).toBeNull();
  expect(plain.querySelector('img.cart-line__image')?.getAttribute('src')).toBe(
    '/atlas/v1/product/images/0010026000014.svg',
  );
});

test('without drawings every line keeps its <img>', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<CartLines initialBasket={basket} loadFailureMessage="x" />);
  expect(container.querySelectorAll('[data-testid="card-artwork"]')).toHaveLength(0);
  expect(container.querySelectorAll('img.cart-line__image')).toHaveLength(2);
});

test('hydration keeps the server-drawn picture as it is, without a mismatch', async () => {
  // the island's cross-sell asks for recommendations once it is up; nothing answers here
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(<CartLines {...props} />);
  document.body.appendChild(container);
  const svgBefore = container.querySelector('[data-testid="card-artwork"] svg');
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <CartLines {...props} />, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(container.querySelector('[data-testid="card-artwork"] svg')).toBe(svgBefore);
  expect(lineElement(container, '0010026000014').querySelector('img.cart-line__image')).not.toBeNull();
});
