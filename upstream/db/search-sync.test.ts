import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, test, vi } from 'vitest';
import { sqliteD1 } from '../../bench/d1-sqlite.ts';

// A new isolate answers its first searches from partial indexes while its whole index loads in the
// background (search-sync.ts warm). At 200,000 products that load takes seconds, and a search's
// epoch check queued behind it: the isolate's second search waited 3.2 s (decision 612).

const dir = mkdtempSync(join(tmpdir(), 'search-sync-'));
const file = join(dir, 'd1.sqlite');
const setup = new DatabaseSync(file);
setup.exec(`CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER, deals_version INTEGER);
  INSERT INTO search_state VALUES (1, 42, 0);
  CREATE TABLE search_changes (seq INTEGER PRIMARY KEY, location_id TEXT, gtin13 TEXT);`);
const { db, close } = sqliteD1(file);
afterAll(() => {
  setup.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

test("a cold isolate's epoch check does not wait for its whole index's load", async () => {
  vi.resetModules();
  const { currentEpoch, sync, warm } = await import('./search-sync.ts');
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  // the whole index's load is one batch of several statements: it is held until released
  const slow = new Proxy(db, {
    get(target, key) {
      if (key !== 'batch') return Reflect.get(target, key) as unknown;
      return async (statements: D1PreparedStatement[]) => {
        if (statements.length > 1) {
          loads += 1;
          await gate;
        }
        return target.batch(statements);
      };
    },
  });
  const loading = warm(slow, '70100123');
  await vi.waitFor(() => expect(loads).toBe(1));
  const checked = await Promise.race([
    sync(slow).then(() => 'checked'),
    new Promise((resolve) => setTimeout(() => resolve('waited for the load'), 1000)),
  ]);
  expect(checked).toBe('checked');
  expect(currentEpoch()).toBe(42);
  release();
  await loading; // the load fails on this bare schema; warm leaves it to the next search
});
