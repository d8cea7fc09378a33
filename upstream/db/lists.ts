import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import {
  LIST_LIMITS,
  LIST_SERVER_REASONS,
  listItemIdentity,
  type ListItemType,
  type ListItemUpdate,
} from '../../src/lib/lists/contracts.ts';

// Shopping lists on D1 (migrations/0018_shopping_lists.sql; issue 11): the rules of shopping §5
// and §8 with the server's reasons, applied to the list read at its version_key and written back
// with one guarded UPDATE. The list as the API answers it, priced for the shopper's store, is list-view.ts.

export interface StoredItem {
  id: string;
  identity: string;
  type: ListItemType;
  upc: string | null;
  categoryId: string | null;
  name: string;
  comments: string;
  quantity: number;
  checked: boolean;
  weeklyAdInfo: ListItemUpdate['weeklyAdInfo'] | null;
  created: number;
  modified: number;
}

export interface ListRow {
  list_id: string;
  customer_guid: string;
  banner_id: string;
  name: string;
  version_key: string;
  items: string;
  item_count: number;
  created_at: number;
  modified_at: number;
  modified_by: string;
}

const unprocessable = (reason: string) => new HttpError(ERROR_CODES.UNPROCESSABLE, reason, 422);

/** A list name as the rules take it: trimmed, 1..128 characters (code points). */
export function checkListName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw unprocessable(LIST_SERVER_REASONS.NAME_EMPTY);
  if ([...name].length > LIST_LIMITS.MAX_NAME_LENGTH) throw unprocessable(LIST_SERVER_REASONS.NAME_TOO_LONG);
  return name;
}

export const newVersionKey = () => crypto.randomUUID().replaceAll('-', '').slice(0, 20);

export async function listsOf(db: D1Database, customerGUID: string, banner: string): Promise<ListRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM shopping_lists WHERE customer_guid = ?1 AND banner_id = ?2')
    .bind(customerGUID, banner)
    .all<ListRow>();
  return results;
}

export async function listOf(db: D1Database, customerGUID: string, banner: string, listId: string): Promise<ListRow> {
  const row = await db
    .prepare('SELECT * FROM shopping_lists WHERE list_id = ?1 AND customer_guid = ?2 AND banner_id = ?3')
    .bind(listId, customerGUID, banner)
    .first<ListRow>();
  if (!row) throw unprocessable(LIST_SERVER_REASONS.NOT_FOUND);
  return row;
}

export function storedItems(row: ListRow): StoredItem[] {
  return JSON.parse(row.items) as StoredItem[];
}

/**
 * Applies a PUT's items to the stored ones (shopping §5, §7): an item is found by its id when that
 * is a stored item's (then nothing else is needed: `{ id, quantity: 0 }` removes it), else by its
 * identity; quantity 0 removes it, another quantity sets it; checked and comments change when
 * given. A UPC item takes its name from the catalog. Refused with the server's reasons: a quantity
 * above 999, more than 250 unique items.
 */
export function applyItemUpdates(
  before: readonly StoredItem[],
  updates: readonly ListItemUpdate[],
  catalog: ReadonlyMap<string, { name: string; categoryId: string }>,
  now: number,
): StoredItem[] {
  const items = new Map(before.map((item) => [item.identity, { ...item }]));
  for (const update of updates) {
    if (update.quantity > LIST_LIMITS.MAX_QUANTITY) throw unprocessable(LIST_SERVER_REASONS.MAX_QUANTITY);
    const byId = update.id ? [...items.values()].find((item) => item.id === update.id) : undefined;
    const product = !byId && update.upc ? catalog.get(update.upc) : undefined;
    if (!byId && update.upc && !product)
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, `No product was found for UPC ${update.upc}.`, 422);
    const type: ListItemType = update.upc
      ? update.type === 'WEEKLY_AD'
        ? 'WEEKLY_AD'
        : 'UPC'
      : update.type === 'WEEKLY_AD'
        ? 'WEEKLY_AD'
        : 'CUSTOMER_DEFINED';
    const name = product?.name ?? (update.name ?? '').trim();
    if (!byId && !update.upc && name.length === 0)
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'An item needs a upc or a name.', 422);
    const identity = listItemIdentity({ upc: update.upc ?? null, categoryId: update.categoryId ?? null, name });
    const existing = byId ?? items.get(identity);
    if (update.quantity === 0) {
      if (existing) items.delete(existing.identity);
      continue;
    }
    if (existing) {
      existing.quantity = update.quantity;
      if (update.checked !== undefined) existing.checked = update.checked;
      if (update.comments !== undefined) existing.comments = update.comments;
      if (update.weeklyAdInfo !== undefined) existing.weeklyAdInfo = update.weeklyAdInfo;
      existing.modified = now;
      continue;
    }
    items.set(identity, {
      id: crypto.randomUUID(),
      identity,
      type,
      upc: update.upc ?? null,
      categoryId: update.categoryId ?? product?.categoryId ?? null,
      name: [...name].slice(0, 200).join(''),
      comments: update.comments ?? '',
      quantity: update.quantity,
      checked: update.checked ?? false,
      weeklyAdInfo: update.weeklyAdInfo ?? null,
      created: now,
      modified: now,
    });
  }
  const after = [...items.values()];
  if (after.length > LIST_LIMITS.MAX_UNIQUE_ITEMS) throw unprocessable(LIST_SERVER_REASONS.MAX_ITEMS);
  return after;
}
