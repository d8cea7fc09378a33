import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, sourceFiles } from './source-files.ts';

// No dead code (issue 7 §5): every module under src/, worker/ and upstream/ is reached by an
// import chain from something that runs — a page, a worker entry, the seed CLI, the Astro config,
// a script or the bench — not only from its own tests. A module written for later fails here
// until it is wired in.

/** What runs without being imported by our code. */
const ENTRIES = [
  /^src\/pages\//,
  /^worker\/index(-embedded)?\.ts$/,
  /^upstream\/worker\.ts$/,
  /^upstream\/seed\/cli\.ts$/,
  /^astro\.config\.mjs$/,
  /^scripts\/[^/]+\.mjs$/,
  /^bench\/[^/]+\.(mjs|ts)$/,
];
/** Specifiers: static and dynamic imports, re-exports, side-effect imports, new URL('./x', import.meta.url). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

const files = sourceFiles(['src', 'worker', 'upstream', 'scripts', 'bench', 'astro.config.mjs']);
const known = new Set(files);

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const target = normalize(join(dirname(file), match[1]!));
    const found = [target, `${target}.ts`, `${target}.tsx`, `${target}.mjs`, join(target, 'index.ts')].find(
      (candidate) => known.has(candidate),
    );
    if (found) out.push(found);
  }
  return out;
}

test('every module under src/, worker/ and upstream/ is imported by code that runs, not only by tests', () => {
  const reached = new Set<string>();
  const stack = files.filter((file) => ENTRIES.some((entry) => entry.test(file)));
  expect(stack.length).toBeGreaterThan(10);
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    stack.push(...importsOf(file));
  }
  const unreached = files
    .filter((file) => /^(src|worker|upstream)\//.test(file) && !reached.has(file))
    .map((file) => relative('.', file));
  expect(unreached, 'modules only tests (or nothing) import: wire them in or delete them').toEqual([]);
});
