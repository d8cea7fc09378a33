import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

// docs/decisions/110: the edge entry for a remote upstream (worker/index.ts) ships no upstream
// code; only worker/index-embedded.ts brings the reference upstream in. Proved on a real esbuild
// bundle of each entry (Astro's render, @astrojs/cloudflare/fetch and astro/fetch, left external: it is the page build, not ours).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function bundledFiles(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*', '@astrojs/cloudflare/fetch', 'astro/fetch'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('the edge bundle and the upstream', () => {
  test('worker/index.ts (UPSTREAM = a service binding or an origin) bundles no module of upstream/', async () => {
    const files = await bundledFiles('worker/index.ts');
    expect(files).toContain('worker/upstream/client.ts');
    expect(files.filter((file) => file.startsWith('upstream/'))).toEqual([]);
  });

  test('worker/index-embedded.ts brings the reference upstream in (so the check above can see one)', async () => {
    const files = await bundledFiles('worker/index-embedded.ts');
    expect(files).toContain('upstream/app.ts');
    expect(files.some((file) => file.startsWith('upstream/db/'))).toBe(true);
  });
});
