// The database and workers of bench/search-latency.ts: a seeded local D1 (written once, reused
// with --reuse) and the upstream and edge apps bundled and run as two workers of one Miniflare.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { generateSeed } from '../upstream/seed/seed.ts';

const DATABASE_ID = '00000000-0000-0000-0000-000000000000';
const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const migrate = (state: string) =>
  execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    env: WRANGLER_ENV,
    stdio: 'ignore',
  });

/**
 * Writes the write-ahead log wrangler left into the database file: a seed or a migration leaves
 * hundreds of MB of WAL, which the first isolate to open the D1 would otherwise read through
 * (a first search seconds slow that a deployed D1 never shows).
 */
function checkpoint(state: string): void {
  const dir = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (!file.endsWith('.sqlite') || file === 'metadata.sqlite') continue;
    const db = new DatabaseSync(join(dir, file));
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
  }
}

/**
 * A local D1 of `products` products under `work`/state: seeded afresh (seed SQL written by
 * upstream/seed, migrations and seed applied by wrangler, timed), or with `reuse` the one seeded
 * before with only the migrations added since. Answers the state directory.
 */
export async function prepareDatabase(work: string, products: number, reuse: boolean): Promise<string> {
  const state = join(work, 'state');
  mkdirSync(work, { recursive: true });
  if (reuse && existsSync(state)) {
    timed('wrangler d1 migrations apply (pending)', () => migrate(state));
    checkpoint(state);
    return state;
  }
  rmSync(state, { recursive: true, force: true });
  const seedFile = join(work, 'seed.sql');
  const started = performance.now();
  // search only: the wallet's cards are hashed under a throwaway key nothing here checks them with
  const statements = await generateSeed({ products, walletHashKey: randomBytes(32).toString('base64url') });
  writeFileSync(seedFile, `${statements.join(';\n')};\n`);
  console.log(
    `seed SQL (${products} products, ${statements.length} statements): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  timed('wrangler d1 migrations apply', () => migrate(state));
  timed('wrangler d1 execute --file (seed)', () =>
    execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', seedFile, '--yes'], {
      env: WRANGLER_ENV,
      stdio: 'ignore',
    }),
  );
  checkpoint(state);
  return state;
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    external: ['node:*', 'cloudflare:*'], // nodejs_compat provides the node: built-ins
  });
  return result.outputFiles[0]?.text ?? '';
}

export const UPSTREAM = 'upstream';
export const EDGE = 'edge';
export type Target = typeof UPSTREAM | typeof EDGE;
/** The worker that runs the bench's price writes on the D1 (bench/search-stats.ts startWriter). */
export const WRITER = 'writer';
const WRITER_SCRIPT = `export default {
  async fetch(request, env) {
    const { sql, params } = await request.json();
    await env.DB.prepare(sql).bind(...params).run();
    return new Response(null, { status: 204 });
  },
};`;

/** The two bundles, built once per bench run (each Miniflare started later reuses them). */
export async function bundleWorkers(): Promise<Record<Target, string>> {
  return {
    [UPSTREAM]: await bundle(
      "import { createUpstreamApp } from './upstream/app.ts';\nexport default { fetch: createUpstreamApp().fetch };",
    ),
    // The edge app without Astro's page handler: the API routes are what search goes through.
    [EDGE]: await bundle(
      "import { createApp } from './worker/app.ts';\nimport { createUpstreamApp } from './upstream/app.ts';\nconst app = createApp({ embeddedUpstream: createUpstreamApp() });\nexport default { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };",
    ),
  };
}

/** The upstream and edge workers (new isolates) and the writer on the D1 at `state`. */
export function startWorkers(state: string, scripts: Record<Target, string>): Miniflare {
  const worker = {
    modules: true,
    compatibilityDate: '2026-08-01', // miniflare's own workerd may be older than wrangler's
    compatibilityFlags: ['nodejs_compat'],
    d1Databases: { DB: DATABASE_ID },
  };
  return new Miniflare({
    // BENCH_INSPECTOR_PORT: the workers' DevTools protocol there (ws://127.0.0.1:PORT/<worker name>), to pause a search and see its stack
    inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) || undefined,
    d1Persist: join(state, 'v3', 'd1'),
    workers: [
      { ...worker, name: UPSTREAM, script: scripts[UPSTREAM] },
      {
        ...worker,
        name: EDGE,
        script: scripts[EDGE],
        bindings: {
          UPSTREAM: 'embedded',
          DEFAULT_BANNER: 'harvest',
          UPSTREAM_TIMEOUT_MS: '8000',
          BANNER_ORIGINS: 'harvest=http://127.0.0.1:8787,bayside=http://bayside.localhost:8787',
        },
      },
      { ...worker, name: WRITER, script: WRITER_SCRIPT },
    ],
  });
}
