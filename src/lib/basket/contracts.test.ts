import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  AddItemRequestSchema,
  IdempotencyKeySchema,
  PutBasketRequestSchema,
  UpdateItemRequestSchema,
  basketETag,
  cartItemCount,
  eTagVersion,
} from './contracts.ts';

describe('basket contracts', () => {
  test('an add defaults to quantity 1 and shopper-choice substitution', () => {
    expect(v.parse(AddItemRequestSchema, { gtin13: '0000000000017' })).toEqual({
      gtin13: '0000000000017',
      quantity: 1,
      substitutionPolicy: 'SHOPPER_CHOICE',
    });
  });
  test('quantities are whole numbers 1..999 (0 only on update, where it removes)', () => {
    expect(v.safeParse(AddItemRequestSchema, { gtin13: '0000000000017', quantity: 1000 }).success).toBe(false);
    expect(v.safeParse(AddItemRequestSchema, { gtin13: '0000000000017', quantity: 0 }).success).toBe(false);
    expect(v.safeParse(AddItemRequestSchema, { gtin13: '0000000000017', quantity: 1.5 }).success).toBe(false);
    expect(v.safeParse(UpdateItemRequestSchema, { gtin13: '0000000000017', quantity: 0 }).success).toBe(true);
  });
  test('a cart PUT may not repeat a gtin13', () => {
    const line = { gtin13: '0000000000017', quantity: 1 };
    expect(v.safeParse(PutBasketRequestSchema, { lineItems: [line, line] }).success).toBe(false);
  });
  test('an Idempotency-Key is 8-128 characters of A-Z a-z 0-9 - _', () => {
    expect(v.safeParse(IdempotencyKeySchema, 'abc-DEF_12').success).toBe(true);
    expect(v.safeParse(IdempotencyKeySchema, 'short').success).toBe(false);
    expect(v.safeParse(IdempotencyKeySchema, 'has space here').success).toBe(false);
    expect(v.safeParse(IdempotencyKeySchema, 'x'.repeat(129)).success).toBe(false);
  });
  test('the eTag carries the basket version', () => {
    expect(eTagVersion(basketETag(7))).toBe(7);
    expect(eTagVersion('W/"12"')).toBe(12);
    expect(eTagVersion('nonsense')).toBeNull();
  });
  test('cartItemCount sums the quantities', () => {
    expect(cartItemCount([{ quantity: 2 }, { quantity: 1 }])).toBe(3);
    expect(cartItemCount([])).toBe(0);
  });
});
