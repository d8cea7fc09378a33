import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, sourceFiles } from './source-files.ts';

// One concern a file (issue 21 §2; house style rule 6): no non-test source file is over
// MAX_LINES lines unless one of its first lines states why, as a comment
// `// file-size: <reason>` (e.g. a data table, not logic). A long file without one fails here; split
// it into modules of one concern each.

const MAX_LINES = 300;
/** The reason marker: `file-size:` and a reason of a few words, in one of the first lines. */
const REASON = /\bfile-size:\s*\S.{8,}/;
const REASON_WITHIN = 5;

// files still over the limit while a change in flight splits them (none now)
const ALLOWED = new Set<string>([]);

const files = sourceFiles(['src', 'worker', 'upstream', 'scripts', 'bench']);

/** Lines as `wc -l` counts them (newlines). */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Over the limit with no reason stated in its first lines. */
function tooLong(text: string): boolean {
  if (lineCount(text) <= MAX_LINES) return false;
  return !text
    .split('\n')
    .slice(0, REASON_WITHIN)
    .some((line) => REASON.test(line));
}

test('a file over the limit needs a stated reason in its first lines', () => {
  const body = (lines: number) => 'const x = 1;\n'.repeat(lines);
  expect(tooLong(body(MAX_LINES))).toBe(false);
  expect(tooLong(body(MAX_LINES + 1))).toBe(true);
  expect(tooLong(`// file-size: a data table, not logic\n${body(MAX_LINES)}`)).toBe(false);
  expect(tooLong(`// file-size:\n${body(MAX_LINES)}`)).toBe(true);
  expect(tooLong(`${body(REASON_WITHIN)}// file-size: a data table, not logic\n${body(MAX_LINES)}`)).toBe(true);
});

test('the walk finds the source files', () => {
  expect(files).toContain('worker/app.ts');
  expect(files).toContain('src/lib/money/money.ts');
});

test(`no non-test source file is over ${MAX_LINES} lines without a stated reason`, () => {
  const long = files.filter((file) => !ALLOWED.has(file) && tooLong(readFileSync(join(ROOT, file), 'utf8')));
  expect(long, 'split these into modules of one concern each, or state why they are long').toEqual([]);
});

test('the allow-list names only files that exist and are still long', () => {
  const stale = [...ALLOWED].filter(
    (file) => !existsSync(join(ROOT, file)) || lineCount(readFileSync(join(ROOT, file), 'utf8')) <= MAX_LINES,
  );
  expect(stale).toEqual([]);
});
