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

const INTEGRATION_FILES = ['tests/integration/**/*.test.ts', 'worker/**/*.test.ts'];
/**
 * The integration files that share one workerd per vitest worker (isolate: false). A file is here
 * only if nothing it asserts depends on the upstream's search index or on the page registry's
 * sweep of every route: with files sharing an isolate, module state the database does not key
 * (found: a search answer after basket.test.ts) can outlive a file. Every other integration file,
 * and any new one, keeps a workerd of its own (docs/decisions/598).
 */
const SHARED_WORKERD_FILES = [
  'tests/integration/addresses.test.ts',
  'tests/integration/auth-seed.test.ts',
  'tests/integration/auth.test.ts',
  'tests/integration/catalog-seed.test.ts',
  'tests/integration/catalog.test.ts',
  'tests/integration/checkout-forms.test.ts',
  'tests/integration/coupons.test.ts',
  'tests/integration/error-log.test.ts',
  'tests/integration/island-preload.test.ts',
  'tests/integration/ledger.test.ts',
  'tests/integration/loyalty.test.ts',
  'tests/integration/money-ledger.property.test.ts',
  'tests/integration/preferences.test.ts',
  'tests/integration/public-origin.test.ts',
  'tests/integration/purchases.test.ts',
  'tests/integration/recipe-stale.test.ts',
  'tests/integration/retention.test.ts',
  'tests/integration/sign-in-landing.test.ts',
  'tests/integration/step-up.test.ts',
  'tests/integration/wallet-secrets.test.ts',
  'worker/middleware/**/*.test.ts',
  'worker/upstream/client.test.ts',
  'worker/validate.test.ts',
];

/** The integration projects' runtime: workerd with the test bindings (one per file, or per worker when shared). */
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
          environment: 'node',
        },
      },
      {
        plugins: [workers()],
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          exclude: SHARED_WORKERD_FILES,
          setupFiles: ['tests/integration/setup.ts'],
        },
      },
      {
        plugins: [workers()],
        test: {
          name: 'integration-shared',
          // One workerd per vitest worker for all these files, not one per file (that start-up left
          // both workers idle for a quarter of the run); tests/integration/setup.ts gives each file
          // a fresh schema, its own edge caches and no search index (docs/decisions/598).
          isolate: false,
          include: SHARED_WORKERD_FILES,
          setupFiles: ['tests/integration/setup.ts'],
        },
      },
    ],
  },
});
