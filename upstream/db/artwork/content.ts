import type { PackagingKind } from './packaging.ts';
import type { BrandPalette } from './palette.ts';

// What shows through a package (milk in a jug, salmon on a tray, sauce in a jar), so a see-through
// package looks like its food: first matching words win, then the kind's default.

const BY_WORDS: readonly (readonly [RegExp, string])[] = [
  [/chocolate milk|chocolate cake|brownie/i, '#7a4a2e'],
  [/ground beef|ribeye|strip|sirloin|chuck|stew meat|tuna steak|roast beef/i, '#b8323a'],
  [/chicken(?! noodle| caesar| alfredo| pot| teriyaki)|turkey/i, '#f0b8a0'],
  [/bacon|salami|pepperoni|ham|sausage|ribs|pork/i, '#d9827a'],
  [/salmon|shrimp/i, '#f2875a'],
  [/cod|tilapia|scallop/i, '#f1e8d8'],
  [
    /strawberr|raspberr|cherry tomato|ketchup|marinara|tomato|arrabbiata|vodka sauce|hot sauce|preserves|bbq/i,
    '#c9302c',
  ],
  [/blueberr/i, '#3b4a8c'],
  [/blackberr|grape juice/i, '#3a2340'],
  [/pineapple|mustard|lemonade|chardonnay|sauvignon blanc|olive oil/i, '#e8c547'],
  [/orange juice|apple juice|mango|peach/i, '#f2a23a'],
  [/cranberr|cabernet|merlot|pinot noir/i, '#6b1426'],
  [/rose\b/i, '#e7a1a8'],
  [/prosecco|pickles|salsa verde|curry/i, '#8fae55'],
  [/spinach|kale|spring mix|arugula|romaine|caesar|salad kit/i, '#5c9e45'],
  [/honey|maple/i, '#e0a526'],
  [/peanut butter|rye|whole wheat|multigrain|bran/i, '#a06a3a'],
  [/mayonnaise|alfredo|ranch|four cheese|cream/i, '#f5efdc'],
  [/pumpkin|carrot cake/i, '#d9822b'],
  [/cheesecake|apple pie/i, '#e8c27a'],
  [/cupcake/i, '#f3c6d3'],
  [/muffin|rotisserie|bread|baguette|buns|rolls/i, '#c98a45'],
  [/sushi|wrap/i, '#efe6cf'],
  [/cola|root beer|cold brew|coffee|sweet tea|soy sauce/i, '#4a2a1a'],
  [/water|seltzer/i, '#d7ecf7'],
  [/ginger ale|lemon lime/i, '#e6efc8'],
  [/orange soda/i, '#f28c28'],
  [/milk|yogurt|egg whites|half & half|creamer/i, '#f7f9fb'],
  [/cheddar|colby/i, '#f2a33a'],
  [/cheese|butter/i, '#f6e3a0'],
];

const BY_KIND: Partial<Record<PackagingKind, string>> = {
  jug: '#f7f9fb',
  bottle: '#f7f9fb',
  jar: '#d9c7a8',
  tray: '#e9a89a',
  clamshell: '#8fbf6a',
  loaf: '#c98a45',
  pie: '#e0b070',
  squeeze: '#f5efdc',
  block: '#f6e3a0',
  wine: '#5a1020',
};

/** The colour of the food seen through a package. */
export function contentColour(kind: PackagingKind, words: string, palette: BrandPalette, nonFood: boolean): string {
  // household and personal care: the product in the brand's colour
  if (nonFood) return kind === 'jug' || kind === 'bottle' || kind === 'spray' ? palette.primary : palette.accent;
  for (const [pattern, colour] of BY_WORDS) if (pattern.test(words)) return colour;
  return BY_KIND[kind] ?? palette.primary;
}
