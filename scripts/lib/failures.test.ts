import { expect, test } from 'vitest';
import { failedJourneys, failedVitestTests } from './failures.mjs';

// docs/decisions/686: npm test's last lines name what failed, as read from the reporters' JSON.

test('the failed vitest tests are named with their file and first line, and a file that did not load too', () => {
  const report = {
    testResults: [
      {
        name: '/repo/src/a.test.ts',
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'fine' },
          {
            status: 'failed',
            fullName: 'group counts',
            failureMessages: ['AssertionError: expected 1 to be 2\n  at …'],
          },
        ],
      },
      { name: '/repo/tests/b.test.ts', status: 'failed', message: 'SyntaxError: bad\nmore', assertionResults: [] },
      { name: '/repo/tests/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] },
    ],
  };
  expect(failedVitestTests(report, '/repo')).toEqual([
    'src/a.test.ts > group counts: AssertionError: expected 1 to be 2',
    'tests/b.test.ts: SyntaxError: bad',
  ]);
  expect(failedVitestTests({}, '/repo')).toEqual([]);
});

test('the failed journeys are named with their file, line and describe blocks, not the passed or flaky ones', () => {
  const suites = [
    {
      title: 'visual.spec.ts',
      file: 'visual.spec.ts',
      specs: [{ title: 'top', file: 'visual.spec.ts', line: 3, tests: [{ status: 'flaky' }] }],
      suites: [
        {
          title: 'signed-in cart',
          file: 'visual.spec.ts',
          specs: [],
          suites: [
            {
              title: 'harvest at 360 px',
              file: 'visual.spec.ts',
              specs: [
                {
                  title: 'the cart looks as it did',
                  file: 'visual.spec.ts',
                  line: 86,
                  tests: [{ status: 'unexpected' }],
                },
                { title: 'passes', file: 'visual.spec.ts', line: 90, tests: [{ status: 'expected' }] },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'shop.spec.ts',
      file: 'shop.spec.ts',
      specs: [{ title: 'adds', file: 'shop.spec.ts', line: 7, tests: [{ status: 'unexpected' }] }],
    },
  ];
  expect(failedJourneys(suites)).toEqual([
    'visual.spec.ts:86 › signed-in cart › harvest at 360 px › the cart looks as it did',
    'shop.spec.ts:7 › adds',
  ]);
});
