import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { CreateListSchema, UpdateListSchema } from './contracts.ts';
import { listLimitReason } from './list-limits.ts';

// shopping §5, §8: past a business limit, however far, a client sees the limit's 422 reason.

const reasonOf = (schema: v.GenericSchema, body: unknown) => listLimitReason(v.safeParse(schema, body).issues);

describe('listLimitReason', () => {
  test('a name far over 128 characters is the name-too-long reason', () => {
    expect(reasonOf(CreateListSchema, { name: 'n'.repeat(600) })).toBe(
      'The given list name is too long. Kindly provide a shorter name.',
    );
    expect(reasonOf(UpdateListSchema, { name: 'n'.repeat(600) })).toBe(
      'The given list name is too long. Kindly provide a shorter name.',
    );
  });

  test("a quantity of 2,000,000 is 'Max Quantity above 999'", () => {
    expect(reasonOf(UpdateListSchema, { lineItems: [{ upc: '0000000000017', quantity: 2_000_000 }] })).toBe(
      'Max Quantity above 999',
    );
  });

  test('more than 600 lines is the 250-item reason', () => {
    const lines = Array.from({ length: 601 }, (_, n) => ({ name: `thing ${n}`, quantity: 1 }));
    expect(reasonOf(UpdateListSchema, { lineItems: lines })).toBe(
      'The list has exceeded the maximum number of items allowed',
    );
  });

  test('a body within the caps, or wrong in another way too, has no limit reason', () => {
    expect(reasonOf(CreateListSchema, { name: 'n'.repeat(200) })).toBeNull();
    expect(reasonOf(CreateListSchema, { name: ' '.repeat(600) })).toBeNull();
    expect(reasonOf(CreateListSchema, { name: 'n'.repeat(600), activeList: 42 })).toBeNull();
    expect(reasonOf(UpdateListSchema, { lineItems: [{ quantity: -1 }] })).toBeNull();
    expect(listLimitReason(undefined)).toBeNull();
  });
});
