import type { ListItemOutput } from './contracts.ts';

// The list page's writes waiting to be sent (issue 11 §5, §6): one at a time per list, each with
// its own Idempotency-Key, kept in the browser's storage so changes made offline (or before a
// reload) are replayed in order when the connection returns, and applied once.

export interface PendingWrite {
  /** the Idempotency-Key the PUT carries: a replay after a lost answer applies once */
  key: string;
  listId: string;
  kind: 'quantity' | 'check';
  /** the item as the shopper left it (quantity 0 removes it) */
  item: ListItemOutput;
}

/** The line a PUT sends for a pending write (shopping §7 lineItems). */
export function lineOf(write: PendingWrite) {
  const { item } = write;
  return {
    ...(item.upc ? { upc: item.upc } : {}),
    ...(item.categoryId ? { categoryId: item.categoryId } : {}),
    ...(item.upc ? {} : { name: item.name }),
    type: item.type,
    channel: 'WEB' as const,
    quantity: item.quantity,
    checked: item.checked,
    ...(item.comments ? { comments: item.comments } : {}),
    ...(item.weeklyAdInfo ? { weeklyAdInfo: item.weeklyAdInfo } : {}),
  };
}

export const queueStorageKey = (listId: string) => `hm_list_queue:${listId}`;
export const listCacheKey = (listId: string) => `hm_list_cache:${listId}`;

/** Reads a stored queue; anything unreadable is an empty queue. */
export function parseQueue(stored: string | null): PendingWrite[] {
  if (!stored) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? value.filter((entry): entry is PendingWrite => typeof entry === 'object' && entry !== null && typeof (entry as PendingWrite).key === 'string' && typeof (entry as PendingWrite).item === 'object') : [];
  } catch {
    return [];
  }
}

/** A fresh Idempotency-Key (8-128 of A-Za-z0-9_-). */
export function newWriteKey(): string {
  return `list-${crypto.randomUUID().replaceAll('-', '')}`;
}
