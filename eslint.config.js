// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import importDirection from './eslint-rules/import-direction.js';
import oneMoneyFormatter from './eslint-rules/one-money-formatter.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-edge/',
      '.astro/',
      '.wrangler/',
      '.tmp/',
      'node_modules/',
      'bench/reports/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro files: frontmatter and template expressions, parsed with the TypeScript parser.
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        crypto: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        document: 'readonly',
        window: 'readonly',
        navigator: 'readonly',
      },
    },
    plugins: { local: { rules: { ...importDirection.rules, ...oneMoneyFormatter.rules } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/upstream/db/*', '**/upstream/routes/*'],
              message: 'The worker reaches the upstream only through UPSTREAM.',
            },
          ],
        },
      ],
      // src/lib ← src ← worker; upstream/ only through worker/index-embedded.ts (docs/decisions/071)
      'local/import-direction': 'error',
    },
  },
  {
    // raw SQL lives in upstream/db/*; a route file only routes (docs/decisions/551)
    files: ['upstream/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|batch)$/]',
          message: 'SQL lives in upstream/db/*: call a named function there.',
        },
      ],
    },
  },
  {
    // every dollar amount a shopper reads goes through src/lib/money (docs/decisions/480)
    files: ['src/**/*.{ts,tsx,astro}', 'worker/**/*.ts', 'upstream/**/*.ts'],
    rules: { 'local/one-money-formatter': 'error' },
  },
  {
    // Pages render on the edge in UTC and islands hydrate in the shopper's zone: a time or date a
    // shopper reads goes through src/lib/time/display.ts on the store's clock, never the runtime's
    // (docs/decisions/490-store-local-time.md).
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          'toLocaleTimeString',
          'toLocaleDateString',
          'getHours',
          'getMinutes',
          'getDay',
          'getDate',
          'getMonth',
          'getFullYear',
          'getTimezoneOffset',
        ].map((property) => ({
          property,
          message:
            "This reads the runtime's own time zone: format with src/lib/time/display.ts on the store's clock (or use the getUTC* form for date arithmetic).",
        })),
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'jotai',
                'hono',
                'hono/*',
                'astro',
                'astro:*',
                '**/worker/**',
                '**/upstream/**',
                '**/islands/**',
              ],
              message: 'src/lib is pure: no React, Astro, Hono, worker or upstream imports.',
            },
          ],
        },
      ],
    },
  },
);
