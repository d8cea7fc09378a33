import { describe, expect, test } from 'vitest';
import { normaliseSize } from '../../src/lib/catalog/unit-price.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';

// The unit-price calculator reads every size the seed produces (issue 8 §3): src/lib/catalog/unit-price.test.ts
// has each form; this runs the generator (src/lib may not import the seed).

describe('unit prices over the seeded catalog', () => {
  test('every size of a generated catalog is read (5,000 products)', () => {
    const unread = new Set(
      generateCatalog({ products: 5000, seed: 20261122 })
        .products.filter((product) => !product.soldByWeight && normaliseSize(product.size) === null)
        .map((product) => product.size),
    );
    expect([...unread]).toEqual([]);
  });
});
