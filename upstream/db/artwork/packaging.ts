import { SUBCATEGORY_TEMPLATES } from '../../seed/catalog-data.ts';

// Which package a product comes in, so the generated artwork (../catalog-images.ts) draws a jug of
// milk as a jug and a bag of chips as a bag (issue 8 §2). A pure function of the product's
// sub-category, item, descriptor and size; every seeded template item maps to a deliberate shape
// (packaging.test.ts), 'generic' is left for products the seed never makes.

export type PackagingKind =
  | 'jug'
  | 'carton'
  | 'bottle'
  | 'squeeze'
  | 'can'
  | 'jar'
  | 'box'
  | 'bag'
  | 'tray'
  | 'produce'
  | 'clamshell'
  | 'loaf'
  | 'tub'
  | 'cup'
  | 'eggs'
  | 'pouch'
  | 'pizza'
  | 'multipack'
  | 'block'
  | 'pie'
  | 'canister'
  | 'spray'
  | 'wine'
  | 'rolls'
  | 'aerosol'
  | 'generic';

/** The loose fruit or vegetable drawn for 'produce' (the thing itself, with a price tag). */
export type ProduceShape =
  | 'apple'
  | 'banana'
  | 'orange'
  | 'pear'
  | 'grapes'
  | 'lemon'
  | 'peach'
  | 'mango'
  | 'tomato'
  | 'potato'
  | 'onion'
  | 'pepper'
  | 'zucchini'
  | 'broccoli'
  | 'carrot'
  | 'avocado'
  | 'garlic'
  | 'herbs';

export interface Packaging {
  kind: PackagingKind;
  /** 0.6 to 1: how much of the frame the package fills (a quart carton is smaller than a half gallon) */
  scale: number;
  /** a low, wide variant (a frozen meal's box, a tea box) */
  wide?: boolean;
  produce?: ProduceShape;
}

export interface PackagingInput {
  categoryId: string;
  item: string;
  descriptor?: string;
  size: string;
}

const PRODUCE_WORDS: readonly (readonly [RegExp, ProduceShape])[] = [
  [/apple/i, 'apple'],
  [/banana/i, 'banana'],
  [/orange/i, 'orange'],
  [/pear/i, 'pear'],
  [/grape/i, 'grapes'],
  [/lemon|lime/i, 'lemon'],
  [/peach/i, 'peach'],
  [/mango/i, 'mango'],
  [/tomato/i, 'tomato'],
  [/sweet potato|potato/i, 'potato'],
  [/onion/i, 'onion'],
  [/pepper/i, 'pepper'],
  [/zucchini|cucumber/i, 'zucchini'],
  [/broccoli|cauliflower/i, 'broccoli'],
  [/carrot/i, 'carrot'],
  [/avocado/i, 'avocado'],
  [/garlic/i, 'garlic'],
];

/** Pack count at the start of a size: `packCount('12 pk 12 fl oz') === 12`. */
function packCount(size: string): number {
  const match = /^(\d+)\s*(pk|ct)\b/.exec(size);
  return match ? Number(match[1]) : 1;
}

const is = (item: string, pattern: RegExp) => pattern.test(item);

/** The package of a product. `packagingFor({ categoryId: '18', item: 'Whole Milk', size: '1 gal' }).kind === 'jug'` */
export function packagingFor({ categoryId, item, descriptor = '', size }: PackagingInput): Packaging {
  const pack = (kind: PackagingKind, scale = 1, wide = false): Packaging =>
    wide ? { kind, scale, wide } : { kind, scale };
  const multi = packCount(size) > 1 && /pk/.test(size);
  switch (categoryId) {
    case '14':
    case '15': {
      if (is(item, /berr|cherry tomato|chunks/i)) return pack('clamshell', 0.9);
      const produce = PRODUCE_WORDS.find(([pattern]) => pattern.test(item))?.[1];
      return produce ? { kind: 'produce', scale: 1, produce } : pack('generic');
    }
    case '16':
      return is(item, /kit|romaine/i) ? pack('bag', 0.9) : pack('clamshell', 0.9);
    case '17':
      return { kind: 'produce', scale: 1, produce: 'herbs' };
    case '18':
      if (size === '1 gal') return pack('jug');
      if (/fl oz/.test(size)) return pack('bottle', 0.9);
      return pack('carton', size === '1 qt' ? 0.75 : 1);
    case '19':
      return pack('carton', size === '32 fl oz' ? 0.75 : 1);
    case '20':
      if (is(item, /cream cheese/i)) return pack('block', 0.75);
      if (is(item, /feta/i)) return pack('tub', 0.75);
      if (descriptor === 'Shredded') return pack('pouch', 0.9);
      if (descriptor === 'Sliced') return pack('tray', 0.8);
      return pack('block', 0.85);
    case '21':
      if (is(item, /drink/i)) return pack('bottle', 0.7);
      if (packCount(size) > 1) return pack('multipack', 0.85);
      return size === '32 oz' ? pack('tub') : pack('cup', 0.75);
    case '22':
      return is(item, /liquid/i) ? pack('carton', 0.75) : pack('eggs', size === '6 ct' ? 0.8 : 1);
    case '23':
      if (is(item, /butter/i)) return pack('block', 0.8);
      if (is(item, /sour cream/i)) return pack('tub', 0.8);
      if (is(item, /whipped/i)) return pack('aerosol', 0.9);
      if (is(item, /creamer/i)) return pack('bottle', 0.8);
      return pack('carton', size === '1 qt' ? 0.8 : 0.7);
    case '24':
    case '25':
    case '26':
    case '27':
    case '31':
      return pack('tray', is(item, /whole chicken|roast|ribs/i) ? 1 : 0.9);
    case '28':
      if (is(item, /buns|rolls/i)) return pack('bag', 0.85);
      return pack('loaf', is(item, /baguette/i) ? 1 : 0.95);
    case '29':
      return is(item, /muffins/i) && !is(item, /english/i) ? pack('clamshell', 0.85) : pack('bag', 0.85);
    case '30':
      return is(item, /pie|cheesecake/i)
        ? pack('pie')
        : is(item, /cupcake/i)
          ? pack('clamshell', 0.9)
          : pack('pie', 0.95);
    case '32':
      if (is(item, /rotisserie/i)) return pack('pie');
      if (is(item, /wrap|sushi/i)) return pack('clamshell', 0.85);
      return pack('tub', 0.85);
    case '33':
      return pack('box', 1, true);
    case '34':
      return pack('pizza');
    case '35':
      if (is(item, /sandwich|bars/i)) return pack('box', 0.9, true);
      return pack('tub', size === '1 pt' ? 0.75 : 1);
    case '36':
      return pack('bag', 0.95);
    case '37':
      if (is(item, /oats$/i) && is(item, /old fashioned/i)) return pack('canister');
      if (is(item, /granola/i)) return pack('pouch');
      return pack('box');
    case '38':
      return is(item, /egg noodles/i) ? pack('bag', 0.9) : pack('box', 0.9);
    case '39':
      return is(item, /quinoa|couscous/i) ? pack('box', 0.85) : pack('bag', size === '5 lb' ? 1 : 0.9);
    case '40':
      return is(item, /tuna/i) ? pack('can', 0.6) : pack('can', /^(5|6) oz/.test(size) ? 0.7 : 0.85);
    case '41':
      return size === '32 oz' ? pack('carton', 0.8) : pack('can', 0.8);
    case '42':
      if (is(item, /soda/i)) return pack('box', 0.75);
      if (is(item, /powder/i) && !is(item, /sugar/i)) return pack('canister', 0.7);
      if (is(item, /vanilla/i)) return pack('bottle', 0.6);
      return pack('bag', is(item, /chips/i) ? 0.8 : 1);
    case '43':
      if (is(item, /ketchup|mustard|honey|mayonnaise/i)) return pack('squeeze', 0.9);
      if (is(item, /pickles|peanut butter|preserves/i)) return pack('jar', 0.85);
      if (is(item, /olive oil/i)) return pack('bottle');
      return pack('bottle', 0.85);
    case '44':
      return pack('jar', 0.9);
    case '45':
      if (is(item, /tortillas/i)) return pack('bag', 0.85);
      if (is(item, /ramen/i)) return pack('pouch', 0.75);
      if (is(item, /salsa|curry/i)) return pack('jar', 0.75);
      if (is(item, /soy sauce/i)) return pack('bottle', 0.85);
      return pack('can', 0.8);
    case '46':
      return pack('bag', size === '13 oz' ? 1 : 0.9);
    case '47':
    case '48':
      return pack('box', 0.9);
    case '49':
      return is(item, /trail|pistachio/i) ? pack('pouch', 0.9) : pack('canister', 0.85);
    case '50':
    case '51':
      if (multi) return pack('multipack');
      if (size === '1 gal') return pack('jug');
      return pack('bottle', size === '2 L' ? 1 : 0.85);
    case '52':
      if (multi) return pack('multipack');
      if (size === '1 gal') return pack('jug');
      return is(item, /orange|lemonade/i) ? pack('carton') : pack('bottle', 0.95);
    case '53':
      if (is(item, /pods/i)) return pack('box', 0.9, true);
      if (is(item, /cold brew/i)) return pack('bottle', 0.9);
      if (is(item, /instant/i)) return pack('jar', 0.75);
      return pack('bag', 0.9);
    case '54':
      return size === '1 gal' ? pack('jug') : pack('box', 0.85, true);
    case '55':
      return pack('multipack');
    case '56':
      return pack('wine');
    case '57':
      return is(item, /wipes/i) ? pack('pouch', 0.85) : pack('bag');
    case '58':
      return is(item, /puree/i) ? pack('pouch', 0.75) : pack('canister', 0.8);
    case '59':
    case '60':
      if (is(item, /wet/i)) return pack('can', categoryId === '60' ? 0.6 : 0.8);
      if (is(item, /treats|chews/i)) return pack('pouch', 0.85);
      return pack('bag');
    case '61':
      if (is(item, /cleaner/i)) return pack('spray');
      if (is(item, /dish soap/i)) return pack('bottle', 0.9);
      if (is(item, /wipes/i)) return pack('canister', 0.9);
      if (is(item, /pods/i)) return pack('tub', 0.9);
      return pack('box', 0.8, true);
    case '62':
      return is(item, /towels|tissue/i) && !is(item, /facial/i) ? pack('rolls') : pack('box', 0.9, true);
    case '63':
      if (is(item, /liquid|softener/i)) return pack('jug');
      if (is(item, /pods/i)) return pack('tub', 0.9);
      if (is(item, /stain/i)) return pack('spray', 0.9);
      return pack('box', 0.85, true);
    case '64':
      return pack('jar', 0.85);
    case '65':
      if (is(item, /bar soap|toothpaste/i)) return pack('box', 0.8, true);
      if (is(item, /deodorant/i)) return pack('canister', 0.65);
      return pack('bottle', 0.9);
    default:
      return pack('generic');
  }
}

const PACK_LABELS = /\s+(Value Pack|Twin Pack|Family Pack|Club Pack|Multipack)(\s+\d+)?$/;

/** The seeded items of a sub-category, longest first (so "Sweet Potatoes" wins over "Potatoes"). */
function templateItems(categoryId: string): string[] {
  return SUBCATEGORY_TEMPLATES.filter((t) => t.categoryId === categoryId)
    .flatMap((t) => t.items)
    .sort((a, b) => b.length - a.length);
}

/**
 * Splits a product name into the words the package shows: the variety (descriptor) and the item,
 * without the brand, the size or a pack label. Unknown names keep their words as the item.
 * `splitProductName('Meadow Crest Organic Whole Milk 1 gal', 'Meadow Crest', '1 gal', '18')` -> `{ descriptor: 'Organic', item: 'Whole Milk' }`
 */
export function splitProductName(
  name: string,
  brand: string,
  size: string,
  categoryId: string,
): { descriptor: string; item: string } {
  let rest = name.startsWith(brand) ? name.slice(brand.length) : name;
  rest = rest.trim();
  if (size && rest.endsWith(` ${size}`)) rest = rest.slice(0, -size.length - 1);
  rest = rest.replace(PACK_LABELS, '').trim();
  const item = templateItems(categoryId).find((candidate) => rest === candidate || rest.endsWith(` ${candidate}`));
  if (!item) return { descriptor: '', item: rest || name };
  return { descriptor: rest.slice(0, rest.length - item.length).trim(), item };
}
