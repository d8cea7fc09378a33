// What a recipe's ingredients say about it: the dietary tags they allow and the sodium they bring.

/** What an ingredient rules out (the dietary tags follow from the ingredients). */
const MEAT: ReadonlySet<string> = new Set([
  'chicken',
  'ground beef',
  'steak',
  'pork tenderloin',
  'pork chops',
  'bacon',
  'salmon',
  'shrimp',
  'chicken broth',
]);
const DAIRY: ReadonlySet<string> = new Set([
  'milk',
  'heavy cream',
  'butter',
  'sour cream',
  'cheddar',
  'parmesan',
  'mozzarella',
  'feta',
  'Greek yogurt',
]);
const ANIMAL: ReadonlySet<string> = new Set(['eggs', 'honey', 'egg noodles']);
const GLUTEN: ReadonlySet<string> = new Set([
  'flour',
  'spaghetti',
  'penne',
  'egg noodles',
  'lasagna noodles',
  'flour tortillas',
  'sourdough bread',
  'baguette',
  'hamburger buns',
  'soy sauce',
  'oats',
  'BBQ sauce',
]);
export const SODIUM_MG: Readonly<Record<string, number>> = {
  'soy sauce': 2700,
  'chicken broth': 3200,
  'vegetable broth': 2800,
  bacon: 1500,
  'marinara sauce': 2400,
  'BBQ sauce': 1300,
  parmesan: 900,
  feta: 1250,
  cheddar: 700,
  mozzarella: 1100,
  'salsa verde': 900,
  'diced tomatoes': 600,
  'black beans': 800,
  chickpeas: 700,
  'baking soda': 1200,
  'flour tortillas': 2400,
  'sourdough bread': 2200,
  baguette: 1800,
  'hamburger buns': 1700,
  'red curry paste': 1400,
  'sour cream': 80,
};

/** The dietary tags a recipe's ingredients allow. */
export function dietaryTags(tokens: readonly string[]): string[] {
  const has = (set: ReadonlySet<string>) => tokens.some((token) => set.has(token));
  const vegetarian = !has(MEAT);
  return [
    ...(vegetarian ? ['vegetarian'] : []),
    ...(vegetarian && !has(DAIRY) && !has(ANIMAL) ? ['vegan'] : []),
    ...(!has(GLUTEN) ? ['gluten-free'] : []),
    ...(!has(DAIRY) ? ['dairy-free'] : []),
  ];
}
