import { describe, expect, test } from 'vitest';
import { substitutionPolicyFor } from './substitution.ts';

describe('substitutionPolicyFor', () => {
  test('with substitution items it is CUSTOMER_CHOICE', () => {
    expect(substitutionPolicyFor({ allowed: true, substitutionItems: ['0000000000017'] })).toBe('CUSTOMER_CHOICE');
  });
  test('substitutions allowed but no items gives SHOPPER_CHOICE', () => {
    expect(substitutionPolicyFor({ allowed: true, substitutionItems: [] })).toBe('SHOPPER_CHOICE');
    expect(substitutionPolicyFor({ allowed: true })).toBe('SHOPPER_CHOICE');
  });
  test('substitutions disallowed gives NONE, even with items listed', () => {
    expect(substitutionPolicyFor({ allowed: false })).toBe('NONE');
    expect(substitutionPolicyFor({ allowed: false, substitutionItems: ['0000000000017'] })).toBe('NONE');
  });
});
