import { listItemIdentity, type ListItemOutput } from './contracts.ts';

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
  /** sent for the add form (shopping §8: its failure is the "add items" area's, not the quantity's) */
  added?: true;
}

/**
 * The line a PUT sends for a pending write (shopping §7 lineItems: id, categoryId, quantity, name,
 * comments, type, channel, checked, upc, weeklyAdInfo). The upstream finds the item by its id, else
 * by its identity (a new item's id is the page's own, which matches nothing stored).
 */
export function lineOf(write: PendingWrite) {
  const { item } = write;
  return {
    id: item.id,
    ...(item.upc ? { upc: item.upc } : {}),
    ...(item.categoryId ? { categoryId: item.categoryId } : {}),
    name: item.name,
    type: item.type,
    channel: 'WEB' as const,
    quantity: item.quantity,
    checked: item.checked,
    ...(item.comments ? { comments: item.comments } : {}),
    ...(item.weeklyAdInfo ? { weeklyAdInfo: item.weeklyAdInfo } : {}),
  };
}

/**
 * The waiting writes put on a fresher copy of the list (another tab or device changed it, or the
 * page was loaded again): each write keeps only the field it is about (a quantity write its
 * quantity, a check write its checked state) and takes the rest from the fresh list as the writes
 * before it leave it, so resending one never undoes the other side's edit of the other field. A
 * check of an item no longer on the list is dropped (nothing to check); a quantity write of one
 * puts it back at the shopper's quantity. Keys are kept: a refused write stored nothing.
 */
export function rebaseWrites(
  waiting: ReadonlyArray<PendingWrite>,
  fresh: ReadonlyArray<ListItemOutput>,
): PendingWrite[] {
  const current = new Map(fresh.map((item) => [listItemIdentity(item), item]));
  const rebased: PendingWrite[] = [];
  for (const write of waiting) {
    const identity = listItemIdentity(write.item);
    const base = current.get(identity);
    if (write.kind === 'check' && !base) continue;
    const item = !base
      ? write.item
      : write.kind === 'check'
        ? { ...base, checked: write.item.checked }
        : { ...base, quantity: write.item.quantity };
    if (item.quantity === 0) current.delete(identity);
    else current.set(identity, item);
    rebased.push({ ...write, item });
  }
  return rebased;
}

export const queueStorageKey = (listId: string) => `hm_list_queue:${listId}`;
export const listCacheKey = (listId: string) => `hm_list_cache:${listId}`;

/** Reads a stored queue; anything unreadable is an empty queue. */
export function parseQueue(stored: string | null): PendingWrite[] {
  if (!stored) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is PendingWrite =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as PendingWrite).key === 'string' &&
            typeof (entry as PendingWrite).item === 'object',
        )
      : [];
  } catch {
    return [];
  }
}

/** A fresh Idempotency-Key (8-128 of A-Za-z0-9_-). */
export function newWriteKey(): string {
  return `list-${crypto.randomUUID().replaceAll('-', '')}`;
}

/**
 * The body of a list's PUT of items (shopping §7): the lines, `activeList` false, the list's name
 * as the page holds it and the versionKey the change was made on.
 */
export function itemsPutBody(
  meta: { name: string; versionKey: string },
  lineItems: ReadonlyArray<ReturnType<typeof lineOf>>,
) {
  return { lineItems: [...lineItems], activeList: false, name: meta.name, versionKey: meta.versionKey };
}
