// Build the site only when its sources changed since the last build (dist/.build-stamp).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, repoPath, ROOT, step } from './env.mjs';
import { run } from './proc.mjs';

/** What the build reads. Unit tests beside the code are left out: the build never imports them. */
const BUILD_INPUTS = [
  'src',
  'worker',
  'upstream',
  'public',
  'astro.config.mjs',
  'wrangler.jsonc',
  'wrangler.edge.jsonc',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const IGNORED = /(^|\/)(node_modules|\.DS_Store)$|\.test\.tsx?$/;

export const BUILT_CONFIG = repoPath('dist', 'server', 'wrangler.json');

/**
 * The builds: `embedded` (wrangler.jsonc: the edge with the reference upstream in-process, what
 * `npm start` and the journeys run) and `edge` (wrangler.edge.jsonc: the edge apart, no upstream
 * code, for the split topology; docs/decisions/110).
 */
const BUILDS = {
  embedded: { outDir: 'dist', env: {} },
  edge: { outDir: 'dist-edge', env: { EDGE_WRANGLER_CONFIG: 'wrangler.edge.jsonc', ASTRO_OUT_DIR: './dist-edge' } },
};

/** The wrangler config astro build writes for a build. */
export const builtConfig = (build = 'embedded') => repoPath(BUILDS[build].outDir, 'server', 'wrangler.json');

function* files(path) {
  if (!existsSync(path) || IGNORED.test(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.isDirectory() || entry.isFile()) yield* files(join(path, entry.name));
  }
}

/** A hash of every build input's path and content (content, not mtime: a fresh checkout keeps it). */
function sourceHash() {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(repoPath(input))) {
      hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** Runs `astro build` unless its output was built from these very sources; returns true if it built. */
export async function buildIfNeeded({ force = false, build = 'embedded' } = {}) {
  const { outDir, env } = BUILDS[build];
  const stampFile = repoPath(outDir, '.build-stamp');
  const config = builtConfig(build);
  const hash = sourceHash();
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && stamp === hash && existsSync(config)) {
    step(`Build: ${outDir}/ is up to date with the sources (skipped)`);
    return false;
  }
  step(
    `${stamp ? 'Build: sources changed since the last build' : 'Build: no previous build'}, running astro build${build === 'embedded' ? '' : ` (${build}: ${env.EDGE_WRANGLER_CONFIG} into ${outDir}/)`}`,
  );
  const started = Date.now();
  await run(bin('astro'), ['build'], { env });
  if (!existsSync(config)) throw new Error(`astro build finished but ${outDir}/server/wrangler.json is missing.`);
  writeFileSync(stampFile, `${hash}\n`);
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
