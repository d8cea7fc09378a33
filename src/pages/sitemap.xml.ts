import type { APIRoute } from 'astro';
import { CATEGORIES } from '../lib/catalog/categories.ts';
import { PAGE_CACHE_HEADER } from '../lib/http/page-context.ts';
import { COLLECTIONS } from '../lib/recipes/categories.ts';
import { RECIPE_PATHS, RecipeListResponseSchema, recipePath } from '../lib/recipes/recipes.ts';

// /sitemap.xml (issue 10 §4): every recipe, every recipe collection and every product list page,
// on the banner's public origin. Cached at the edge like a page; robots.txt names it.

const PAGE = 100;
const MAX_RECIPES = 45_000; // a sitemap holds at most 50,000 URLs

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const GET: APIRoute = async ({ locals }) => {
  const origin = locals.publicOrigin;
  const urls: string[] = ['/', '/recipes', '/weekly-ad', '/coupons', '/stores'];
  for (const collection of COLLECTIONS) urls.push(`/recipes?collection=${collection.subcategoryId}`);
  for (const category of CATEGORIES) urls.push(`/pl/${category.slug}/${category.id}`);
  let failed = false;
  try {
    for (let offset = 0; offset < MAX_RECIPES; offset += PAGE) {
      const { data } = await locals.upstream.json(
        { path: RECIPE_PATHS.SEARCH, query: { 'page.offset': String(offset), 'page.size': String(PAGE) } },
        RecipeListResponseSchema,
      );
      for (const recipe of data.data.recipes) urls.push(recipePath(recipe.slug, recipe.id));
      if (!data.data.meta.page.hasMore) break;
    }
  } catch {
    failed = true;
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((path) => `  <url><loc>${xml(new URL(path, origin).href)}</loc></url>`).join('\n')}\n</urlset>\n`;
  const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8' };
  // a sitemap without its recipes is not kept: the next request tries again
  if (!failed) headers[PAGE_CACHE_HEADER] = 'public';
  else locals.cacheable = false;
  return new Response(body, { status: 200, headers });
};
