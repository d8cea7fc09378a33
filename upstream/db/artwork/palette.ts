import { hashString } from '../../seed/prng.ts';

// The colours of a package: the brand's (hand-chosen for the chains' own labels, a hash-picked
// pair from a curated list for national brands, so a brand looks the same on every product) and
// the variety's band (Whole milk red, 2% blue, chocolate brown ...), so products of one brand still
// differ at a glance (issue 8 §2).

export interface BrandPalette {
  /** the package's main colour */
  primary: string;
  /** the brand's second colour: stripes, caps, the brand mark */
  accent: string;
  /** the label's background */
  paper: string;
  /** text on the paper */
  ink: string;
  /** the mark drawn beside the brand name on the chain's own labels */
  mark?: 'leaf' | 'sprout' | 'wave' | 'shell';
}

/** The chains' own labels (the lead's banners: Harvest Market, Bayside Foods). */
const STORE_BRAND_PALETTES: Readonly<Record<string, BrandPalette>> = {
  'Harvest Select': { primary: '#2e6b34', accent: '#e3a72f', paper: '#fffaf0', ink: '#1f3d22', mark: 'leaf' },
  'Simple Fields Organic': { primary: '#6b7f3a', accent: '#efe4c8', paper: '#fbf6e9', ink: '#3d4a1f', mark: 'sprout' },
  'Bayside Essentials': { primary: '#1d3160', accent: '#f07a5f', paper: '#ffffff', ink: '#1d3160', mark: 'wave' },
  'Tidewater Organic': { primary: '#17807a', accent: '#e8d5ae', paper: '#fbf5e8', ink: '#10514d', mark: 'shell' },
};

/** Pairs that read well together on a shelf: [primary, accent]. */
const NATIONAL_PALETTES: readonly (readonly [string, string])[] = [
  ['#c8102e', '#ffd23f'],
  ['#0057b8', '#ffffff'],
  ['#6a1b9a', '#f8bbd0'],
  ['#00796b', '#ffe082'],
  ['#d84315', '#fff3e0'],
  ['#283593', '#ff8a65'],
  ['#2e7d32', '#c5e1a5'],
  ['#ad1457', '#fce4ec'],
  ['#4e342e', '#ffcc80'],
  ['#0277bd', '#b3e5fc'],
  ['#f9a825', '#3e2723'],
  ['#37474f', '#ffab40'],
  ['#558b2f', '#fff59d'],
  ['#b71c1c', '#ffffff'],
  ['#00838f', '#ffeb3b'],
  ['#5d4037', '#a5d6a7'],
  ['#1565c0', '#ffca28'],
  ['#7b1fa2', '#ffd54f'],
];

const isLight = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 160;
};

/** A brand's colours. `brandPalette('Harvest Select').mark === 'leaf'` */
export function brandPalette(brand: string): BrandPalette {
  const own = STORE_BRAND_PALETTES[brand];
  if (own) return own;
  const [primary, accent] = NATIONAL_PALETTES[hashString(brand) % NATIONAL_PALETTES.length] as readonly [
    string,
    string,
  ];
  return { primary, accent, paper: '#ffffff', ink: isLight(primary) ? '#3e2723' : primary };
}

/** The text colour that reads on a background. */
export function inkOn(background: string): string {
  return isLight(background) ? '#1c1c1c' : '#ffffff';
}

/** Words of a variety -> its band colour; first match wins (milk's fat levels follow US dairy custom). */
const VARIETY_COLOURS: readonly (readonly [RegExp, string])[] = [
  [/chocolate|cocoa|brownie|cola|root beer|coffee|espresso|stout|bbq|beef|cabernet|merlot|pinot noir/i, '#6d3f23'],
  [/whole milk|vitamin d/i, '#d32f2f'],
  [/2%|reduced fat/i, '#1e63c8'],
  [/1%|lowfat|low fat/i, '#7b4fc4'],
  [/skim|fat free|nonfat/i, '#e0559a'],
  [/lactose free|ultra-filtered/i, '#00897b'],
  [/strawberr|raspberr|cherry|red |tomato|marinara|arrabbiata|ketchup|hot sauce|rose\b/i, '#e53950'],
  [/blueberr|blackberr|grape/i, '#4a3c8c'],
  [/peach|mango|orange|pumpkin|cheddar|carrot|sweet potato/i, '#f28c28'],
  [/lemon|banana|corn|honey|butter|vanilla|pineapple|chardonnay|pilsner|lager|yellow/i, '#f2c230'],
  [/mint|lime|green|spinach|kale|basil|pea|bean|pesto|sauvignon blanc/i, '#3f9e4d'],
  [/oat|wheat|grain|rye|bran|almond|cashew|peanut|granola|amber/i, '#b7862f'],
  [/unsweetened|original|plain|unsalted|free & clear|sensitive/i, '#7d8b99'],
  [/organic/i, '#5b8c3a'],
];

const FALLBACK_VARIETY = ['#e07a2e', '#2f8fbf', '#8c5bb8', '#d14b6c', '#3f9e4d', '#c9a227'];

/** The band colour of a variety. `varietyColour('Whole Milk') === '#d32f2f'` */
export function varietyColour(variety: string): string {
  for (const [pattern, colour] of VARIETY_COLOURS) if (pattern.test(variety)) return colour;
  return FALLBACK_VARIETY[hashString(variety) % FALLBACK_VARIETY.length] as string;
}
