import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { BasketOutput } from '../../lib/basket/contracts.ts';
import CartCount from './CartCount.tsx';
import CartLines from './CartLines.tsx';
import { testLine } from '../../../tests/fixtures/basket-lines.ts';

function basket(name: string): BasketOutput {
  return {
    id: `b-${name}`,
    eTag: '"1"',
    type: 'ACTIVE',
    orderId: null,
    modality: 'PICKUP',
    itemCount: 1,
    subtotalCents: 100,
    savingsCents: 0,
    lineItems: [testLine('0000000000017', { name })],
  };
}

describe('cart islands on the server', () => {
  test("one shopper's cart never leaks into the next shopper's server render", () => {
    const first = renderToString(<CartLines initialBasket={basket('Alice Oat Milk')} loadFailureMessage="x" />);
    const second = renderToString(<CartLines initialBasket={basket('Bob Sourdough')} loadFailureMessage="x" />);
    expect(first).toContain('Alice Oat Milk');
    expect(second).toContain('Bob Sourdough');
    expect(second).not.toContain('Alice');
    expect(renderToString(<CartCount initialCount={4} />)).toContain('Cart, 4 items');
    // a count not known yet is no figure, not 0 (decision 650)
    const unknown = renderToString(<CartCount initialCount={null} />);
    expect(unknown).toContain('aria-label="Cart"');
    expect(unknown).toContain('hidden');
    expect(unknown).not.toContain('0 items');
  });
});
