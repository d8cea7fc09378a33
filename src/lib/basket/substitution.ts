import type { SubstitutionPolicy } from './contracts.ts';

// spec: shopping §4 Cart: the substitution policy follows the items:
//   - with substitutionItems it is CUSTOMER_CHOICE;
//   - substitutions allowed but no items gives SHOPPER_CHOICE;
//   - substitutions disallowed gives NONE.

/** The most replacements a shopper may choose for one line. */
export const MAX_SUBSTITUTION_ITEMS = 5;

export interface SubstitutionChoice {
  /** false: "don't substitute" */
  allowed: boolean;
  /** the replacements the shopper chose, in their order of preference */
  items: readonly string[];
}

/**
 * The policy of a choice. Disallowing wins over chosen items (they are dropped), so a line never
 * says NONE with replacements. `substitutionPolicyFor({ allowed: true, items: [] }) === 'SHOPPER_CHOICE'`
 */
export function substitutionPolicyFor(choice: SubstitutionChoice): SubstitutionPolicy {
  if (!choice.allowed) return 'NONE';
  return choice.items.length > 0 ? 'CUSTOMER_CHOICE' : 'SHOPPER_CHOICE';
}

/**
 * A line's stored substitution after a change: the policy asked for and the items given are made
 * consistent by the rule above (CUSTOMER_CHOICE without items falls back to SHOPPER_CHOICE; NONE
 * drops items; items without a policy mean CUSTOMER_CHOICE). The line's own gtin and repeats are
 * dropped, and at most MAX_SUBSTITUTION_ITEMS are kept.
 */
export function normalizeSubstitution(
  gtin13: string,
  asked: { policy?: SubstitutionPolicy | undefined; items?: readonly string[] | undefined },
  current: { policy: SubstitutionPolicy; items: readonly string[] },
): { policy: SubstitutionPolicy; items: string[] } {
  const givenItems =
    asked.items ?? (asked.policy === undefined || asked.policy === 'CUSTOMER_CHOICE' ? current.items : []);
  const items = [...new Set(givenItems.filter((item) => item !== gtin13))].slice(0, MAX_SUBSTITUTION_ITEMS);
  const allowed = (asked.policy ?? (asked.items !== undefined ? 'CUSTOMER_CHOICE' : current.policy)) !== 'NONE';
  const kept = allowed ? items : [];
  return { policy: substitutionPolicyFor({ allowed, items: kept }), items: kept };
}
