import type * as v from 'valibot';
import { LIST_SERVER_REASONS } from './contracts.ts';

// shopping §5, §8: a list body past a business limit (a name too long, a quantity above 999, too
// many items) is refused with that limit's 422 reason however far past it is, never as a malformed
// body. The schemas' caps carry the reasons as their messages (contracts.ts LIST_INPUT_CAPS).
// docs/decisions/623-list-errors-as-the-spec-names-them.md

const LIMIT_REASONS: ReadonlySet<string> = new Set([
  LIST_SERVER_REASONS.NAME_TOO_LONG,
  LIST_SERVER_REASONS.MAX_QUANTITY,
  LIST_SERVER_REASONS.MAX_ITEMS,
]);

/**
 * The spec's 422 reason of a list body that failed on business limits alone, or null when anything
 * else is wrong with it. `listLimitReason(v.safeParse(UpdateListSchema, body).issues)`
 */
export function listLimitReason(issues: readonly v.BaseIssue<unknown>[] | undefined): string | null {
  const first = issues?.[0];
  return first && issues.every((issue) => LIMIT_REASONS.has(issue.message)) ? first.message : null;
}
