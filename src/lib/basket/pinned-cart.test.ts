import { describe, expect, test } from 'vitest';
import { nextPinnedCartState, pinnedCartState } from './pinned-cart.ts';

describe('the pinned cart (shopping §2): hidden, open or collapsed', () => {
  test('a shopper who never chose sees it collapsed once the cart holds something', () => {
    expect(pinnedCartState(null, 0)).toBe('hidden');
    expect(pinnedCartState(null, 3)).toBe('collapsed');
    expect(pinnedCartState('garbage', 3)).toBe('collapsed');
  });

  test("the shopper's choice is kept; an empty cart shows nothing whatever was chosen", () => {
    expect(pinnedCartState('open', 2)).toBe('open');
    expect(pinnedCartState('hidden', 2)).toBe('hidden');
    expect(pinnedCartState('open', 0)).toBe('hidden');
  });

  test('open, collapse and hide go where they say; show brings back only a hidden cart', () => {
    expect(nextPinnedCartState('collapsed', 'open')).toBe('open');
    expect(nextPinnedCartState('open', 'collapse')).toBe('collapsed');
    expect(nextPinnedCartState('open', 'hide')).toBe('hidden');
    expect(nextPinnedCartState('hidden', 'show')).toBe('collapsed');
    expect(nextPinnedCartState('open', 'show')).toBe('open');
  });
});
