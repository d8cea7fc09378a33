import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath } from 'node:url';
// the tests' EBT key binding is the upstream's committed reference key (tooling, not worker code)
// eslint-disable-next-line no-restricted-imports
import { REFERENCE_EBT_PRIVATE_JWK } from './upstream/db/wallet-ebt-key.ts';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

// Test-only session keys (never used outside tests): the first signs, both verify, so the
// rotation tests can sign a cookie under the older key (docs/decisions/020-sessions.md).
const TEST_SESSION_KEYS =
  'test-b:5QXKKBkoVX4mRMQ9O2UbDSUy0wg_TuGQAUldWkdToG0,test-a:T6_uSSLHUqThVmn-NY5JfRJQ_7C5Is35Jq7YIvXkWB0';
// Each banner's public origin (links and emails; docs/decisions/500): hosts the tests never send
// requests to, so a link that names one came from configuration, not from the request.
const TEST_BANNER_ORIGINS = 'harvest=https://www.harvest.example,bayside=https://www.bayside.example';
// Test-only wallet secrets (docs/decisions/460): the tests run outside ENVIRONMENT=development, where
// the wallet refuses to work without them. The EBT key is the committed reference key.
const TEST_WALLET_HASH_KEY = 'test-wallet-hash-key:Yl7cQ2Vd0hK9sJm4TbX1pRz8NwLe3Gf6';

/**
 * The integration files that take longest, longest first (per-file durations of a full run,
 * docs/decisions/592). A fresh clone (CI) has no duration cache, and vitest then starts the largest
 * files first: the fuzz files are a few lines over tests/fixtures/fuzz.ts, so they would start last
 * and run on alone while the other worker idles. Started first, the two workers end together.
 */
const LONGEST_FIRST = [
  'tests/integration/fuzz-writes.test.ts',
  'tests/integration/fuzz-reads.test.ts',
  'tests/integration/csrf.test.ts',
  'tests/integration/faults.test.ts',
  'tests/integration/search-relevance.test.ts',
  'tests/integration/security.test.ts',
  'tests/integration/money-ledger.property.test.ts',
  // the unit project's longest by far (the whole seeded catalog's names): first, not last of 113
  'upstream/seed/catalog.test.ts',
];

/** vitest's order (projects one after the other; failed, then longer, then larger files first), LONGEST_FIRST first within each project. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

/** The integration project's runtime: workerd with the test bindings, one per vitest worker. */
const workers = () =>
  cloudflareTest({
    miniflare: {
      compatibilityDate: '2026-10-19',
      compatibilityFlags: ['nodejs_compat'],
      d1Databases: ['DB'],
      bindings: {
        TEST_MIGRATIONS: migrations,
        UPSTREAM: 'embedded',
        SESSION_KEYS: TEST_SESSION_KEYS,
        BANNER_ORIGINS: TEST_BANNER_ORIGINS,
        WALLET_HASH_KEY: TEST_WALLET_HASH_KEY,
        EBT_PRIVATE_KEY_JWK: REFERENCE_EBT_PRIVATE_JWK,
      },
    },
  });

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // The edge logs every refused request as one info line (event "shopper_error"): the fuzz, fault
    // and CSRF files make about 10,000 of them on purpose, which buried the run's own output.
    // Tests that check a log line spy on console themselves; this only keeps them off the terminal.
    onConsoleLog: (log) => !log.includes('"event":"shopper_error"'),
    // Two test files at a time, whatever the core count says (vitest's default on a 2-core machine
    // is one): an integration file spends much of its time waiting on workerd, so two overlap well.
    // Measured on the 2-core CI size: integration 303 s with one, 165 s with two.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // One module registry per worker for all its files, not one per file: the files clean up
          // what they stub (globals, timers, mocks), and the per-file start-up was half of this
          // project's time (33 s → 17 s; docs/decisions/598).
          isolate: false,
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'upstream/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          setupFiles: ['tests/unit/setup.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [workers()],
        test: {
          name: 'integration',
          // One workerd per vitest worker for all its files, not one per file (that start-up left both
          // workers idle for a quarter of the run): tests/integration/setup.ts gives each file a fresh
          // schema, its own edge caches and no search index (docs/decisions/598).
          isolate: false,
          include: ['tests/integration/**/*.test.ts', 'worker/**/*.test.ts'],
          setupFiles: ['tests/integration/setup.ts'],
        },
      },
    ],
  },
});
