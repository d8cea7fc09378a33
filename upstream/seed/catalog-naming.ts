import { privateLabel, PRIVATE_LABELS } from '../../src/lib/catalog/private-labels.ts';
import type { SubcategoryTemplate } from './catalog-data.ts';
import { hashString } from './prng.ts';

// What a generated product is called and who makes it: the regional brands a large catalog adds,
// the banner's own labels, a descriptor that fits its item, and the description. None of these
// draw from the random stream, so moving a rule here never changes another product.

const BRAND_PREFIXES = [
  'Maple Ridge',
  'Silver Creek',
  'Willow Brook',
  'Cedar Grove',
  'Stony Point',
  'Red Barn',
  'Lakeview',
  'Oak Hollow',
  'Pine Valley',
  'Sunrise',
  'Riverbend',
  'Hillcrest',
  'Bluebird',
  'Fox Run',
  'Juniper',
  'Copper Kettle',
  'Northfield',
  'Evergreen',
  'Brookside',
  'Wildflower',
  'Granite Peak',
  'Harbor View',
  'Prairie Wind',
  'Aspen',
  'Saddleback',
  'Misty Meadow',
  'Tall Pines',
  'Blue Heron',
  'Amber Fields',
  'Rolling Hills',
  'Honeybee',
  'Lantern',
  'Cobblestone',
  'Windmill',
  'Sandpiper',
  'Morning Glory',
  'Hearth & Home',
  'Thistle',
  'Driftwood',
  'Clearwater',
];
const BRAND_SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  '01': ['Farms', 'Growers', 'Orchards'],
  '02': ['Dairy', 'Creamery', 'Farms'],
  '03': ['Ranch', 'Meats', 'Farms'],
  '04': ['Bakery', 'Bakehouse'],
  '05': ['Deli', 'Kitchen'],
  '06': ['Kitchen', 'Foods'],
  '07': ['Foods', 'Pantry', 'Provisions'],
  '08': ['Snacks', 'Snack Co'],
  '09': ['Beverage Co', 'Springs'],
  '10': ['Baby'],
  '11': ['Pet Co'],
  '12': ['Home'],
  '13': ['Wellness'],
};
const AGE_RESTRICTED_SUFFIX: Readonly<Record<string, string>> = { '55': 'Brewing', '56': 'Cellars' };
const EVERYDAY_LABELS = PRIVATE_LABELS.filter((label) => label.line === 'everyday').map((label) => label.name);
const ORGANIC_LABELS = PRIVATE_LABELS.filter((label) => label.line === 'organic').map((label) => label.name);

/**
 * The banner's own label a product gets (issue 8 §4): a template's everyday or organic private
 * label goes to one banner or the other by the product's variety, so each banner has its own
 * labels across the store and a variety's sizes stay one brand. Other brands are unchanged.
 * `ownLabel('Harvest Select', '', 'Whole Milk')` is 'Harvest Select' or 'Bayside Essentials'.
 */
export function ownLabel(brand: string, descriptor: string, item: string): string {
  const label = privateLabel(brand);
  if (!label) return brand;
  const lines = label.line === 'organic' ? ORGANIC_LABELS : EVERYDAY_LABELS;
  return lines[hashString(`${descriptor}|${item}`) % lines.length] as string;
}
/** Extra regional brands so large catalogs stay varied; grows with the catalog size. */
export function brandPool(template: SubcategoryTemplate, departmentId: string, products: number): string[] {
  const extra = Math.min(BRAND_PREFIXES.length, Math.ceil(products / 1500));
  const suffixes = BRAND_SUFFIXES[departmentId] ?? ['Foods'];
  const special = AGE_RESTRICTED_SUFFIX[template.categoryId];
  const offset = hashString(template.categoryId) % BRAND_PREFIXES.length;
  const brands = [...template.brands];
  for (let i = 0; i < extra; i += 1) {
    const prefix = BRAND_PREFIXES[(offset + i) % BRAND_PREFIXES.length] as string;
    brands.push(`${prefix} ${special ?? suffixes[i % suffixes.length]}`);
  }
  return brands;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);

/**
 * The descriptor an item takes (issue 23 §2): one of the item's own where the template lists
 * them (no flavoured cat litter), never one repeating a word of the item ("Honey Roasted Roasted
 * Almonds"); a descriptor that does not fit becomes one that does, chosen by hash, so the random
 * stream (and every other product of the catalog) stays as it was.
 */
export function fittingItem(
  template: SubcategoryTemplate,
  descriptor: string,
  item: string,
): { descriptor: string; item: string } {
  const allowed = template.descriptorsFor?.[item];
  let chosen =
    allowed && !allowed.includes(descriptor)
      ? (allowed[hashString(`${descriptor}|${item}`) % allowed.length] as string)
      : descriptor;
  const itemWords = new Set(wordsOf(item));
  if (wordsOf(chosen).some((word) => itemWords.has(word))) chosen = '';
  return { descriptor: chosen, item };
}

export function describe(
  template: SubcategoryTemplate,
  brand: string,
  descriptor: string,
  item: string,
  size: string,
  tags: Set<string>,
): string {
  const parts = [
    `${template.blurb}.`,
    `${brand} ${[descriptor, item].filter(Boolean).join(' ').toLowerCase()}, ${size}.`,
  ];
  if (tags.has('organic')) parts.push('USDA certified organic.');
  if (tags.has('gluten-free')) parts.push('Gluten free.');
  if (tags.has('vegan')) parts.push('Suitable for vegans.');
  if (tags.has('local')) parts.push('Grown locally.');
  if (template.minimumAge) parts.push(`Must be ${template.minimumAge} or older to purchase.`);
  return parts.join(' ');
}
