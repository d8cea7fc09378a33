// Percentiles and the price writer of bench/search-latency.ts.
import type { Miniflare } from 'miniflare';
import { STORES } from './search-queries.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
export const round = (ms: number) => Number(ms.toFixed(2));

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * Starts the writer: one price/stock UPDATE of product_prices every 1000/`perSecond` ms (random
 * product and store), or with `unrelated` an INSERT into a table no search reads. Answers stop(),
 * which answers the writes done per second.
 */
export async function startWriter(
  mf: Miniflare,
  options: { perSecond: number; products: number; unrelated: boolean },
): Promise<() => number> {
  if (options.perSecond <= 0) return () => 0;
  return startWriterOn(await mf.getD1Database('DB'), options);
}

/** startWriter on a D1 binding of any kind (bench/search-profile.ts --sqlite gives its own). */
export async function startWriterOn(
  db: D1Database,
  options: { perSecond: number; products: number; unrelated: boolean },
): Promise<() => number> {
  if (options.perSecond <= 0) return () => 0;
  if (options.unrelated) await db.prepare('CREATE TABLE IF NOT EXISTS bench_noise (n INTEGER)').run();
  const started = performance.now();
  let written = 0;
  const timer = setInterval(() => {
    const docId = 1 + Math.floor(Math.random() * options.products);
    (options.unrelated
      ? db.prepare('INSERT INTO bench_noise VALUES (?1)').bind(docId)
      : db
          .prepare(
            'UPDATE product_prices SET regular_cents = ?1, stock_quantity = ?2 WHERE location_id = ?3 AND gtin13 = (SELECT gtin13 FROM products WHERE doc_id = ?4)',
          )
          .bind(
            100 + Math.floor(Math.random() * 900),
            Math.floor(Math.random() * 40),
            STORES[docId % STORES.length] as string,
            docId,
          )
    )
      .run()
      .then(
        () => {
          written += 1;
        },
        (error: unknown) => console.error('writer:', error),
      );
  }, 1000 / options.perSecond);
  return () => {
    clearInterval(timer);
    return round(written / ((performance.now() - started) / 1000));
  };
}
