// Percentiles and the price writer of bench/search-latency.ts.
import type { Miniflare } from 'miniflare';
import { STORES } from './search-queries.ts';
import { WRITER } from './search-setup.ts';

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

interface WriterOptions {
  perSecond: number;
  products: number;
  unrelated: boolean;
}

/** One write: a statement and its parameters. */
interface Write {
  sql: string;
  params: unknown[];
}

export interface Writer {
  /** Stops the writer; answers the writes done per second. */
  stop: () => number;
  /** Writes started so far. */
  started: () => number;
  /** ms this thread spent starting writes (the timer's callbacks) so far. */
  busyMs: () => number;
}

const IDLE: Writer = { stop: () => 0, started: () => 0, busyMs: () => 0 };

/** A price/stock UPDATE of product_prices (random product and store), or with `unrelated` an INSERT into a table no search reads. */
function nextWrite({ products, unrelated }: WriterOptions): Write {
  const docId = 1 + Math.floor(Math.random() * products);
  if (unrelated) return { sql: 'INSERT INTO bench_noise VALUES (?1)', params: [docId] };
  return {
    sql: 'UPDATE product_prices SET regular_cents = ?1, stock_quantity = ?2 WHERE location_id = ?3 AND gtin13 = (SELECT gtin13 FROM products WHERE doc_id = ?4)',
    params: [
      100 + Math.floor(Math.random() * 900),
      Math.floor(Math.random() * 40),
      STORES[docId % STORES.length] as string,
      docId,
    ],
  };
}

const NOISE_TABLE: Write = { sql: 'CREATE TABLE IF NOT EXISTS bench_noise (n INTEGER)', params: [] };

/** Sends one write every 1000/`perSecond` ms through `send`. */
async function startTimer(send: (write: Write) => Promise<unknown>, options: WriterOptions): Promise<Writer> {
  if (options.perSecond <= 0) return IDLE;
  if (options.unrelated) await send(NOISE_TABLE);
  const started = performance.now();
  let sent = 0;
  let written = 0;
  let busy = 0;
  const timer = setInterval(() => {
    const begun = performance.now();
    sent += 1;
    send(nextWrite(options)).then(
      () => {
        written += 1;
      },
      (error: unknown) => console.error('writer:', error),
    );
    busy += performance.now() - begun;
  }, 1000 / options.perSecond);
  return {
    stop: () => {
      clearInterval(timer);
      return round(written / ((performance.now() - started) / 1000));
    },
    started: () => sent,
    busyMs: () => busy,
  };
}

/**
 * Starts the writer of bench/search-latency.ts: its writes go to the Miniflare's writer worker
 * (bench/search-setup.ts), which runs them on the same D1 as the searches, as a checkout or a
 * repricing job would from another isolate. Not through Miniflare's D1 binding in this process:
 * its prepare() and bind() are synchronous round trips into workerd that block this thread (about
 * 10 ms each write, up to 27 ms), and this thread times the searches (docs/decisions/605).
 */
export async function startWriter(mf: Miniflare, options: WriterOptions): Promise<Writer> {
  const writer = await mf.getWorker(WRITER);
  return startTimer(async (write) => {
    const response = await writer.fetch('http://writer/', { method: 'POST', body: JSON.stringify(write) });
    const body = await response.text();
    if (!response.ok) throw new Error(`writer answered ${response.status}: ${body.slice(0, 200)}`);
  }, options);
}

/** startWriter on a D1 binding in this process (bench/search-profile.ts --sqlite gives its own). */
export function startWriterOn(db: D1Database, options: WriterOptions): Promise<Writer> {
  return startTimer(
    (write) =>
      db
        .prepare(write.sql)
        .bind(...write.params)
        .run(),
    options,
  );
}
