// The split topology (docs/decisions/110): the edge built without upstream code
// (wrangler.edge.jsonc, dist-edge/) and the reference upstream as a worker of its own
// (upstream/worker.ts), joined either by a service binding (one wrangler dev, two configs) or by
// an http origin (two wrangler dev processes), with a fresh shared secret on both sides.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtConfig } from './build.mjs';
import { readDevVars } from './dev-vars.mjs';
import { repoPath, step } from './env.mjs';
import { freePort } from './proc.mjs';
import { startServer, TOOL_PORTS, waitForAnswer } from './server.mjs';

const SPLIT_DIR = repoPath('.tmp', 'split');
/** A request through the edge that needs the upstream: ready means both workers answer, with the secret. */
const THROUGH_THE_EDGE = '/atlas/v1/search/v1/products-search?filter.query=milk';
/** What the upstream worker reads of the dev vars (upstream/context.ts UpstreamBindings). */
const UPSTREAM_VARS = ['ENVIRONMENT', 'WALLET_HASH_KEY', 'EBT_PRIVATE_KEY_JWK'];

/**
 * The upstream's wrangler config for wrangler dev: upstream/wrangler.jsonc with absolute paths,
 * written under .tmp/split/ beside its own .dev.vars (the shared secret and its own settings). wrangler dev reads a worker's
 * secrets from the .dev.vars beside its config when it runs more than one.
 */
function upstreamConfig(secret, envFile) {
  mkdirSync(SPLIT_DIR, { recursive: true });
  const source = JSON.parse(readFileSync(repoPath('upstream', 'wrangler.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  const config = {
    ...source,
    $schema: undefined,
    main: repoPath('upstream', 'worker.ts'),
    d1_databases: source.d1_databases.map((db) => ({ ...db, migrations_dir: repoPath('migrations') })),
  };
  const path = join(SPLIT_DIR, 'upstream.json');
  writeFileSync(path, JSON.stringify(config, null, 2));
  // the upstream's own settings from the journeys' dev vars: the wallet's secrets and ENVIRONMENT (docs/decisions/460)
  const vars = readDevVars(envFile);
  const own = UPSTREAM_VARS.filter((name) => vars[name])
    .map((name) => `${name}=${vars[name]}\n`)
    .join('');
  writeFileSync(join(SPLIT_DIR, '.dev.vars'), `${own}UPSTREAM_SHARED_SECRET=${secret}\n`, { mode: 0o600 });
  return path;
}

/** The edge's secrets beside the built edge config: the journeys' dev vars plus the shared secret. */
function edgeVars(envFile, secret) {
  const config = builtConfig('edge');
  writeFileSync(
    join(config, '..', '.dev.vars'),
    `${readFileSync(envFile, 'utf8')}\nUPSTREAM_SHARED_SECRET=${secret}\n`,
    { mode: 0o600 },
  );
  return config;
}

/**
 * Starts the split topology on `port`: mode 'service' (edge + upstream in one wrangler dev,
 * UPSTREAM=service) or 'origin' (the upstream on a port of its own, the edge with
 * UPSTREAM=http://127.0.0.1:<port>). Resolves to { url, stop } once a search goes through.
 */
export async function startSplit({ mode, port, persistTo, envFile, output }) {
  const secret = randomBytes(32).toString('hex');
  const edge = edgeVars(envFile, secret);
  const upstream = upstreamConfig(secret, envFile);
  const ready = (url, timeoutMs) => waitForAnswer(`${url}${THROUGH_THE_EDGE}`, timeoutMs, (response) => response.ok);
  if (mode === 'service') {
    step(
      `Server: wrangler dev -c ${'dist-edge/server/wrangler.json'} -c .tmp/split/upstream.json on port ${port} (edge + upstream, service binding)`,
    );
    return startServer({ port, persistTo, output, config: edge, extraConfigs: [upstream], ready });
  }
  const upstreamPort = await freePort(TOOL_PORTS[0], TOOL_PORTS[1], [port]);
  step(
    `Server: the upstream alone on port ${upstreamPort}, the edge on port ${port} with UPSTREAM=http://127.0.0.1:${upstreamPort}`,
  );
  // any answer will do: without the secret the upstream refuses (403), which shows it is up
  const upstreamServer = await startServer({
    port: upstreamPort,
    persistTo,
    output,
    config: upstream,
    avoidPorts: [port],
    ready: (url, timeoutMs) => waitForAnswer(url, timeoutMs),
  });
  try {
    const edgeServer = await startServer({
      port,
      persistTo,
      output,
      config: edge,
      vars: { UPSTREAM: `http://127.0.0.1:${upstreamPort}` },
      ready,
    });
    return {
      url: edgeServer.url,
      stop: async () => {
        await edgeServer.stop();
        await upstreamServer.stop();
      },
    };
  } catch (error) {
    await upstreamServer.stop();
    throw error;
  }
}
