import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES, SHOPPING_MESSAGES, cartLoadFailure, cartModalityChangeFailure } from './messages.ts';

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
});
