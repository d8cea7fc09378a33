// npm start: dev secrets → build if sources changed → migrate → seed once (the wallet again after
// a new WALLET_HASH_KEY) → wrangler dev.
// npm run dev: the same set-up, then `astro dev` (hot reload) instead of the built worker.
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { buildIfNeeded } from './lib/build.mjs';
import { DEV_STATE, prepareDatabase, seedSize } from './lib/db.mjs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { bin, repoPath, step } from './lib/env.mjs';
import { isStopping, portIsFree, startGroup, stopAllGroups, stopGroupsOnSignals } from './lib/proc.mjs';
import { startServer, waitForPing } from './lib/server.mjs';

const DEV_MODE = process.argv.includes('--dev');
const DEV_VARS = repoPath('.dev.vars');

async function main() {
  stopGroupsOnSignals();
  const port = Number(process.env.PORT || 8787);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number, not "${process.env.PORT}".`);
  const started = Date.now();
  if (!(await portIsFree(port)))
    throw new Error(
      `port ${port} is in use on 127.0.0.1. Stop what runs there, or choose another: PORT=8788 npm start`,
    );

  step('Secrets: .dev.vars');
  const hadDevVars = existsSync(DEV_VARS);
  const wrote = ensureDevVars(DEV_VARS);
  console.log(
    !wrote
      ? '  .dev.vars exists (kept as it is)'
      : hadDevVars
        ? '  .dev.vars kept; it gained a fresh WALLET_HASH_KEY'
        : '  wrote .dev.vars with fresh SESSION_KEYS, WALLET_HASH_KEY and ENVIRONMENT=development',
  );

  if (!DEV_MODE) await buildIfNeeded();
  await prepareDatabase(DEV_STATE, { products: seedSize(5000), reuse: true, envFile: DEV_VARS });

  let server;
  if (DEV_MODE) {
    step(`Server: astro dev on port ${port} (hot reload; state in .wrangler/state)`);
    const child = startGroup(bin('astro'), ['dev', '--host', '127.0.0.1', '--port', String(port)]);
    const url = `http://127.0.0.1:${port}`;
    if (!(await waitForPing(url, 90_000))) throw new Error(`astro dev did not answer ${url}/__edge/ping within 90 s.`);
    server = { url, child };
  } else {
    step(`Server: wrangler dev -c dist/server/wrangler.json --ip 127.0.0.1 --port ${port} (state in .wrangler/state)`);
    server = await startServer({ port, persistTo: DEV_STATE, envFile: DEV_VARS });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n  Storefront ready at ${server.url}  (in ${seconds} s; Ctrl-C stops it)\n`);
  console.log(
    `  Other banner: http://bayside.localhost:${port}   Demo shopper: demo@harvestmarket.test / FreshPicked!2026\n`,
  );
  if (DEV_MODE && port !== 8787)
    console.log(`  Links and emails name port 8787 (BANNER_ORIGINS in wrangler.jsonc): astro dev takes no --var.\n`);

  const [code, signal] = await once(server.child, 'exit');
  if (isStopping()) return; // Ctrl-C: the signal handler stops the rest and exits
  throw new Error(`the server stopped on its own (${signal ?? `exit ${code}`}).`);
}

main().catch(async (error) => {
  console.error(`\n✗ npm start failed: ${error.message}`);
  await stopAllGroups();
  process.exit(1);
});
