import { COLLECTIONS, CUISINES, MEAL_TYPES } from '../../src/lib/recipes/categories.ts';
import { createRandom, hashString } from './prng.ts';
import { insertStatements } from './sql.ts';

// A deterministic recipe seed (issue 10 §1; migrations/0019_recipes.sql): 600 recipes by default
// (the seed CLI's --recipes for 10,000), their ingredients matched to gtins of the seeded catalog
// by name, descriptions carrying placeholder tokens the pages strip, serving strings some in the
// 'label: value' form, times from 0 to over a day, a slug sometimes already holding "recipe".

export const RECIPES_DEFAULT = 600;

interface CatalogProduct {
  gtin13: string;
  name: string;
}

interface Ingredient {
  token: string;
  /** words a catalog product name must hold to match */
  match: string[];
  amounts: string[];
}

const I = (token: string, match: string[], amounts: string[]): Ingredient => ({ token, match, amounts });
const PROTEINS = [
  I('chicken', ['chicken'], ['1 1/2 lb boneless chicken', '4 chicken thighs', '2 chicken breasts']),
  I('beef', ['beef'], ['1 lb ground beef', '1 1/2 lb beef chuck']),
  I('salmon', ['salmon'], ['4 salmon fillets (6 oz each)']),
  I('pork', ['pork'], ['1 lb pork tenderloin', '4 pork chops']),
  I('eggs', ['eggs'], ['6 large eggs', '4 eggs']),
  I('beans', ['beans'], ['2 cans beans, rinsed']),
  I('steak', ['steak'], ['2 lb flank steak', '2 ribeye steaks']),
];
const PANTRY = [
  I('garlic', ['garlic'], ['3 cloves garlic, minced', '1 tsp garlic powder']),
  I('tomatoes', ['tomato'], ['1 can diced tomatoes', '2 cups cherry tomatoes']),
  I('rice', ['rice'], ['1 cup long-grain rice', '2 cups cooked rice']),
  I('noodles', ['noodles'], ['8 oz noodles']),
  I('potatoes', ['potatoes'], ['1 1/2 lb potatoes, cubed']),
  I('broccoli', ['broccoli'], ['2 cups broccoli florets']),
  I('cheddar', ['cheddar'], ['1 cup shredded cheddar']),
  I('butter', ['butter'], ['2 tbsp butter', '1/2 cup butter, softened']),
  I('milk', ['milk'], ['1 cup milk']),
  I('cream', ['cream'], ['1/2 cup heavy cream']),
  I('lemon', ['lemon'], ['1 lemon, juiced']),
  I('honey', ['honey'], ['2 tbsp honey']),
  I('corn', ['corn'], ['1 cup corn kernels']),
  I('yogurt', ['yogurt'], ['1 cup plain yogurt']),
  I('bread', ['bread'], ['4 slices bread']),
  I('sauce', ['sauce'], ['1 jar sauce']),
  I('salt', ['salt'], ['1 tsp salt']),
  I('maple syrup', ['maple'], ['1/4 cup maple syrup']),
];
const SWEETS = [
  I('sugar', ['sugar'], ['1 cup sugar', '3/4 cup brown sugar']),
  I('flour', ['unbleached'], ['2 cups all-purpose flour']),
  I('vanilla', ['vanilla'], ['1 tsp vanilla extract']),
  I('chocolate', ['chocolate'], ['1 cup chocolate chips']),
  I('strawberries', ['strawberry'], ['2 cups strawberries, sliced']),
  I('blueberries', ['blueberry'], ['1 cup blueberries']),
  I('oats', ['oats'], ['1 1/2 cups rolled oats']),
  I('apples', ['apples'], ['3 apples, peeled and sliced']),
];

const STYLES: Record<string, string[]> = {
  american: ['Skillet', 'Sheet-Pan', 'Smoky', 'Honey-Glazed', 'Classic'],
  italian: ['Tuscan', 'Parmesan', 'Lemon-Garlic', 'Creamy Tomato', 'Herb-Roasted'],
  mexican: ['Chipotle', 'Street-Style', 'Salsa Verde', 'Fiesta', 'Lime-Cilantro'],
  asian: ['Teriyaki', 'Sesame-Ginger', 'Sweet Chili', 'Garlic Soy', 'Coconut Curry'],
  mediterranean: ['Greek', 'Za’atar', 'Lemon-Herb', 'Olive and Feta', 'Harissa'],
};
const SWEET_STYLES = ['Classic', 'Brown-Butter', 'Maple', 'Honey', 'Cinnamon', 'Grandma’s', 'No-Bake'];
const DISHES: Record<string, string[]> = {
  breakfast: ['Breakfast Bake', 'Scramble', 'Morning Hash', 'Frittata'],
  lunch: ['Rice Bowls', 'Wraps', 'Salad', 'Soup'],
  dinner: ['Stir-Fry', 'Casserole', 'Skewers', 'Tacos', 'Pasta'],
  dessert: ['Crumble', 'Cookies', 'Bars', 'Cake'],
  snack: ['Bites', 'Dip', 'Muffins', 'Granola'],
};
const DIFFICULTIES = ['Easy', 'Intermediate', 'Advanced'];
const COURSES: Record<string, string> = { breakfast: 'Breakfast', lunch: 'Main Dish', dinner: 'Main Dish', dessert: 'Dessert', snack: 'Appetizer' };

const slugify = (text: string) => text.toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

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

/** The recipes of a catalog (deterministic for the same catalog, count and seed). */
export function generateRecipes(catalog: readonly CatalogProduct[], options: { count?: number; seed?: number } = {}): SeedRecipe[] {
  const count = options.count ?? RECIPES_DEFAULT;
  const random = createRandom(hashString(`${options.seed ?? 0}|recipes`));
  const matches = new Map<string, string[]>();
  const productsFor = (ingredient: Ingredient) => {
    const key = ingredient.token;
    if (!matches.has(key)) {
      matches.set(key, catalog.filter((product) => ingredient.match.every((word) => product.name.toLowerCase().includes(word))).slice(0, 6).map((product) => product.gtin13));
    }
    return matches.get(key) ?? [];
  };
  const recipes: SeedRecipe[] = [];
  const used = new Map<string, number>();
  for (let id = 1; id <= count; id++) {
    const cuisine = random.pick(CUISINES).subcategoryId;
    const mealType = random.pick(MEAL_TYPES).subcategoryId;
    const sweet = mealType === 'dessert' || (mealType === 'snack' && random.chance(0.5));
    const vegetarian = !sweet && random.chance(0.25);
    const proteins = vegetarian ? PROTEINS.filter((p) => p.token === 'eggs' || p.token === 'beans') : PROTEINS;
    const main = sweet ? random.pick(SWEETS.filter((item) => item.token !== 'sugar' && item.token !== 'flour')) : random.pick(proteins);
    const style = random.pick(sweet ? SWEET_STYLES : (STYLES[cuisine] ?? ['Classic']));
    const dish = random.pick(DISHES[mealType] ?? ['Bowls']);
    const baseTitle = sweet ? `${style} ${main.token[0]?.toUpperCase()}${main.token.slice(1)} ${dish}` : `${style} ${main.token[0]?.toUpperCase()}${main.token.slice(1)} ${dish}`;
    const seen = used.get(baseTitle) ?? 0;
    used.set(baseTitle, seen + 1);
    const title = seen === 0 ? baseTitle : `${baseTitle} ${['Deluxe', 'for a Crowd', 'Weeknight Style', 'Family Size', 'Light'][seen % 5]}${seen >= 5 ? ` No. ${seen}` : ''}`;
    // some slugs already hold the word recipe: the detail path adds no second one
    const slug = id % 7 === 0 ? `${slugify(title)}-recipe` : id % 11 === 0 ? `easy-recipe-${slugify(title)}` : slugify(title);
    const pool = sweet ? [...SWEETS, ...PANTRY.filter((p) => ['butter', 'milk', 'eggs', 'honey', 'salt', 'cream', 'lemon', 'yogurt', 'maple syrup'].includes(p.token))] : PANTRY;
    const extra = random.int(3, 14);
    const chosen = new Map<string, Ingredient>([[main.token, main]]);
    // a dessert is made of flour and sugar besides its flavour
    if (mealType === 'dessert') for (const base of SWEETS.filter((item) => item.token === 'sugar' || item.token === 'flour')) chosen.set(base.token, base);
    while (chosen.size < Math.min(extra + 1, pool.length + 1)) {
      const next = random.pick(pool);
      chosen.set(next.token, next);
    }
    const ingredients = [...chosen.values()].map((ingredient) => ({ token: ingredient.token, summary: random.pick(ingredient.amounts), products: productsFor(ingredient) }));
    const dairy = ingredients.some((i) => ['milk', 'cream', 'butter', 'cheddar', 'yogurt'].includes(i.token));
    const gluten = ingredients.some((i) => ['flour', 'bread', 'noodles', 'oats'].includes(i.token));
    const meat = ingredients.some((i) => ['chicken', 'beef', 'salmon', 'pork', 'steak'].includes(i.token));
    const restrictions = [
      ...(!meat ? ['vegetarian'] : []),
      ...(!meat && !dairy && !ingredients.some((i) => ['eggs', 'honey'].includes(i.token)) ? ['vegan'] : []),
      ...(!gluten ? ['gluten-free'] : []),
      ...(!dairy ? ['dairy-free'] : []),
    ];
    const prep = random.int(0, 6) * 5;
    const cook = id % 97 === 0 ? 0 : id % 53 === 0 ? 24 * 60 + random.int(1, 12) * 30 : random.int(1, 18) * 5;
    const total = id % 97 === 0 ? 0 : prep + cook + (id % 31 === 0 ? 12 * 60 : 0);
    const serves = random.int(2, 8);
    const servingSize = id % 5 === 0 ? `Makes: ${serves * 2} ${sweet ? 'pieces' : 'portions'}` : id % 9 === 0 ? `Yield: ${serves} cups` : String(serves);
    const descriptionTemplates = [
      `{{BRAND_NAME}} ${title} brings ${main.token} and ${ingredients[1]?.token ?? 'pantry staples'} together in about ${Math.max(5, total)} minutes.`,
      `${/^[aeiou]/.test(cuisine) ? 'An' : 'A'} ${cuisine[0]?.toUpperCase()}${cuisine.slice(1)} favourite: ${main.token} with ${ingredients[1]?.token ?? 'fresh herbs'} and ${ingredients[2]?.token ?? 'a squeeze of lemon'}. [[PROMO]] Ready when you are.`,
      `Our test kitchen's ${title.toLowerCase()} is %SEASON% perfect for ${mealType}, and the leftovers keep for three days.`,
    ];
    const steps = [
      `Gather and measure the ingredients: ${ingredients.slice(0, 3).map((i) => i.summary).join('; ')}.`,
      sweet ? 'Heat the oven to 350°F and line a baking pan with parchment.' : 'Heat a large skillet over medium-high heat with a little oil.',
      sweet ? `Mix the ${main.token} with the dry ingredients, then fold in the rest.` : `Season the ${main.token} and cook until browned, 5 to 7 minutes.`,
      `Add the ${ingredients.slice(1, 4).map((i) => i.token).join(', ') || 'remaining ingredients'} and cook, stirring, until tender.`,
      cook > 24 * 60 ? 'Cover and let it rest in the refrigerator overnight, then finish cooking the next day.' : 'Taste, adjust the seasoning and serve warm.',
    ].slice(0, random.int(3, 5));
    const collection = random.chance(0.3) ? random.pick(COLLECTIONS).subcategoryId : null;
    recipes.push({
      id,
      slug,
      title,
      description: random.pick(descriptionTemplates),
      servingSize,
      totalMinutes: total,
      cookMinutes: cook,
      prepMinutes: prep,
      handsOnMinutes: Math.min(total, prep + Math.round(cook / 3)),
      cuisine,
      mealType,
      difficulty: random.pick(DIFFICULTIES),
      mealCourse: COURSES[mealType] ?? 'Main Dish',
      restrictions,
      collectionId: collection,
      ingredients,
      steps: steps.map((text, index) => ({ index: index + 1, text })),
      nutrition: { calories: `${random.int(18, 90) * 10}`, fatContent: `${random.int(2, 40)} g`, carbohydrateContent: `${random.int(5, 90)} g`, proteinContent: `${random.int(2, 50)} g`, sodiumContent: `${random.int(50, 1200)} mg` },
      keywords: [cuisine, mealType, main.token],
      palette: random.int(0, 5),
    });
  }
  return recipes;
}

const COLUMNS = [
  'recipe_id', 'slug', 'title', 'description', 'serving_size', 'total_minutes', 'cook_minutes', 'prep_minutes', 'hands_on_minutes', 'cuisine', 'meal_type', 'difficulty',
  'meal_course', 'restrictions', 'collection_id', 'ingredient_count', 'ingredients', 'steps', 'nutrition', 'keywords', 'palette',
] as const;

/** The recipe seed as SQL (replaces any recipes already there). */
export function recipeSeedStatements(catalog: readonly CatalogProduct[], options: { count?: number; seed?: number } = {}): string[] {
  const recipes = generateRecipes(catalog, options);
  return [
    'DELETE FROM recipe_fts',
    'DELETE FROM recipes',
    ...insertStatements('recipes', COLUMNS, recipes.map((r) => [
      r.id, r.slug, r.title, r.description, r.servingSize, r.totalMinutes, r.cookMinutes, r.prepMinutes, r.handsOnMinutes, r.cuisine, r.mealType, r.difficulty,
      r.mealCourse, r.restrictions.join(','), r.collectionId, r.ingredients.length, JSON.stringify(r.ingredients), JSON.stringify(r.steps), JSON.stringify(r.nutrition), r.keywords.join(','), r.palette,
    ])),
    "INSERT INTO recipe_fts (rowid, title, description, ingredients) SELECT recipe_id, title, description, (SELECT group_concat(json_extract(value, '$.token'), ' ') FROM json_each(recipes.ingredients)) FROM recipes",
    "INSERT INTO recipe_fts (recipe_fts) VALUES ('optimize')",
  ];
}
