// What the in-memory search index is valid for (docs/decisions/080-search-under-writes.md): the
// products' version (migrations/0005_search_performance.sql) and the newest price/stock change
// (migrations/0006_search_change_log.sql), read together in one statement.

export const VERSION_SQL = 'SELECT version FROM search_state WHERE id = 1';
/** The newest price/stock change (migrations/0006_search_change_log.sql). */
export const CHANGE_SQL = 'SELECT coalesce(max(seq), 0) FROM search_changes';
export const STATE_SQL = `SELECT (${VERSION_SQL}) AS version, (${CHANGE_SQL}) AS seq`;

/** The version of the products and the newest price/stock change, as one search read them. */
export interface SearchState {
  version: number;
  seq: number;
}

/** Reads the version and the change sequence now. */
export async function readState(db: D1Database): Promise<SearchState> {
  const row = await db.prepare(STATE_SQL).first<{ version: number | null; seq: number | null }>();
  return { version: Number(row?.version ?? 0), seq: Number(row?.seq ?? 0) };
}
