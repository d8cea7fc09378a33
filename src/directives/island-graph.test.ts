import { describe, expect, test } from 'vitest';
import { staticImportGraph } from './island-graph.ts';

describe('staticImportGraph', () => {
  test('lists every chunk a chunk imports at any depth, once, without itself or assets', () => {
    const bundle = {
      '_astro/Cart.js': {
        type: 'chunk' as const,
        fileName: '_astro/Cart.js',
        imports: ['_astro/atoms.js', '_astro/react.js'],
      },
      '_astro/atoms.js': {
        type: 'chunk' as const,
        fileName: '_astro/atoms.js',
        imports: ['_astro/react.js', '_astro/money.js'],
      },
      '_astro/react.js': { type: 'chunk' as const, fileName: '_astro/react.js', imports: [] },
      '_astro/money.js': { type: 'chunk' as const, fileName: '_astro/money.js', imports: ['_astro/atoms.js'] },
      '_astro/logo.svg': { type: 'asset' as const, fileName: '_astro/logo.svg' },
    };
    const graph = staticImportGraph(bundle);
    expect(graph['/_astro/Cart.js']).toEqual(['/_astro/atoms.js', '/_astro/money.js', '/_astro/react.js']);
    // a cycle ends; a chunk is not its own dependency
    expect(graph['/_astro/money.js']).toEqual(['/_astro/atoms.js', '/_astro/react.js']);
    expect(graph['/_astro/react.js']).toEqual([]);
    expect(graph['/_astro/logo.svg']).toBeUndefined();
  });

  test('names each entry chunk by its source module under the root, so the edge can find an island before its page is rendered', () => {
    const bundle = {
      '_astro/CheckoutPage.abc.js': {
        type: 'chunk' as const,
        fileName: '_astro/CheckoutPage.abc.js',
        imports: [],
        isEntry: true,
        facadeModuleId: '/repo/src/islands/checkout/CheckoutPage.tsx',
      },
      '_astro/shared.js': { type: 'chunk' as const, fileName: '_astro/shared.js', imports: [], facadeModuleId: null },
      '_astro/outside.js': {
        type: 'chunk' as const,
        fileName: '_astro/outside.js',
        imports: [],
        isEntry: true,
        facadeModuleId: '/elsewhere/x.ts',
      },
    };
    const graph = staticImportGraph(bundle, '/repo');
    expect(graph['module:src/islands/checkout/CheckoutPage.tsx']).toEqual(['/_astro/CheckoutPage.abc.js']);
    expect(Object.keys(graph).filter((key) => key.startsWith('module:'))).toHaveLength(1);
  });
});
