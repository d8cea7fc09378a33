import { ESLint } from 'eslint';
import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The import-direction rule of eslint.config.js (docs/decisions/071), run through ESLint's Node
// API with the project's own config: each forbidden direction fails the lint, the allowed ones
// pass. Snippets are linted as if they lived at `filePath` (nothing is written), with this rule
// alone (ruleFilter): the others are the lint's business.
//
// The repository itself is held to the rule by `npm run lint` (eslint ., before the tests in CI):
// here it is enough that the config turns the rule on for every file of src/ and worker/. (This
// file linted all ~430 files of src/ and worker/ with every rule again: most of its 14 s in CI.)

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RULE = 'local/import-direction';
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === RULE });

async function directionErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the import-direction lint rule', { timeout: 20_000 }, () => {
  test('src/lib importing our code outside src/lib fails', async () => {
    expect(
      await directionErrors(
        'src/lib/money/bad.ts',
        "import { x } from '../../components/x.ts';\nexport const y = x;\n",
      ),
    ).toEqual(['src/lib is pure: it imports nothing of ours outside src/lib (found src/components/x.ts).']);
    expect(
      await directionErrors('src/lib/money/bad.ts', "export { x } from '../../../tests/fixtures/x.ts';\n"),
    ).toHaveLength(1);
  });

  test('anything under src/ importing worker/ or upstream/ fails, statically, re-exported or dynamically', async () => {
    expect(
      await directionErrors(
        'src/components/Bad.ts',
        "import type { X } from '../../worker/types.ts';\nexport type Y = X;\n",
      ),
    ).toEqual(['src/ does not import worker/: pages get their context as Astro.locals (docs/decisions/070).']);
    expect(await directionErrors('src/pages/bad.ts', "export * from '../../upstream/app.ts';\n")).toEqual([
      'src/ does not import upstream/: pages get their context as Astro.locals (docs/decisions/070).',
    ]);
    expect(
      await directionErrors('src/islands/bad.ts', "export const m = () => import('../../worker/app.ts');\n"),
    ).toHaveLength(1);
  });

  test('an .astro page importing the worker fails too', async () => {
    const page =
      "---\nimport { servePage } from '../../worker/pages.ts';\nconst s = servePage;\n---\n<p>{String(s)}</p>\n";
    expect(await directionErrors('src/pages/bad.astro', page)).toHaveLength(1);
  });

  test('worker/ importing upstream/ fails, except the embedded entry', async () => {
    const code = "import { createUpstreamApp } from '../upstream/app.ts';\nexport const app = createUpstreamApp;\n";
    expect(await directionErrors('worker/bad.ts', code)).toEqual([
      'worker/ reaches the upstream only through its client; only worker/index-embedded.ts imports upstream/ (docs/decisions/110).',
    ]);
    expect(await directionErrors('worker/index-embedded.ts', code)).toEqual([]);
  });

  test('allowed directions pass: src/lib within itself, src/ on src/lib, worker/ on src/ and on its own worker/upstream/', async () => {
    expect(
      await directionErrors('src/lib/money/good.ts', "import { x } from '../http/errors.ts';\nexport const y = x;\n"),
    ).toEqual([]);
    expect(
      await directionErrors(
        'src/components/Good.ts',
        "import type { PageContext } from '../lib/http/page-context.ts';\nexport type C = PageContext;\n",
      ),
    ).toEqual([]);
    // worker/middleware/x/ -> ../../upstream/ is the worker's own client, not the top-level upstream/
    expect(
      await directionErrors(
        'worker/middleware/x/good.ts',
        "import type { UpstreamClient } from '../../upstream/client.ts';\nimport type { Banner } from '../../../src/lib/banner/banners.ts';\nexport type C = [UpstreamClient, Banner];\n",
      ),
    ).toEqual([]);
  });

  test('the project config turns the rule on for every file of src/ and worker/, so npm run lint holds the repository to it', async () => {
    const files = globSync(['src/**/*.{ts,tsx,astro}', 'worker/**/*.ts'], { cwd: ROOT });
    expect(files.length).toBeGreaterThan(50);
    const off: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(`${ROOT}${file}`)) as
        { rules?: Record<string, unknown> } | undefined;
      const setting = config?.rules?.[RULE];
      const level = Array.isArray(setting) ? setting[0] : setting;
      if (level !== 2 && level !== 'error') off.push(file);
    }
    expect(off).toEqual([]);
  });
});
