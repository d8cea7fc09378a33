import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The one-money-formatter lint rule of eslint.config.js (issue 20 §3; docs/decisions/480), run
// through ESLint's Node API with the project's own config, so `npm run lint` fails when a
// hand-written dollar formatter comes back. Each snippet is one of the seven that dropped the
// thousands separator above $999.99 ("$1234.56") before src/lib/money was the only formatter.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'local/one-money-formatter';

async function moneyErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).length;
}

describe('the one-money-formatter lint rule', { timeout: 20_000 }, () => {
  test.each([
    [
      'a unit price',
      'src/lib/catalog/x.ts',
      'export const f = (t: number, u: string) => `$${(Math.round(t / 10) / 100).toFixed(2)}/${u}`;\n',
    ],
    [
      'a message with a maximum',
      'src/lib/checkout/x.ts',
      'export const f = (c: number) => `A tip can be at most $${c / 100}.`;\n',
    ],
    ['a coupon value', 'src/lib/coupons/x.ts', 'export const f = (c: number) => `Save $${String(c / 100)}`;\n'],
    ['a number to 2 decimals', 'src/lib/lists/x.ts', 'export const f = (c: number) => (c / 100).toFixed(2);\n'],
    [
      'a balance in JSX text',
      'src/islands/x/X.tsx',
      'export const X = ({ b }: { b: string }) => <li>Gift card: ${b}</li>;\n',
    ],
    ['a fee in an Astro page', 'src/pages/x.astro', '---\nconst fee = 395;\n---\n<p>Delivery · ${fee / 100}</p>\n'],
    ['a concatenated dollar sign', 'worker/x.ts', "export const f = (d: string) => '$' + d;\n"],
    [
      'a currency format of its own',
      'upstream/x.ts',
      "export const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });\n",
    ],
    [
      'a circular’s price string in the seed',
      'upstream/seed/x.ts',
      'export const f = (n: number, d: number) => `${n} for $${d}`;\n',
    ],
  ])('%s fails the lint', async (_name, file, code) => {
    expect(await moneyErrors(file, code)).toBeGreaterThan(0);
  });

  test('the formatter itself, tests, and "$" that is not money pass', async () => {
    expect(
      await moneyErrors('src/lib/money/money.ts', 'export const f = (c: number) => `$${(c / 100).toFixed(2)}`;\n'),
    ).toBe(0);
    expect(await moneyErrors('src/lib/pricing/x.test.ts', 'export const f = (d: number) => `3 for $${d}`;\n')).toBe(0);
    // a hash's separators, a regular expression's end anchor, tenths in a nutrition label
    expect(await moneyErrors('src/lib/auth/x.ts', 'export const f = (a: string, b: number) => `${a}$${b}`;\n')).toBe(0);
    expect(
      await moneyErrors('src/lib/pricing/x.ts', 'const M = "x";\nexport const r = new RegExp(`^save ${M}$`);\n'),
    ).toBe(0);
    expect(await moneyErrors('src/lib/catalog/x.ts', 'export const f = (t: number) => t.toFixed(1);\n')).toBe(0);
    expect(
      await moneyErrors(
        'src/islands/x/X.tsx',
        "import { formatCents } from '../../lib/money/money.ts';\nexport const X = ({ c }: { c: number }) => <li>Gift card: {formatCents(c)}</li>;\n",
      ),
    ).toBe(0);
  });
});
