// What the bench holds pages to. The pages themselves come from tests/registry.ts (issue 3: one
// registry every harness reads, with the JavaScript budget per kind); this file keeps the
// Lighthouse floors per kind (ARCHITECTURE.md, Page budgets): static = no interaction, listing =
// lists and details, interactive = cart, lists, checkout, account. A signed-in page is held to its
// kind's budget.
import { PAGES, SAMPLE_DEAL_ID, SAMPLE_GTIN, SAMPLE_RECIPE_PATH, SAMPLE_SLUG } from '../tests/registry.ts';

/** Lighthouse mobile performance floor per kind. */
const PERFORMANCE_FLOOR = { static: 100, listing: 98, interactive: 95 };

/**
 * Lighthouse floors of one page: performance by kind; accessibility and best practices 100
 * everywhere; SEO 100 on public pages, i.e. pages an anonymous shopper (and a crawler) gets with
 * a 200 and that the site does not keep out of search engines. The not-found page answers 404
 * on purpose (Lighthouse's SEO category always marks a 4xx down), pages that robots.txt
 * disallows or that say `noindex` (sign-in, cart) fail is-crawlable by design, and signed-in
 * pages are not public: none of these has an SEO floor.
 */
export function lighthouseFloors(page, { excludedFromSearch = null } = {}) {
  const isPublic = !page.needsSignIn && (page.status ?? 200) === 200 && !excludedFromSearch;
  return {
    performance: PERFORMANCE_FLOOR[page.kind],
    accessibility: 100,
    bestPractices: 100,
    seo: isPublic ? 100 : null,
  };
}

/**
 * Why the site keeps a page out of search engines: 'robots.txt' (a Disallow for every user agent
 * that no longer Allow overrides), 'noindex' (robots meta tag or X-Robots-Tag), or null.
 */
export function excludedFromSearch({ path, robotsTxt, html, headers }) {
  const pathname = path.split('?')[0];
  let group = false;
  let best = { length: -1, allow: true };
  for (const raw of robotsTxt.split('\n')) {
    const [field, ...rest] = raw.replace(/#.*/, '').split(':');
    const value = rest.join(':').trim();
    const key = field.trim().toLowerCase();
    if (key === 'user-agent') group = value === '*';
    else if (
      group &&
      (key === 'allow' || key === 'disallow') &&
      value &&
      pathname.startsWith(value) &&
      value.length > best.length
    ) {
      best = { length: value.length, allow: key === 'allow' };
    }
  }
  if (!best.allow) return 'robots.txt';
  const meta = html.match(/<meta\b[^>]*\brobots\b[^>]*>/gi) ?? [];
  if (/noindex/i.test(headers.get('x-robots-tag') ?? '') || meta.some((tag) => /noindex/i.test(tag))) return 'noindex';
  return null;
}

/**
 * The registry's pages with their placeholders resolved: the first product a search for "milk"
 * finds (through the edge, as a shopper's browser would ask), its slug from the product API, and
 * the first deal the weekly ad page links to.
 * @returns {Promise<Array<import('../tests/registry.ts').PageEntry & { registryPath: string }>>}
 */
export async function registryPages(baseUrl) {
  const needsProduct = PAGES.some((page) => page.path.includes(SAMPLE_GTIN) || page.path.includes(SAMPLE_SLUG));
  const product = needsProduct ? await firstMilk(baseUrl) : null;
  const dealId = PAGES.some((page) => page.path.includes(SAMPLE_DEAL_ID)) ? await firstDeal(baseUrl) : null;
  const recipe = PAGES.some((page) => page.path.includes(SAMPLE_RECIPE_PATH)) ? await sampleRecipePath(baseUrl) : null;
  const resolve = (path) => {
    const withProduct = product
      ? path.replaceAll(SAMPLE_GTIN, product.gtin).replaceAll(SAMPLE_SLUG, product.slug)
      : path;
    const withRecipe = recipe ? withProduct.replaceAll(SAMPLE_RECIPE_PATH, recipe) : withProduct;
    return dealId ? withRecipe.replaceAll(SAMPLE_DEAL_ID, dealId) : withRecipe;
  };
  return PAGES.map((page) => ({ ...page, registryPath: page.path, path: resolve(page.path) }));
}

/** The detail path of recipe 7 (/r/{slug}[-recipe]/7), from the recipe API. */
async function sampleRecipePath(baseUrl) {
  const answer = await getJson(`${baseUrl}/atlas/v1/recipe/recipes/7`);
  const slug = answer?.data?.recipe?.slug;
  if (typeof slug !== 'string')
    throw new Error('The recipe API has no recipe 7: is the bench database seeded with recipes?');
  return `/r/${/(^|-)recipes?(-|$)/.test(slug) ? slug : `${slug}-recipe`}/7`;
}

/** The first deal the weekly ad page links to (/weekly-ad/{dealId}). */
async function firstDeal(baseUrl) {
  const response = await fetch(`${baseUrl}/weekly-ad`);
  const html = await response.text();
  const dealId = /href="\/weekly-ad\/([^"?#/]+)/.exec(html)?.[1];
  if (!response.ok || !dealId)
    throw new Error(`The weekly ad page (${response.status}) links to no deal: is the bench database seeded?`);
  return decodeURIComponent(dealId);
}

/** The first search hit for "milk": its GTIN-13 and slug. */
export async function firstMilk(baseUrl) {
  const search = await getJson(`${baseUrl}/atlas/v1/search/v1/products-search?filter.query=milk&page.size=12`);
  const gtin = search?.data?.productsSearch?.[0]?.upc;
  if (!/^\d{13}$/.test(gtin ?? ''))
    throw new Error('A search for "milk" found no product: is the bench database seeded?');
  const products = await getJson(`${baseUrl}/atlas/v1/product/v2/products?gtins=${gtin}`);
  const slug = findSlug(products, gtin);
  if (!slug) throw new Error(`The product API gave no slug for ${gtin}.`);
  return { gtin, slug };
}

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.json();
}

/** The slug of the product with this GTIN, wherever the response nests it. */
function findSlug(value, gtin) {
  if (!value || typeof value !== 'object') return null;
  if (value.gtin13 === gtin && typeof value.slug === 'string') return value.slug;
  for (const child of Object.values(value)) {
    const found = findSlug(child, gtin);
    if (found) return found;
  }
  return null;
}
