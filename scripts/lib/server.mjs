// wrangler dev on the built worker, in its own process group, and waiting until it answers.
/* global AbortSignal */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BUILT_CONFIG } from './build.mjs';
import { bin, shown } from './env.mjs';
import { freePort, startGroup, stopGroup } from './proc.mjs';

/** Our own servers use ports 8800-8899 (8787-8799 are for people's `npm start`). */
export const TOOL_PORTS = [8800, 8899];

/**
 * The banners' public origins of a development server on `port`: Harvest on 127.0.0.1, Bayside on
 * bayside.localhost (which browsers resolve to this machine). wrangler.jsonc holds them for 8787;
 * a server on another port gets its own, so its links and emails lead back to it.
 */
function devBannerOrigins(port) {
  return `harvest=http://127.0.0.1:${port},bayside=http://bayside.localhost:${port}`;
}

/**
 * Starts `wrangler dev -c dist/server/wrangler.json` with an explicit state dir and dev vars
 * file. Without --persist-to, wrangler would keep its state beside the built config
 * (dist/server/.wrangler), which the next build wipes and which the D1 commands do not read.
 * Resolves once GET /__edge/ping answers 200; rejects if wrangler exits or the wait runs out.
 * Options for the split topology (scripts/lib/split.mjs): `config` instead of the built one,
 * `extraConfigs` (more workers in the same wrangler dev, joined by service bindings; each reads
 * the .dev.vars beside its config, as --env-file then applies to none), `vars` (--var NAME:VALUE)
 * `ready` (how to tell it answers; default the edge's ping), `avoidPorts` (taken by a server
 * about to start) and `inspectorPort` (chosen by the caller when servers start side by side). BANNER_ORIGINS is the port's own (devBannerOrigins) unless `vars` names one.
 */
export async function startServer({
  port,
  persistTo,
  envFile,
  output = 'inherit',
  timeoutMs = 90_000,
  config = BUILT_CONFIG,
  extraConfigs = [],
  vars = {},
  ready,
  avoidPorts = [],
  inspectorPort,
}) {
  // The build's id keys the edge's page cache (worker/pages.ts): the build stamp beside the built config.
  const stamp = join(dirname(dirname(config)), '.build-stamp');
  if (!vars.BUILD_ID && existsSync(stamp))
    vars = { BUILD_ID: readFileSync(stamp, 'utf8').trim().slice(0, 16), ...vars };
  vars = { BANNER_ORIGINS: devBannerOrigins(port), ...vars };
  inspectorPort ??= await freePort(TOOL_PORTS[0], TOOL_PORTS[1], [port, ...avoidPorts]);
  const child = startGroup(
    bin('wrangler'),
    [
      'dev',
      '-c',
      config,
      ...extraConfigs.flatMap((extra) => ['-c', extra]),
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      persistTo,
      ...(envFile ? ['--env-file', envFile] : []),
      '--show-interactive-dev-session=false',
    ],
    { output },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  const answering = (ready ?? waitForPing)(url, timeoutMs);
  const outcome = await Promise.race([answering, exited.then((how) => ({ exited: how }))]);
  if (outcome !== true) {
    await stopGroup(child);
    const why =
      outcome === false
        ? `did not answer ${url}/__edge/ping within ${timeoutMs / 1000} s`
        : `exited (${outcome.exited}) before answering`;
    throw new Error(`wrangler dev ${why} (config ${shown(config)}, state ${shown(persistTo)}).`);
  }
  return { url, child, stop: () => stopGroup(child) };
}

/** Polls GET {url}/__edge/ping until it answers 200 (true) or the time runs out (false). */
export function waitForPing(url, timeoutMs) {
  return waitForAnswer(`${url}/__edge/ping`, timeoutMs, (response) => response.ok);
}

/** Polls GET {url} until `accept(response)` holds (true) or the time runs out (false). */
export async function waitForAnswer(url, timeoutMs, accept = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (accept(response)) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return false;
}
