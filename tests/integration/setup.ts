import { applyD1Migrations, env } from 'cloudflare:test';
// the harness resets the upstream's search index (test set-up, not worker code)
// eslint-disable-next-line no-restricted-imports
import { forgetIndex } from '../../upstream/db/search-sync.ts';

// Every integration test file starts from the migrated schema and no rows; seed what a test needs
// with tests/fixtures helpers. The files of a vitest worker share one workerd (isolate: false in
// vitest.config.ts, docs/decisions/598), so the schema the file before left is dropped first:
// views and triggers, then the tables (an FTS5 table takes its shadow tables with it). The search
// index the isolate holds (and a load of the file before still on its way) goes first.
await forgetIndex();
const { results } = await env.DB.prepare(
  `SELECT name, type, sql FROM sqlite_master
   WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
).all<{ name: string; type: string; sql: string | null }>();
const virtual = results.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
const SHADOW = ['data', 'idx', 'content', 'docsize', 'config'];
const shadow = (name: string) => virtual.some((table) => SHADOW.some((suffix) => name === `${table}_${suffix}`));
// a table goes once no table left references it (dropping a table deletes its rows, which the
// foreign keys of a table that references it would check)
const tables = new Map(
  results
    .filter((row) => row.type === 'table' && !shadow(row.name))
    .map((row) => [row.name, new Set([...(row.sql ?? '').matchAll(/REFERENCES\s+"?(\w+)/gi)].map((m) => m[1]!))]),
);
const tableOrder: string[] = [];
while (tables.size > 0) {
  const free = [...tables.keys()].filter((name) =>
    [...tables].every(([other, refs]) => other === name || !refs.has(name)),
  );
  const next = free.length > 0 ? free : [...tables.keys()]; // a cycle: as they come
  for (const name of next) {
    tableOrder.push(name);
    tables.delete(name);
  }
}
const drops = [
  ...results.filter((row) => row.type === 'trigger').map((row) => `DROP TRIGGER IF EXISTS "${row.name}"`),
  ...results.filter((row) => row.type === 'view').map((row) => `DROP VIEW IF EXISTS "${row.name}"`),
  ...tableOrder.map((name) => `DROP TABLE IF EXISTS "${name}"`),
];
if (drops.length > 0)
  await env.DB.batch(['PRAGMA defer_foreign_keys = ON', ...drops].map((sql) => env.DB.prepare(sql)));
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// and the edge's page and image caches, which outlive a file too, start empty for it: they are
// keyed by BUILD_ID (a new build never answers from an older build's copies), so each file is a
// build of its own
(env as { BUILD_ID?: string }).BUILD_ID = `test-file-${crypto.randomUUID()}`;
// and nothing of the old database was indexed while it was replaced
await forgetIndex();
