import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { inlineArtwork } from '../../src/lib/catalog/card-artwork.ts';
import { generateCatalog } from '../seed/catalog.ts';
import { TYPE_SIZES } from './artwork/label.ts';
import { brandPalette, varietyColour } from './artwork/palette.ts';
import { productImageSvg, type ProductImageFacts } from './catalog-images.ts';

/**
 * Strict XML well-formedness (what an <img> of image/svg+xml needs): balanced tags, quoted
 * attributes, and no raw `<` or bare `&` in text or attribute values. Returns the problem or null.
 */
function xmlProblem(xml: string): string | null {
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null;
  while ((match = token.exec(xml))) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    if (stray) return `a stray < at ${match.index}`;
    const chunk = text ?? attributes ?? '';
    if (/&(?!#\d+;|#x[0-9a-f]+;|amp;|lt;|gt;|quot;|apos;)/i.test(chunk))
      return `a bare & in ${JSON.stringify(chunk.slice(0, 40))}`;
    if (text !== undefined) continue;
    if (closing) {
      if (open.pop() !== name) return `</${name}> closes nothing open`;
    } else if (!selfClosing) open.push(name as string);
  }
  return open.length ? `<${open.join('><')}> never closed` : null;
}

const WHOLE_MILK: ProductImageFacts = {
  name: 'Harvest Select Whole Milk',
  brand: 'Harvest Select',
  size: '1 gal',
  categoryId: '18',
  departmentId: '02',
};
const texts = (svg: string) => [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ');

describe('productImageSvg', () => {
  test('the checker itself refuses what is not well-formed', () => {
    expect(xmlProblem('<svg><text>a & b</text></svg>')).toMatch(/bare &/);
    expect(xmlProblem('<svg><g></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text x=1>a</text></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text x="1">a &#38; b</text></svg>')).toBeNull();
  });

  test('a Whole Milk jug is well-formed, names brand, variety and size, and stays a few KB', () => {
    const svg = productImageSvg(WHOLE_MILK);
    expect(xmlProblem(svg)).toBeNull();
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240"'),
    ).toBe(true);
    expect(texts(svg)).toContain('Harvest Select');
    expect(texts(svg)).toContain('Whole Milk');
    expect(texts(svg)).toContain('1 gal');
    expect(svg).toContain(brandPalette('Harvest Select').primary);
    expect(svg).toContain(varietyColour('Whole Milk'));
    expect(svg.length).toBeLessThan(6000);
    expect(gzipSync(svg).length).toBeLessThan(2000);
  });

  test('escapes the product name, brand and size', () => {
    const svg = productImageSvg({
      name: 'Tom & Jerry\'s <Best> "Milk"',
      brand: "Tom & Jerry's",
      size: '1 <gal>',
      categoryId: '18',
      departmentId: '02',
    });
    expect(xmlProblem(svg)).toBeNull();
    expect(svg).not.toContain('<Best>');
    expect(svg).not.toContain('<gal>');
    expect(svg).toContain('Tom &#38; Jerry&#39;s');
  });

  test('has no script, no event handler and no external reference', () => {
    const { products } = generateCatalog({ products: 400 });
    for (const product of products) {
      const svg = productImageSvg(product);
      expect(svg).not.toMatch(/<script|\son\w+=|href=|url\((?!#)|@import|<image|<foreignObject/i);
    }
  });

  test('tells milks apart: another brand, another variety, another size give another picture', () => {
    const harvestWhole = productImageSvg(WHOLE_MILK);
    const harvest2 = productImageSvg({ ...WHOLE_MILK, name: 'Harvest Select 2% Reduced Fat Milk' });
    const meadowWhole = productImageSvg({ ...WHOLE_MILK, name: 'Meadow Crest Whole Milk', brand: 'Meadow Crest' });
    const harvestQuart = productImageSvg({ ...WHOLE_MILK, size: '1 qt' });
    expect(harvest2).toContain(varietyColour('2% Reduced Fat Milk'));
    expect(varietyColour('2% Reduced Fat Milk')).not.toBe(varietyColour('Whole Milk'));
    expect(varietyColour('Chocolate Milk')).not.toBe(varietyColour('Whole Milk'));
    expect(meadowWhole).toContain(brandPalette('Meadow Crest').primary);
    expect(brandPalette('Meadow Crest').primary).not.toBe(brandPalette('Harvest Select').primary);
    expect(new Set([harvestWhole, harvest2, meadowWhole, harvestQuart]).size).toBe(4);
  });

  test("gives the chains' own labels their hand-chosen look", () => {
    expect(brandPalette('Harvest Select')).toMatchObject({ primary: '#2e6b34', mark: 'leaf' });
    expect(brandPalette('Simple Fields Organic').mark).toBe('sprout');
    expect(brandPalette('Bayside Essentials')).toMatchObject({ primary: '#1d3160', accent: '#f07a5f' });
    expect(brandPalette('Tidewater Organic').mark).toBe('shell');
    expect(brandPalette('Clover Hill Dairy')).toEqual(brandPalette('Clover Hill Dairy'));
    expect(brandPalette('Clover Hill Dairy').mark).toBeUndefined();
  });

  test('every product of a seeded catalog is well-formed, shows its size and stays under 8 KB', () => {
    const { products } = generateCatalog({ products: 1500, seed: 3 });
    let largest = 0;
    for (const product of products) {
      const svg = productImageSvg(product);
      expect(xmlProblem(svg), product.name).toBeNull();
      const shown = texts(svg);
      expect(shown.includes(product.soldByWeight ? 'per lb' : product.size), `${product.name}: ${shown}`).toBe(true);
      largest = Math.max(largest, svg.length);
    }
    expect(largest).toBeLessThan(8 * 1024);
  });

  test('a whole seeded catalog letters in the few type sizes of TYPE_SIZES, and uses most of them', () => {
    // each size of a family is a font look-up of its own in the page that shows the pictures (decision 679)
    const { products } = generateCatalog({ products: 1500, seed: 3 });
    const sizes = new Set<number>();
    for (const product of products)
      for (const [, size] of productImageSvg(product).matchAll(/font-size="([^"]+)"/g)) sizes.add(Number(size));
    expect([...sizes].filter((size) => !TYPE_SIZES.includes(size))).toEqual([]);
    expect(sizes.size).toBeGreaterThanOrEqual(5);
    expect(TYPE_SIZES.length).toBeLessThanOrEqual(7);
  });

  test('every product of a seeded catalog is one the edge draws inline, with its name and words intact', () => {
    // The edge's check (src/lib/catalog/card-artwork.ts, decision 645) and this drawing are two
    // sides of one contract: a drawing it refuses silently falls back to an <img> on its card.
    const { products } = generateCatalog({ products: 1500, seed: 3 });
    const refused: string[] = [];
    for (const product of products) {
      const svg = productImageSvg(product);
      const inline = inlineArtwork(svg);
      if (inline === null) {
        refused.push(product.name);
        continue;
      }
      expect(texts(inline)).toBe(texts(svg));
      expect(inline).toContain(`aria-label="${/aria-label="([^"]*)"/.exec(svg)?.[1]}"`);
    }
    expect(refused).toEqual([]);
  });
});
