import type { WriteGuard } from './idempotency.ts';
import type { ListRow } from './lists.ts';

// The writes of shopping lists (migrations/0018_shopping_lists.sql): each runs in one D1 batch
// with the idempotency record the caller passes (upstream/db/idempotency.ts), so a write and its
// record commit together. The UNIQUE name index may refuse an insert or an update.

let categoryNames: Map<string, { name: string; aisle: number }> | null = null;

/** The catalog's category names and aisles, read once per isolate. */
export async function categories(db: D1Database) {
  if (!categoryNames) {
    const { results } = await db
      .prepare('SELECT category_id, name, aisle_number FROM categories')
      .all<{ category_id: string; name: string; aisle_number: number }>();
    categoryNames = new Map(results.map((row) => [row.category_id, { name: row.name, aisle: row.aisle_number }]));
  }
  return categoryNames;
}

export async function countLists(db: D1Database, customerGUID: string, banner: string): Promise<number> {
  const count = await db
    .prepare('SELECT count(*) AS n FROM shopping_lists WHERE customer_guid = ?1 AND banner_id = ?2')
    .bind(customerGUID, banner)
    .first<{ n: number }>();
  return count?.n ?? 0;
}

/** Inserts an empty list, with `record` in the same batch. */
export async function insertList(
  db: D1Database,
  list: { listId: string; customerGUID: string; banner: string; name: string; versionKey: string; now: number },
  record: D1PreparedStatement[],
): Promise<void> {
  await db.batch([
    db
      .prepare(
        'INSERT INTO shopping_lists (list_id, customer_guid, banner_id, name, name_key, version_key, created_at, modified_at, modified_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)',
      )
      .bind(
        list.listId,
        list.customerGUID,
        list.banner,
        list.name,
        list.name.toLowerCase(),
        list.versionKey,
        list.now,
        'WEB',
      ),
    ...record,
  ]);
}

/**
 * Writes `next` over the list read at `readVersionKey`, with the idempotency record in the same
 * batch (stored only if the list now carries `next`'s version key); false when another write
 * changed the list since (the guarded UPDATE matched nothing).
 */
export async function updateList(
  db: D1Database,
  next: ListRow,
  readVersionKey: string,
  record: (guard: WriteGuard) => D1PreparedStatement[],
): Promise<boolean> {
  const results = await db.batch([
    db
      .prepare(
        'UPDATE shopping_lists SET name = ?1, name_key = ?2, version_key = ?3, items = ?4, item_count = ?5, modified_at = ?6, modified_by = ?7 WHERE list_id = ?8 AND version_key = ?9',
      )
      .bind(
        next.name,
        next.name.toLowerCase(),
        next.version_key,
        next.items,
        next.item_count,
        next.modified_at,
        next.modified_by,
        next.list_id,
        readVersionKey,
      ),
    ...record({
      sql: '(SELECT version_key FROM shopping_lists WHERE list_id = ?91) = ?92',
      binds: [next.list_id, next.version_key],
    }),
  ]);
  return (results[0]?.meta.changes ?? 0) === 1;
}

export async function deleteList(db: D1Database, listId: string, customerGUID: string): Promise<void> {
  await db
    .prepare('DELETE FROM shopping_lists WHERE list_id = ?1 AND customer_guid = ?2')
    .bind(listId, customerGUID)
    .run();
}
