import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  CART_OUT_OF_STOCK,
  SHOPPING_MESSAGES,
  cartLoadFailure,
  cartModalityChangeFailure,
  cartOnlyLeft,
} from './messages.ts';

describe('message catalogue', () => {
  test('the not-found message keeps its ellipsis and curly apostrophe (shopping §2)', () => {
    expect(SHOPPING_MESSAGES.NOT_FOUND).toBe('Wheat a minute\u2026 that page doesn\u2019t exist!');
  });

  test('the address limit message names the limit of 75 (account §8)', () => {
    expect(ACCOUNT_MESSAGES.ADDRESS_LIMIT).toContain('limit of 75 addresses');
  });

  test('the modality change failure names the target modality (shopping §8)', () => {
    expect(cartModalityChangeFailure('delivery')).toBe(
      "We're sorry, something went wrong when changing your item(s) to delivery. Please try again.",
    );
  });

  test('the cart load failure carries the banner phone number (shopping §8)', () => {
    expect(cartLoadFailure('1-800-555-0142')).toMatch(/contact Customer Service at 1-800-555-0142\.$/);
  });

  test('a quantity above the stock says how many are left, in the singular for one; none left is out of stock', () => {
    expect(cartOnlyLeft(3)).toBe('Sorry, only 3 of this item are left at your store.');
    expect(cartOnlyLeft(1)).toBe('Sorry, only 1 of this item is left at your store.');
    expect(cartOnlyLeft(0)).toBe(CART_OUT_OF_STOCK);
  });
});
