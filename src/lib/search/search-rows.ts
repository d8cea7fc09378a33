import type { Banner } from '../banner/banners.ts';
import { seasonalFeature } from '../banner/merchandising.ts';
import type { ProductOutput } from '../catalog/product.ts';
import type { CardCoupon } from '../coupons/coupons.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import { loadRecipeList } from '../recipes/load-recipes.ts';
import { recipePath, type RecipeCompact } from '../recipes/recipes.ts';
import { loadCardExtras, loadSearch } from './load-search.ts';

// The search toggles of shopping §6 that shape the search page (issue 8 §6, decision 440), as
// banner configuration: the shoppable top (a recipe for the query, its ingredients to shop), the
// savings carousel (what is on sale for the query) and the seasonal carousel (the banner's
// seasonal products). Only on the first page of a text search with results; each row is an extra:
// a failed call leaves it out, never the page.

const SEARCH_ROW_SIZE = 10;

interface SearchRow {
  id: 'savings' | 'seasonal';
  title: string;
  products: ProductOutput[];
}

export interface ShoppableTop {
  recipe: RecipeCompact;
  href: string;
  /** the shop view (the ingredients matched to products) where the banner offers it, else the recipe */
  shopHref: string;
  imageUrl: string | null;
}

export interface SearchRows {
  shoppableTop: ShoppableTop | null;
  rows: SearchRow[];
  dealPrices: Map<string, string>;
  coupons: Map<string, CardCoupon>;
}

export const NO_SEARCH_ROWS: SearchRows = { shoppableTop: null, rows: [], dealPrices: new Map(), coupons: new Map() };

/** Which rows a search page asks for: none past page 1 or without a query. */
export function wantedSearchRows(
  toggles: Pick<Banner['toggles'], 'searchSavingsCarousel' | 'searchSeasonalCarousel' | 'searchShoppableTop'>,
  page: { query: string | null; page: number; hasResults: boolean },
): { savings: boolean; seasonal: boolean; shoppable: boolean } {
  const first = Boolean(page.query) && page.page <= 1 && page.hasResults;
  return {
    savings: first && toggles.searchSavingsCarousel,
    seasonal: first && toggles.searchSeasonalCarousel,
    shoppable: first && toggles.searchShoppableTop,
  };
}

async function products(client: JsonClient, query: Record<string, string>): Promise<ProductOutput[]> {
  const outcome = await loadSearch(client, { 'page.offset': '0', 'page.size': String(SEARCH_ROW_SIZE), ...query });
  return outcome.state === 'loaded' ? outcome.products.filter((product) => product.price !== null) : [];
}

/** Loads the rows a search page shows (all at once); `now` picks the season. */
export async function loadSearchRows(
  client: JsonClient,
  banner: Banner,
  page: {
    query: string | null;
    page: number;
    hasResults: boolean;
    locationId: string;
    shownGtins: ReadonlySet<string>;
  },
  now: Date,
): Promise<SearchRows> {
  const wanted = wantedSearchRows(banner.toggles, page);
  const query = page.query ?? '';
  if (!wanted.savings && !wanted.seasonal && !wanted.shoppable) return NO_SEARCH_ROWS;
  const season = seasonalFeature(banner.id, now);
  const seasonQuery = new URL(season.links[0]?.href ?? '/search', 'http://x').searchParams.get('query') ?? '';
  const [savings, seasonal, recipes] = await Promise.all([
    wanted.savings
      ? products(client, { 'filter.query': query, 'filter.locationId': page.locationId, 'filter.savings': 'ON_SALE' })
      : [],
    wanted.seasonal && seasonQuery
      ? products(client, { 'filter.query': seasonQuery, 'filter.locationId': page.locationId })
      : [],
    wanted.shoppable
      ? loadRecipeList(client, banner, {
          cuisine: [],
          mealType: [],
          restrictions: [],
          query: query.slice(0, 100),
          totalTime: 0,
          ingredientCount: 0,
          collection: null,
          page: 1,
        })
      : null,
  ]);
  const rows: SearchRow[] = [];
  // a savings row that repeats the results on the page says nothing new: at least 3 others
  const fresh = savings.filter((product) => !page.shownGtins.has(product.gtin13));
  if (fresh.length >= 3) rows.push({ id: 'savings', title: `Save on ${query}`, products: fresh });
  if (seasonal.length >= 3) rows.push({ id: 'seasonal', title: `In season: ${season.title}`, products: seasonal });
  const recipe = recipes?.ok ? (recipes.recipes[0] ?? null) : null;
  const shoppableTop = recipe
    ? {
        recipe,
        href: recipePath(recipe.slug, recipe.id),
        shopHref: banner.toggles.shopIngredients
          ? `${recipePath(recipe.slug, recipe.id)}/shop`
          : recipePath(recipe.slug, recipe.id),
        imageUrl: recipe.imageSet.find((image) => image.size === 'small')?.url ?? recipe.imageSet[0]?.url ?? null,
      }
    : null;
  const { dealPrices, coupons } = await loadCardExtras(
    client,
    rows.flatMap((row) => row.products),
  );
  return { shoppableTop, rows, dealPrices, coupons };
}
