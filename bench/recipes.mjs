// Recipe figures (issue 10's closing note), through a running storefront (npm start; the edge and
// the embedded reference upstream on the local D1):
//   1. p50/p95 of a filtered recipe search (newer family; cuisine, meal type, a term, a time limit),
//      varied per request so no answer is reused;
//   2. the time to render the shop-ingredients view of the recipe with the most ingredients
//      (cache misses: each request a new URL).
// For the 10,000-recipe figure, seed that many first:
//   node upstream/seed/cli.ts --products 5000 --recipes-only --recipes 10000 --out .tmp/recipes-10k.sql
//   npx wrangler d1 execute DB --local --persist-to .wrangler/state --file .tmp/recipes-10k.sql --yes
//   npx node bench/recipes.mjs http://127.0.0.1:8787 [--searches=200] [--shops=20]
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';

const baseUrl = process.argv.slice(2).find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:8787';
const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SEARCHES = option('searches', 200);
const SHOPS = option('shops', 20);
const CUISINES = ['american', 'italian', 'mexican', 'asian', 'mediterranean'];
const MEALS = ['breakfast', 'lunch', 'dinner', 'dessert', 'snack'];
const TERMS = ['', 'chicken', 'salmon', 'garlic', 'chocolate', 'rice', 'beans'];

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: +sorted.at(-1).toFixed(1) };
};

const total = (await (await fetch(`${baseUrl}/atlas/v1/recipe/recipes/?page.size=1`)).json()).data.meta.totalRecipes;
const search = [];
for (let n = 0; n < SEARCHES; n++) {
  const query = new URLSearchParams({
    'filter.cuisine': CUISINES[n % 5],
    'filter.mealType': MEALS[Math.floor(n / 5) % 5],
    'filter.totalTime.lte': String(30 + (n % 7) * 15),
    'page.size': '60',
    'page.offset': String((n % 3) * 60),
  });
  const term = TERMS[n % TERMS.length];
  if (term) query.set('filter.query', term);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/atlas/v1/recipe/recipes/?${query}`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`search answered ${response.status}`);
  search.push(performance.now() - started);
}

// the recipe with the most ingredients among the first 300
let widest = { id: '1', count: 0 };
for (let offset = 0; offset < 300; offset += 100) {
  const page = (await (await fetch(`${baseUrl}/atlas/v1/recipe/recipes/?page.size=100&page.offset=${offset}`)).json())
    .data.recipes;
  for (const recipe of page)
    if (recipe.ingredientCount > widest.count) widest = { id: recipe.id, count: recipe.ingredientCount };
}
const first = await fetch(`${baseUrl}/r/x/${widest.id}/shop`, { redirect: 'manual' });
const shopPath = new URL(first.headers.get('location') ?? `/r/x/${widest.id}/shop`, baseUrl).pathname;
const shop = [];
for (let n = 0; n < SHOPS; n++) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${shopPath}?bench=${Date.now()}-${n}`);
  await response.text();
  if (response.status !== 200) throw new Error(`shop view answered ${response.status}`);
  shop.push(performance.now() - started);
}
console.log(
  JSON.stringify({
    recipes: total,
    filteredSearch: stats(search),
    shopView: { recipeId: widest.id, ingredients: widest.count, ...stats(shop) },
  }),
);
