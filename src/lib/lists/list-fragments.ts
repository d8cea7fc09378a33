import { LIST_MESSAGES, listMessageForReason } from './contracts.ts';

// "Add to list" from any page before hydration (decision 300): the edge answers 303 back to the
// page at one of these fragments, a note the layout shows by :target (src/layouts/BaseLayout.astro),
// so the shared cached page stays the same for everyone.

/** The fragments "add to list" comes back with: the page shows the matching note by CSS (:target). */
export const LIST_FRAGMENTS = {
  added: 'added-to-list',
  full: 'list-full',
  maxQuantity: 'list-max-quantity',
  notFound: 'list-not-found',
  failed: 'list-add-failed',
} as const;

/**
 * The fragment a plain "add to list" comes back to after a 422 (shopping §8: each server reason
 * its message; any other failure is the add-items outage note).
 * `listAddFragment('Invalid list ID.') === 'list-not-found'`
 */
export function listAddFragment(reason: string): (typeof LIST_FRAGMENTS)[keyof typeof LIST_FRAGMENTS] {
  const message = listMessageForReason(reason);
  if (message === LIST_MESSAGES.MAX_UNIQUE_ITEMS) return LIST_FRAGMENTS.full;
  if (message === LIST_MESSAGES.MAX_QUANTITY) return LIST_FRAGMENTS.maxQuantity;
  if (message === LIST_MESSAGES.LIST_NOT_FOUND) return LIST_FRAGMENTS.notFound;
  return LIST_FRAGMENTS.failed;
}
