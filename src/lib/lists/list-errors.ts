import { LIST_MESSAGES, LIST_OUTAGE_MESSAGES, listMessageForReason, type ListArea } from './contracts.ts';

// What the list page tells the shopper when a call fails (shopping §4, §8). One notice at a time:
// showing the 250-item error hides the deleted-list error, and vice versa, because the newer one
// replaces the older. The 250-item error is inline on the list page, a banner elsewhere (§2).

export type ListNotice =
  | { kind: 'outage'; title: string; message: string }
  | { kind: 'maxItems'; message: string }
  | { kind: 'deletedList'; message: string }
  | { kind: 'field'; message: string }
  /** a plain form's change was saved (decision 633): a status, not an alert */
  | { kind: 'saved'; message: string }
  | null;

/**
 * The notice for a failed call: a 422 reason mapped to the spec's message (the list maximum's too:
 * 'You have reached the maximum number of lists.'), else the area's 'Service Outage'.
 */
export function listNotice(status: number, reason: string, area: ListArea): ListNotice {
  const mapped = status === 422 ? listMessageForReason(reason) : null;
  if (mapped === LIST_MESSAGES.MAX_UNIQUE_ITEMS) return { kind: 'maxItems', message: mapped };
  if (mapped === LIST_MESSAGES.LIST_NOT_FOUND) return { kind: 'deletedList', message: mapped };
  if (mapped) return { kind: 'field', message: mapped };
  return { kind: 'outage', title: LIST_MESSAGES.SERVICE_OUTAGE_TITLE, message: LIST_OUTAGE_MESSAGES[area] };
}

/** shopping §8: no connection. */
export const NETWORK_NOTICE: ListNotice = {
  kind: 'outage',
  title: LIST_MESSAGES.NETWORK_TITLE,
  message: LIST_MESSAGES.NETWORK_BODY,
};

/** The 'Service Outage' banner of an area, for a failure without a server reason. */
function outageNotice(area: ListArea): ListNotice {
  return { kind: 'outage', title: LIST_MESSAGES.SERVICE_OUTAGE_TITLE, message: LIST_OUTAGE_MESSAGES[area] };
}

/** A failed list call as the island's client reports it (src/islands/lists/api.ts). */
export type FailedListCall =
  { kind: 'network' } | { kind: 'conflict' } | { kind: 'error'; status: number; reason: string };

/** The notice for a failed call of an area: no connection, a stale list (the area's outage), or listNotice. */
export function failedCallNotice(failure: FailedListCall, area: ListArea): ListNotice {
  if (failure.kind === 'network') return NETWORK_NOTICE;
  if (failure.kind === 'conflict') return outageNotice(area);
  return listNotice(failure.status, failure.reason, area);
}

/**
 * The notice for a list that failed to load: a list that does not exist (its 422 reasons, an
 * invalid or unknown list id) says so; anything else is the spec's loading banner.
 */
export function loadNotice(
  failure: { kind: 'conflict' } | { kind: 'error'; status: number; reason: string },
): ListNotice {
  const notice = failure.kind === 'error' ? listNotice(failure.status, failure.reason, 'select') : null;
  if (notice?.kind === 'deletedList') return notice;
  return { kind: 'outage', title: LIST_MESSAGES.SERVICE_OUTAGE_TITLE, message: LIST_MESSAGES.LOAD };
}
