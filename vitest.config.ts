import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'worker/**/*.test.ts', 'upstream/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [
          cloudflareTest({
            miniflare: {
              compatibilityDate: '2026-11-01',
              compatibilityFlags: ['nodejs_compat'],
              d1Databases: ['DB'],
              bindings: { TEST_MIGRATIONS: migrations, UPSTREAM: 'embedded' },
            },
          }),
        ],
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], setupFiles: ['tests/integration/setup.ts'] },
      },
    ],
  },
});
