import {
  isoDuration,
  type RecipeCompact,
  type RecipeFull,
  type RecipeListMeta,
} from '../../src/lib/recipes/recipes.ts';

// Recipes on D1 (migrations/0019_recipes.sql; issue 10 §1): a filtered, paged search with a
// full-text term (FTS5), one recipe, recipes by ids, a collection, and a customer's favourites and
// recent views. Both API families (upstream/routes/recipes.ts) answer from these.

export interface RecipeRow {
  recipe_id: number;
  slug: string;
  title: string;
  description: string;
  serving_size: string;
  total_minutes: number;
  cook_minutes: number;
  prep_minutes: number;
  hands_on_minutes: number;
  cuisine: string;
  meal_type: string;
  difficulty: string;
  meal_course: string;
  restrictions: string;
  collection_id: string | null;
  ingredient_count: number;
  ingredients: string;
  steps: string;
  nutrition: string;
  keywords: string;
  palette: number;
}

export interface RecipeQuery {
  cuisines?: readonly string[];
  mealTypes?: readonly string[];
  restrictions?: readonly string[];
  query?: string;
  totalTimeLte?: number;
  ingredientCountLte?: number;
  collectionId?: string;
  offset: number;
  size: number;
}

const imageSet = (id: number) =>
  (['small', 'medium', 'large'] as const).map((size, index) => {
    const width = [320, 640, 1200][index] as number;
    return { size, url: `/atlas/v1/recipe/images/${id}-${size}.svg`, width, height: Math.round(width * 0.75) };
  });

export function compactView(row: RecipeRow, favorites: ReadonlySet<number>): RecipeCompact {
  return {
    id: String(row.recipe_id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    imageSet: imageSet(row.recipe_id),
    servingSize: row.serving_size,
    // shopping §3 Times: ISO 8601 durations (docs/decisions/625); the detail also has the InMinutes variants
    totalTime: isoDuration(row.total_minutes),
    cookTime: isoDuration(row.cook_minutes),
    prepTime: isoDuration(row.prep_minutes),
    handsOnTime: isoDuration(row.hands_on_minutes),
    totalTimeInMinutes: row.total_minutes,
    ingredientCount: row.ingredient_count,
    categories: [{ category: row.cuisine, subCategories: [row.meal_type] }],
    dietaryRestrictions: row.restrictions ? row.restrictions.split(',') : [],
    favorite: favorites.has(row.recipe_id),
  };
}

export function fullView(row: RecipeRow, favorites: ReadonlySet<number>): RecipeFull {
  const ingredients = JSON.parse(row.ingredients) as RecipeFull['ingredientProducts']['ingredients'];
  return {
    ...compactView(row, favorites),
    cookTimeInMinutes: row.cook_minutes,
    prepTimeInMinutes: row.prep_minutes,
    handsOnTimeInMinutes: row.hands_on_minutes,
    difficulties: [row.difficulty],
    mealCourse: row.meal_course,
    steps: JSON.parse(row.steps) as RecipeFull['steps'],
    ingredientProducts: { ingredients, ingredientCount: row.ingredient_count },
    nutrition: JSON.parse(row.nutrition) as Record<string, string>,
    keywords: row.keywords ? row.keywords.split(',') : [],
    collectionId: row.collection_id,
  };
}

export function listMeta(total: number, offset: number, size: number): RecipeListMeta {
  return {
    totalRecipesCount: total,
    totalRecipes: total,
    totalPages: Math.ceil(total / Math.max(1, size)),
    page: { offset, size, hasMore: offset + size < total },
  };
}

/** An FTS5 query of the words of a search term, each a prefix (quotes keep operators out). */
function ftsQuery(term: string): string | null {
  const words =
    term
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null;
}

/** One page of recipes matching every filter: for a term, those using it first, then the best match; else the newest first. */
export async function searchRecipes(db: D1Database, where: RecipeQuery): Promise<{ rows: RecipeRow[]; total: number }> {
  const clauses: string[] = [];
  const binds: unknown[] = [];
  const bind = (value: unknown) => {
    binds.push(value);
    return `?${binds.length}`;
  };
  const inList = (column: string, values: readonly string[] | undefined) => {
    if (values && values.length) clauses.push(`${column} IN (${values.map(bind).join(', ')})`);
  };
  inList('r.cuisine', where.cuisines);
  inList('r.meal_type', where.mealTypes);
  // instr and substr below, not LIKE: D1 refuses a LIKE pattern over 50 bytes (a long value answered 500; 661)
  for (const restriction of where.restrictions ?? [])
    clauses.push(`instr(lower(',' || r.restrictions || ','), ${bind(`,${restriction.toLowerCase()},`)}) > 0`);
  if (where.totalTimeLte !== undefined) clauses.push(`r.total_minutes <= ${bind(where.totalTimeLte)}`);
  if (where.ingredientCountLte !== undefined) clauses.push(`r.ingredient_count <= ${bind(where.ingredientCountLte)}`);
  if (where.collectionId) clauses.push(`r.collection_id = ${bind(where.collectionId)}`);
  const fts = where.query ? ftsQuery(where.query) : null;
  if (where.query && !fts) return { rows: [], total: 0 };
  const from = fts ? `recipe_fts f JOIN recipes r ON r.recipe_id = f.rowid` : 'recipes r';
  if (fts) clauses.push(`recipe_fts MATCH ${bind(fts)}`);
  const whereSql = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const countBinds = binds.length;
  const countSql = `SELECT count(*) AS n FROM ${from} ${whereSql}`;
  let order: string;
  if (fts && where.query) {
    // a term: recipes that use it as an ingredient first (the ingredient itself, then one it ends
    // (cream: heavy cream)), then the best full-text match, a title counting most
    const term = bind(where.query.trim().toLowerCase().replace(/\s+/g, ' '));
    const token = `lower(json_extract(i.value, '$.token'))`;
    const endsWith = (all: string, end: string) => `(substr(${all}, -length(${end}) - 1) = ' ' || ${end})`;
    const uses = `(SELECT min(CASE WHEN ${token} = ${term} THEN 0 WHEN ${endsWith(term, token)} OR ${endsWith(token, term)} THEN 1 ELSE 2 END) FROM json_each(r.ingredients) i)`;
    order = `ORDER BY ${uses}, bm25(recipe_fts, 10.0, 1.0, 4.0), r.recipe_id DESC`;
  } else {
    // no term: the newest first (decision 540; never A-Z). Not the most favourited: a favourite
    // would move recipes between pages while a shopper pages through a cached list.
    order = 'ORDER BY r.recipe_id DESC';
  }
  const pageSql = `SELECT r.* FROM ${from} ${whereSql} ${order} LIMIT ${bind(where.size)} OFFSET ${bind(where.offset)}`;
  const [count, page] = await db.batch([
    db.prepare(countSql).bind(...binds.slice(0, countBinds)),
    db.prepare(pageSql).bind(...binds),
  ]);
  return {
    rows: (page?.results ?? []) as RecipeRow[],
    total: Number((count?.results?.[0] as { n: number } | undefined)?.n ?? 0),
  };
}

export async function recipeById(db: D1Database, id: number): Promise<RecipeRow | null> {
  return db.prepare('SELECT * FROM recipes WHERE recipe_id = ?1').bind(id).first<RecipeRow>();
}

/** Recipes by ids, in the order asked (unknown ids left out). */
export async function recipesByIds(db: D1Database, ids: readonly number[]): Promise<RecipeRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)].slice(0, 90);
  const { results } = await db
    .prepare(`SELECT * FROM recipes WHERE recipe_id IN (${unique.map((_, i) => `?${i + 1}`).join(', ')})`)
    .bind(...unique)
    .all<RecipeRow>();
  const byId = new Map(results.map((row) => [row.recipe_id, row]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export async function favoriteIds(db: D1Database, customerGUID: string | null): Promise<Set<number>> {
  if (!customerGUID) return new Set();
  const { results } = await db
    .prepare('SELECT recipe_id FROM recipe_favorites WHERE customer_guid = ?1')
    .bind(customerGUID)
    .all<{ recipe_id: number }>();
  return new Set(results.map((row) => row.recipe_id));
}

/** A customer's favourites (newest first) or recent views (most recent first), one page. */
export async function customerRecipes(
  db: D1Database,
  table: 'recipe_favorites' | 'recipe_recent_views',
  customerGUID: string,
  offset: number,
  size: number,
): Promise<{ rows: RecipeRow[]; total: number }> {
  const order = table === 'recipe_favorites' ? 'x.created_at' : 'x.viewed_at';
  const [count, page] = await db.batch([
    db.prepare(`SELECT count(*) AS n FROM ${table} x WHERE x.customer_guid = ?1`).bind(customerGUID),
    db
      .prepare(
        `SELECT r.* FROM ${table} x JOIN recipes r ON r.recipe_id = x.recipe_id WHERE x.customer_guid = ?1 ORDER BY ${order} DESC, r.recipe_id LIMIT ?2 OFFSET ?3`,
      )
      .bind(customerGUID, size, offset),
  ]);
  return {
    rows: (page?.results ?? []) as RecipeRow[],
    total: Number((count?.results?.[0] as { n: number } | undefined)?.n ?? 0),
  };
}

/** Adds favourites (existing ones stay); unknown ids are ignored. Returns how many recipes exist of those asked. */
export async function addFavorites(db: D1Database, customerGUID: string, ids: readonly number[]): Promise<number> {
  const known = await recipesByIds(db, ids);
  const now = Date.now();
  if (known.length)
    await db.batch(
      known.map((row) =>
        db
          .prepare('INSERT OR IGNORE INTO recipe_favorites (customer_guid, recipe_id, created_at) VALUES (?1, ?2, ?3)')
          .bind(customerGUID, row.recipe_id, now),
      ),
    );
  return known.length;
}

export async function removeFavorite(db: D1Database, customerGUID: string, id: number): Promise<void> {
  await db
    .prepare('DELETE FROM recipe_favorites WHERE customer_guid = ?1 AND recipe_id = ?2')
    .bind(customerGUID, id)
    .run();
}

/** Records recent views (the newest wins); keeps the 50 most recent. */
export async function addRecentViews(db: D1Database, customerGUID: string, ids: readonly number[]): Promise<void> {
  const known = await recipesByIds(db, ids);
  if (!known.length) return;
  const now = Date.now();
  await db.batch([
    ...known.map((row, index) =>
      db
        .prepare(
          'INSERT INTO recipe_recent_views (customer_guid, recipe_id, viewed_at) VALUES (?1, ?2, ?3) ON CONFLICT (customer_guid, recipe_id) DO UPDATE SET viewed_at = excluded.viewed_at',
        )
        .bind(customerGUID, row.recipe_id, now + index),
    ),
    db
      .prepare(
        'DELETE FROM recipe_recent_views WHERE customer_guid = ?1 AND recipe_id NOT IN (SELECT recipe_id FROM recipe_recent_views WHERE customer_guid = ?1 ORDER BY viewed_at DESC LIMIT 50)',
      )
      .bind(customerGUID),
  ]);
}

/** How the reference chain matches products to a recipe's ingredients (shopping §7 ingredient-upc meta.algorithm). */
export const INGREDIENT_MATCH_ALGORITHM = 'token-match-v1';

/**
 * Whether the product matching has run for a recipe. The reference chain matches new recipes in a
 * nightly batch: one recipe in a hundred (ids ending in 99) is "just added" and not matched yet,
 * so its shop view answers RECIPE_NOT_PROCESSED (docs/decisions/310-recipes.md).
 */
const recipeProcessed = (recipeId: number) => recipeId % 100 !== 99;

export type IngredientUpcAnswer =
  | { code: 'NO_RECIPE' | 'RECIPE_NOT_PROCESSED' | 'RECIPE_NOT_SHOPPABLE'; ingredients: [] }
  | { code: 'SUCCESS'; ingredients: RecipeFull['ingredientProducts']['ingredients'] };

/**
 * The products matched to each ingredient of a recipe, kept to those the store sells (a price row
 * at the location); none at all is RECIPE_NOT_SHOPPABLE. Without a store, every matched product.
 */
export async function ingredientUpcs(
  db: D1Database,
  recipeId: number,
  store: string | undefined,
): Promise<IngredientUpcAnswer> {
  const row = await recipeById(db, recipeId);
  if (!row || !row.title.trim()) return { code: 'NO_RECIPE', ingredients: [] };
  if (!recipeProcessed(recipeId)) return { code: 'RECIPE_NOT_PROCESSED', ingredients: [] };
  const ingredients = JSON.parse(row.ingredients) as RecipeFull['ingredientProducts']['ingredients'];
  let sold: Set<string> | null = null;
  if (store) {
    const gtins = [...new Set(ingredients.flatMap((ingredient) => ingredient.products))];
    if (gtins.length > 0) {
      const { results } = await db
        .prepare(
          `SELECT gtin13 FROM product_prices WHERE location_id = ? AND gtin13 IN (SELECT value FROM json_each(?))`,
        )
        .bind(store, JSON.stringify(gtins))
        .all<{ gtin13: string }>();
      sold = new Set(results.map((result) => result.gtin13));
    } else sold = new Set();
  }
  const matched = ingredients.map((ingredient) => ({
    ...ingredient,
    products: sold ? ingredient.products.filter((gtin) => sold.has(gtin)) : ingredient.products,
  }));
  if (!matched.some((ingredient) => ingredient.products.length > 0))
    return { code: 'RECIPE_NOT_SHOPPABLE', ingredients: [] };
  return { code: 'SUCCESS', ingredients: matched };
}
