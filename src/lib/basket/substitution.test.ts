import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_SUBSTITUTION_ITEMS, normalizeSubstitution, substitutionPolicyFor } from './substitution.ts';

const A = '0000000000017';
const B = '0000000000024';
const C = '0000000000031';

describe('substitution policy follows the items (shopping §4 Cart)', () => {
  test('items give CUSTOMER_CHOICE, allowed without items SHOPPER_CHOICE, disallowed NONE', () => {
    expect(substitutionPolicyFor({ allowed: true, items: [B] })).toBe('CUSTOMER_CHOICE');
    expect(substitutionPolicyFor({ allowed: true, items: [] })).toBe('SHOPPER_CHOICE');
    expect(substitutionPolicyFor({ allowed: false, items: [] })).toBe('NONE');
    expect(substitutionPolicyFor({ allowed: false, items: [B] })).toBe('NONE');
  });

  test('a change is made consistent with the rule', () => {
    const none = { policy: 'SHOPPER_CHOICE' as const, items: [] };
    expect(normalizeSubstitution(A, { items: [B, C] }, none)).toEqual({ policy: 'CUSTOMER_CHOICE', items: [B, C] });
    expect(normalizeSubstitution(A, { policy: 'CUSTOMER_CHOICE', items: [] }, none)).toEqual({
      policy: 'SHOPPER_CHOICE',
      items: [],
    });
    expect(normalizeSubstitution(A, { policy: 'NONE', items: [B] }, none)).toEqual({ policy: 'NONE', items: [] });
    expect(normalizeSubstitution(A, { items: [A, B, B] }, none)).toEqual({ policy: 'CUSTOMER_CHOICE', items: [B] });
    // a quantity change (nothing asked) keeps what the line had
    expect(normalizeSubstitution(A, {}, { policy: 'CUSTOMER_CHOICE', items: [C] })).toEqual({
      policy: 'CUSTOMER_CHOICE',
      items: [C],
    });
    expect(normalizeSubstitution(A, { policy: 'SHOPPER_CHOICE' }, { policy: 'CUSTOMER_CHOICE', items: [C] })).toEqual({
      policy: 'SHOPPER_CHOICE',
      items: [],
    });
  });

  test('property: the stored policy is always the one the rule gives for the stored items', () => {
    const gtin = fc.constantFrom(A, B, C, '0000000000048', '0000000000055', '0000000000062', '0000000000079');
    const policy = fc.option(fc.constantFrom('SHOPPER_CHOICE' as const, 'CUSTOMER_CHOICE' as const, 'NONE' as const), {
      nil: undefined,
    });
    fc.assert(
      fc.property(
        policy,
        fc.option(fc.array(gtin, { maxLength: 9 }), { nil: undefined }),
        fc.constantFrom('SHOPPER_CHOICE' as const, 'NONE' as const),
        fc.array(gtin, { maxLength: 5 }),
        (asked, items, currentPolicy, currentItems) => {
          const current = { policy: currentPolicy, items: currentPolicy === 'NONE' ? [] : currentItems };
          const out = normalizeSubstitution(A, { policy: asked, items }, current);
          expect(out.policy).toBe(substitutionPolicyFor({ allowed: out.policy !== 'NONE', items: out.items }));
          expect(out.items.length).toBeLessThanOrEqual(MAX_SUBSTITUTION_ITEMS);
          expect(out.items).not.toContain(A);
          expect(new Set(out.items).size).toBe(out.items.length);
        },
      ),
    );
  });
});
