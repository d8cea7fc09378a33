// Paths and the environment every script and child process shares.
import { existsSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, computed from this file so scripts work from any directory. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A path inside the repository. */
export const repoPath = (...parts) => join(ROOT, ...parts);

/** A path as shown to people: relative to the repository. */
export const shown = (path) => relative(ROOT, path) || '.';

const BIN = repoPath('node_modules', '.bin');

/**
 * The environment for child processes: node_modules/.bin first on PATH (so `node` is the
 * project's Node 24 even when the script itself was started by an older system Node), and the
 * tools that phone home quietened.
 */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    ...extra,
  };
}

/** The command for a tool installed in node_modules/.bin; fails clearly before `npm install`. */
export function bin(name) {
  const path = join(BIN, name);
  if (!existsSync(path)) {
    throw new Error(`${name} is not installed (no ${shown(path)}). Run \`npm install\` first.`);
  }
  return path;
}

/**
 * Prints one step of a script, prefixed so it stands out from the tools' own output, with the
 * seconds since the script started: a CI log then says where its time went (issue 21 §5).
 */
export function step(message) {
  console.log(`\n▸ [${process.uptime().toFixed(0)} s] ${message}`);
}
