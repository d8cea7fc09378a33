import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startWorkers } from '../../bench/search-setup.ts';
import { startWriter } from '../../bench/search-stats.ts';

// bench/search-latency.ts times each search on its own thread while its writer lands 10 writes a
// second on the same D1. Through Miniflare's D1 binding in Node, a write's prepare() and bind()
// block that thread for about 10 ms each write (synchronous round trips into workerd), and the
// searches under way were timed that much slower (docs/decisions/605). The writer now sends its
// writes to a worker of its own: starting one costs this thread about 0.1 ms.

const IDLE = 'export default { fetch: () => new Response(null, { status: 404 }) };';

test("the search bench's writer does not hold the thread that times the searches", async () => {
  const work = mkdtempSync(join(tmpdir(), 'bench-writer-'));
  const mf = startWorkers(work, { upstream: IDLE, edge: IDLE });
  try {
    await mf.ready;
    const writer = await startWriter(mf, { perSecond: 50, products: 1000, unrelated: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = writer.started();
    const busy = writer.busyMs();
    expect(writer.stop()).toBeGreaterThan(10); // the writes landed
    const rows = await (await mf.getD1Database('DB')).prepare('SELECT count(*) AS n FROM bench_noise').first<{
      n: number;
    }>();
    expect(rows?.n).toBeGreaterThan(10);
    expect(started).toBeGreaterThan(10);
    expect(busy / started).toBeLessThan(5);
  } finally {
    await mf.dispose();
    rmSync(work, { recursive: true, force: true });
  }
});
