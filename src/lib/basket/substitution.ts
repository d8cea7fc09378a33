import type { SubstitutionPolicy } from './contracts.ts';

/**
 * The substitution policy an item gets (shopping §4 Cart): with substitution items it is
 * CUSTOMER_CHOICE; substitutions allowed but no items gives SHOPPER_CHOICE; disallowed gives NONE.
 * `substitutionPolicyFor({ allowed: true, substitutionItems: ['0001234567890'] }) === 'CUSTOMER_CHOICE'`
 */
export function substitutionPolicyFor(item: { allowed: boolean; substitutionItems?: readonly string[] }): SubstitutionPolicy {
  if (!item.allowed) return 'NONE';
  return item.substitutionItems && item.substitutionItems.length > 0 ? 'CUSTOMER_CHOICE' : 'SHOPPER_CHOICE';
}
