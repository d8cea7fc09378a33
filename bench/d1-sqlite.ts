// A D1Database over node:sqlite on a local D1's file, for profiling in one thread
// (bench/search-profile.ts --sqlite): SQLite's CPU then shows in the same process's CPU time and
// CPU profile as the JS that asked for it, with no HTTP hop to workerd in between. Enough of D1
// for what search reads and the bench's writer writes: prepare/bind, raw, all, first, run, batch
// (one transaction). Not the production binding: its SQLite build and version are Node's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

type Value = SQLInputValue | boolean | undefined;

/** D1 binds an integral number as INTEGER; node:sqlite binds every number as REAL. */
const bound = (values: readonly Value[]): SQLInputValue[] =>
  values.map((value) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === 'boolean') return value ? 1 : 0;
    return value ?? null;
  });

/** A SQLite file at `file` with every migration applied (foreign keys off, as D1 applies them), for tests. */
export function migratedSqlite(file: string): DatabaseSync {
  const sqlite = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  for (const migration of readdirSync('migrations')
    .filter((name) => name.endsWith('.sql'))
    .sort())
    sqlite.exec(readFileSync(join('migrations', migration), 'utf8'));
  return sqlite;
}

export function sqliteD1(file: string): { db: D1Database; close: () => void } {
  const sqlite = new DatabaseSync(file);
  const statements = new Map<string, StatementSync>();
  /** statements that read an integer past 2^53 */
  const wide = new Set<string>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
    return statement;
  };
  const meta = (changes = 0, lastRowId = 0) => ({
    changes,
    last_row_id: lastRowId,
    duration: 0,
    changed_db: changes > 0,
  });
  class Statement {
    readonly sql: string;
    readonly values: readonly Value[];
    constructor(sql: string, values: readonly Value[] = []) {
      this.sql = sql;
      this.values = values;
    }
    bind(...values: Value[]) {
      return new Statement(this.sql, values);
    }
    rows(arrays: boolean): unknown[] {
      const statement = prepared(this.sql);
      statement.setReturnArrays(arrays);
      if (!wide.has(this.sql)) {
        try {
          return statement.all(...bound(this.values));
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          wide.add(this.sql); // a 64-bit integer (search_state's random() versions): read as D1 does, a lossy number
        }
      }
      statement.setReadBigInts(true);
      const number = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);
      return statement
        .all(...bound(this.values))
        .map((row) =>
          Array.isArray(row)
            ? row.map(number)
            : Object.fromEntries(Object.entries(row as object).map(([key, value]) => [key, number(value)])),
        );
    }
    result() {
      const statement = prepared(this.sql);
      if (statement.columns().length === 0) {
        const { changes, lastInsertRowid } = statement.run(...bound(this.values));
        return { success: true, results: [], meta: meta(Number(changes), Number(lastInsertRowid)) };
      }
      return { success: true, results: this.rows(false), meta: meta() };
    }
    async raw() {
      return this.rows(true);
    }
    async all() {
      return this.result();
    }
    async run() {
      return this.result();
    }
    async first(column?: string) {
      const row = this.rows(false)[0] as Record<string, unknown> | undefined;
      return column === undefined ? (row ?? null) : (row?.[column] ?? null);
    }
  }
  const db = {
    prepare: (sql: string) => new Statement(sql),
    async batch(list: Statement[]) {
      sqlite.exec('BEGIN');
      try {
        const results = list.map((statement) => statement.result());
        sqlite.exec('COMMIT');
        return results;
      } catch (error) {
        sqlite.exec('ROLLBACK');
        throw error;
      }
    },
    async exec(sql: string) {
      sqlite.exec(sql);
      return { count: 0, duration: 0 };
    },
    withSession: () => db,
  };
  return { db: db as unknown as D1Database, close: () => sqlite.close() };
}
