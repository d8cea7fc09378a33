import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { scheduled } from '../../upstream/scheduled.ts';
// eslint-disable-next-line no-restricted-imports -- the refresh the Cron Trigger runs, run a second time
import { refreshPopularity } from '../../upstream/db/search-relevance.ts';
import { createApp } from '../fixtures/app.ts';
import { seedIdentity, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, seedTestProduct } from '../fixtures/seed.ts';

// What shoppers buy ranks search within a tier (search_popularity, docs/decisions/570). The
// snapshot is refreshed by the upstream's daily Cron Trigger (docs/decisions/595): a receipt
// written since moves its product up the next search after the refresh, and a refresh that
// changes no figure leaves the index's version alone (no isolate reloads its index for nothing).

const app = createApp();
const QUERY = 'zestwick milk';
/** Two products alike in every ranked fact but their GTIN: only what shoppers buy can order them. */
const TWINS = ['2000000000011', '2000000000028'];

async function ranked(): Promise<string[]> {
  const ctx = createExecutionContext();
  const response = await app.request(
    `${TEST_ORIGIN}/atlas/v1/search/v1/products-search?filter.query=${QUERY}&page.size=24`,
    {},
    env,
    ctx,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { productsSearch: { upc: string }[] } };
  await waitOnExecutionContext(ctx);
  return body.data.productsSearch.map((item) => item.upc);
}

async function runCron(): Promise<void> {
  const ctx = createExecutionContext();
  await scheduled({ cron: '17 3 * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}

const version = async () =>
  (await env.DB.prepare('SELECT version FROM search_state WHERE id = 1').first<{ version: number }>())?.version;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 400 });
  await seedIdentity(env);
  for (const gtin13 of TWINS)
    await seedTestProduct(env.DB, { gtin13, name: 'Zestwick Whole Milk', priceCents: 399, locationId: '70100101' });
});

describe("search's popularity snapshot", () => {
  test('takes in the receipts written since on the daily Cron Trigger, and the next search ranks by them', async () => {
    const before = await ranked();
    expect(before).toHaveLength(2);
    // The second of the twins, bought by the caseload, goes first once the snapshot has it.
    const upc = before[1] as string;
    const { gtin13 } = (await env.DB.prepare('SELECT gtin13 FROM products WHERE upc = ?1 OR gtin13 = ?1')
      .bind(upc)
      .first<{ gtin13: string }>()) as { gtin13: string };
    const customer = await env.DB.prepare('SELECT customer_guid FROM customers LIMIT 1').first<{
      customer_guid: string;
    }>();
    await env.DB.prepare(
      `INSERT INTO receipts (receipt_id, customer_guid, banner, location_id, source, fulfillment_type, transaction_time, time_zone, total_cents, items)
       VALUES ('popularity-test', ?1, 'harvest', '70100101', 'STORE', 'IN_STORE', ?2, 'America/Chicago', 99900, ?3)`,
    )
      .bind(
        customer?.customer_guid,
        Date.now() - 86_400_000,
        JSON.stringify([{ gtin13, name: 'milk', quantity: 4000, lineTotalCents: 99900 }]),
      )
      .run();
    expect(await ranked(), 'the snapshot, not the receipts, is what search reads').toEqual(before);

    await runCron();
    const units = await env.DB.prepare('SELECT units FROM search_popularity WHERE gtin13 = ?1')
      .bind(gtin13)
      .first<{ units: number }>();
    expect(units?.units).toBe(4000);
    // A search is at most FRESHNESS_MS (100 ms) stale (search-sync.ts): a second later it reads the new version.
    vi.setSystemTime(Date.now() + 1000);
    vi.setSystemTime(Date.now() + 1000);
    const after = await ranked().finally(() => vi.useRealTimers());
    expect(after).toEqual([upc, before[0]]);
  });

  test('leaves the index version alone when no figure changed', async () => {
    await runCron();
    const settled = await version();
    expect(await refreshPopularity(env.DB)).toEqual({ removed: 0, written: 0 });
    expect(await version()).toBe(settled);
  });
});
