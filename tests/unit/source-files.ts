import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository's own non-test source files, as the tree-wide unit tests read them
// (reachable.test.ts, file-size.test.ts).

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const TEST = /\.test\.(ts|tsx)$/;

function walk(dir: string): string[] {
  const path = join(ROOT, dir);
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [dir];
  return readdirSync(path).flatMap((name) =>
    name === 'node_modules' || name === 'reports' ? [] : walk(join(dir, name)),
  );
}

/** The code files (no tests, no declarations) under these folders and files, relative to the root. */
export function sourceFiles(roots: readonly string[]): string[] {
  return roots
    .flatMap(walk)
    .filter((file) => CODE.test(file) && !TEST.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'));
}
