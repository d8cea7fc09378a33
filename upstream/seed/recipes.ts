import { createRandom, hashString } from './prng.ts';
import {
  DISHES,
  INGREDIENTS,
  type Amount,
  type Dish,
  type IngredientKey,
  type IngredientKind,
} from './recipe-dishes.ts';
import { dietaryTags, SODIUM_MG } from './recipe-diet.ts';
import { matchProducts, type CatalogProduct } from './recipe-products.ts';
import { insertStatements } from './sql.ts';

// A deterministic recipe seed (issue 10 §1, issue 23 §3; migrations/0019_recipes.sql): 600 recipes
// by default (the seed CLI's --recipes for 10,000), each one of the real dish structures of
// upstream/seed/recipe-dishes.ts, so its title names what it holds, its steps fit the dish, its
// tags follow from its ingredients and its nutrition from theirs (calories = 9·fat + 4·carbs +
// 4·protein). Each ingredient's products are the catalog products that ARE the ingredient (its
// sub-category and item), the package nearest the amount first. Descriptions still carry some of
// the upstream's placeholder tokens the pages strip; some serving strings are in the 'label:
// value' form and some slugs already hold "recipe". docs/decisions/540-recipes-a-cook-would-publish.md

export const RECIPES_DEFAULT = 600;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** "about 25 minutes", "about 8 hours" */
const readyIn = (minutes: number) =>
  minutes < 90 ? `about ${minutes} minutes` : `about ${Math.round(minutes / 60)} hours`;
const titleCase = (text: string) => text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
/** Easy: a few steps and half an hour's work; Advanced: many steps or over an hour's work. */
function difficultyOf(steps: number, handsOnMinutes: number): string {
  if (steps <= 4 && handsOnMinutes <= 30) return 'Easy';
  if (steps >= 6 || handsOnMinutes > 60) return 'Advanced';
  return 'Intermediate';
}

export interface SeedRecipe {
  id: number;
  slug: string;
  title: string;
  description: string;
  servingSize: string;
  totalMinutes: number;
  cookMinutes: number;
  prepMinutes: number;
  handsOnMinutes: number;
  cuisine: string;
  mealType: string;
  difficulty: string;
  mealCourse: string;
  restrictions: string[];
  collectionId: string | null;
  ingredients: { token: string; summary: string; products: string[] }[];
  steps: { index: number; text: string }[];
  nutrition: Record<string, string>;
  keywords: string[];
  palette: number;
}

const PIECES: Readonly<Record<string, string>> = {
  Cookies: 'cookies',
  Muffins: 'muffins',
  Bars: 'bars',
  Blondies: 'blondies',
  Bites: 'bites',
};

function collectionOf(dish: Dish, totalMinutes: number): string | null {
  if (dish.method === 'grill') return 'grill-season';
  if (dish.mealType === 'dessert' && dish.method === 'bake') return 'holiday-baking';
  if (dish.method === 'slow' || dish.course === 'Soup') return 'one-pot';
  if (dish.mealType === 'dinner' && totalMinutes <= 45) return 'weeknight-dinners';
  return null;
}

/** The recipes of a catalog (deterministic for the same catalog, count and seed). */
export function generateRecipes(
  catalog: readonly CatalogProduct[],
  options: { count?: number; seed?: number } = {},
): SeedRecipe[] {
  const count = options.count ?? RECIPES_DEFAULT;
  const random = createRandom(hashString(`${options.seed ?? 0}|recipes`));
  const matches = new Map<string, string[]>();
  const productsFor = (key: IngredientKey, ingredient: IngredientKind, amount: Amount) => {
    const cacheKey = `${key}|${amount.text}`;
    if (!matches.has(cacheKey)) matches.set(cacheKey, matchProducts(catalog, ingredient, amount));
    return matches.get(cacheKey) ?? [];
  };
  const recipes: SeedRecipe[] = [];
  const used = new Map<string, number>();
  for (let id = 1; id <= count; id++) {
    const dish = random.pick(DISHES);
    const main = dish.mains ? random.pick(dish.mains) : null;
    const keys: IngredientKey[] = [...(main ? [main[0]] : []), ...dish.ingredients];
    const optional = (dish.optional ?? []).filter(() => random.chance(0.4));
    keys.push(...optional);
    const seen = new Set<string>();
    const ingredients = keys.flatMap((key) => {
      const ingredient: IngredientKind = INGREDIENTS[key];
      if (seen.has(ingredient.token)) return [];
      seen.add(ingredient.token);
      const amount = random.pick(ingredient.amounts);
      return [
        { key, token: ingredient.token, amount, summary: amount.text, products: productsFor(key, ingredient, amount) },
      ];
    });
    let baseTitle = dish.title.replace('{main}', main?.[1] ?? '');
    const extra = optional[0] ? INGREDIENTS[optional[0]].token : null;
    if (extra && !baseTitle.includes(' with ')) baseTitle = `${baseTitle} with ${titleCase(extra)}`;
    const prep = dish.prep + random.int(0, 1) * 5;
    const cook = dish.cook;
    const total = prep + cook;
    const handsOn = dish.method === 'stovetop' || dish.method === 'grill' ? prep + cook : prep + Math.min(cook, 10);
    const steps = dish.steps.map((text) => text.replaceAll('{main}', main ? INGREDIENTS[main[0]].token : ''));
    if (optional.length && dish.optionalStep) {
      const [text, where] = dish.optionalStep;
      const step = text.replace('{optional}', optional.map((key) => INGREDIENTS[key].token).join(' and '));
      steps.splice(where === 'before' ? steps.length - 1 : steps.length, 0, step);
    }
    const difficulty = difficultyOf(steps.length, handsOn);
    // the same dish again: an honest qualifier (quick, easy, weeknight) where one holds, else the plain title
    const qualifiers = [
      total <= 30 ? 'Quick' : null,
      difficulty === 'Easy' ? 'Easy' : null,
      dish.mealType === 'dinner' && total <= 45 ? 'Weeknight' : null,
    ].filter((word): word is string => word !== null);
    const repeat = used.get(baseTitle) ?? 0;
    used.set(baseTitle, repeat + 1);
    // each qualifier once per title; past them the plain title again, as recipe sites have
    const qualifier = repeat > 0 ? qualifiers[repeat - 1] : undefined;
    const title = qualifier && !baseTitle.startsWith(qualifier) ? `${qualifier} ${baseTitle}` : baseTitle;
    // some slugs already hold the word recipe: the detail path adds no second one
    const slug =
      id % 7 === 0 ? `${slugify(title)}-recipe` : id % 11 === 0 ? `easy-recipe-${slugify(title)}` : slugify(title);
    const serves = dish.serves;
    const piece = Object.entries(PIECES).find(([word]) => dish.title.includes(word))?.[1];
    const servingSize = piece
      ? `Makes: ${serves} ${piece}`
      : dish.course === 'Soup'
        ? `Yield: ${Math.round(serves * 1.5)} cups`
        : String(serves);
    const tokens = ingredients.map((ingredient) => ingredient.token);
    const [fat, carbs, protein] = ingredients.reduce(
      ([f, c, p], ingredient) => [
        f + ingredient.amount.macros[0],
        c + ingredient.amount.macros[1],
        p + ingredient.amount.macros[2],
      ],
      [0, 0, 0],
    );
    const perServing = (grams: number) => Math.round(grams / serves);
    const [f, c, p] = [perServing(fat), perServing(carbs), perServing(protein)];
    const sodium = Math.round(
      (150 * serves + tokens.reduce((sum, token) => sum + (SODIUM_MG[token] ?? 30), 0)) / serves,
    );
    const others = tokens.filter((token) => !title.toLowerCase().includes(token.toLowerCase())).slice(0, 2);
    const descriptionTemplates = [
      `{{BRAND_NAME}} ${title}: ${others.join(' and ') || 'a few pantry staples'}, ready in ${readyIn(total)}.`,
      `${/^[aeiou]/.test(dish.cuisine) ? 'An' : 'A'} ${titleCase(dish.cuisine)} favourite with ${others.join(' and ') || 'fresh ingredients'}. [[PROMO]] Serves ${serves}.`,
      `Our test kitchen's ${title.toLowerCase()}, made with ${tokens.slice(0, 3).join(', ')}.`,
    ];
    recipes.push({
      id,
      slug,
      title,
      description: random.pick(descriptionTemplates),
      servingSize,
      totalMinutes: total,
      cookMinutes: cook,
      prepMinutes: prep,
      handsOnMinutes: handsOn,
      cuisine: dish.cuisine,
      mealType: dish.mealType,
      difficulty,
      mealCourse: dish.course,
      restrictions: dietaryTags(tokens),
      collectionId: collectionOf(dish, total),
      ingredients: ingredients.map(({ token, summary, products }) => ({ token, summary, products })),
      steps: steps.map((text, index) => ({ index: index + 1, text })),
      nutrition: {
        calories: String(9 * f + 4 * c + 4 * p),
        fatContent: `${f} g`,
        carbohydrateContent: `${c} g`,
        proteinContent: `${p} g`,
        sodiumContent: `${sodium} mg`,
      },
      keywords: [dish.cuisine, dish.mealType, tokens[0] ?? dish.mealType],
      palette: random.int(0, 5),
    });
  }
  return recipes;
}

const COLUMNS = [
  'recipe_id',
  'slug',
  'title',
  'description',
  'serving_size',
  'total_minutes',
  'cook_minutes',
  'prep_minutes',
  'hands_on_minutes',
  'cuisine',
  'meal_type',
  'difficulty',
  'meal_course',
  'restrictions',
  'collection_id',
  'ingredient_count',
  'ingredients',
  'steps',
  'nutrition',
  'keywords',
  'palette',
] as const;

/** The recipe seed as SQL (replaces any recipes already there). */
export function recipeSeedStatements(
  catalog: readonly CatalogProduct[],
  options: { count?: number; seed?: number } = {},
): string[] {
  const recipes = generateRecipes(catalog, options);
  return [
    'DELETE FROM recipe_fts',
    'DELETE FROM recipes',
    ...insertStatements(
      'recipes',
      COLUMNS,
      recipes.map((r) => [
        r.id,
        r.slug,
        r.title,
        r.description,
        r.servingSize,
        r.totalMinutes,
        r.cookMinutes,
        r.prepMinutes,
        r.handsOnMinutes,
        r.cuisine,
        r.mealType,
        r.difficulty,
        r.mealCourse,
        r.restrictions.join(','),
        r.collectionId,
        r.ingredients.length,
        JSON.stringify(r.ingredients),
        JSON.stringify(r.steps),
        JSON.stringify(r.nutrition),
        r.keywords.join(','),
        r.palette,
      ]),
    ),
    "INSERT INTO recipe_fts (rowid, title, description, ingredients) SELECT recipe_id, title, description, (SELECT group_concat(json_extract(value, '$.token'), ' ') FROM json_each(recipes.ingredients)) FROM recipes",
    "INSERT INTO recipe_fts (recipe_fts) VALUES ('optimize')",
  ];
}
