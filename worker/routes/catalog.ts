import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ProductParamsSchema,
  ProductResponseSchema,
  ProductsQuerySchema,
  ProductsResponseSchema,
} from '../../src/lib/catalog/product.ts';
import { ProductSearchQuerySchema, ProductSearchResponseSchema } from '../../src/lib/catalog/search.ts';
import { ERROR_CODES, describeIssues } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS, PATH_REASONS } from '../../src/lib/http/messages.ts';
import {
  SUGGESTIONS_PATH,
  SuggestionsResponseSchema,
  suggestionsQuerySchema,
} from '../../src/lib/search/suggestions.ts';
import { withSignedAds } from '../ad-placements.ts';
import { errorResponse } from '../errors.ts';
import { proxySvg } from '../images.ts';
import type { EdgeEnv } from '../types.ts';
import { flatQuery, validParams, validQuery } from '../validate.ts';
import { SAMPLE_GTIN, type Capability } from '../capability.ts';

// Catalog and search on the spec's paths (mounted in worker/app.ts):
//   GET /atlas/v1/search/v1/products-search      shopping §7 (ProductSearchQuerySchema -> ProductSearchResponseSchema)
//   GET /atlas/v1/search/v1/suggestions          autocomplete after the banner's minimum characters
//                                                (suggestionsQuerySchema -> SuggestionsResponseSchema),
//                                                docs/decisions/060-search-pages.md
//   GET /atlas/v1/product/v2/products            account §7 (ProductsQuerySchema -> ProductsResponseSchema)
//   GET /atlas/v1/product/v2/products/{gtin13}   one product with its variants (ProductResponseSchema); the
//                                                product page is /p/{slug}/{gtin13}, so the GTIN is the key
//   GET /atlas/v1/product/images/{gtin13}.svg    the generated product image, cached for long
// The query is validated here (a bad one never reaches the upstream); the upstream client adds
// the store, modality and banner headers itself. The store and modality are the shopper's
// (cookie), so responses vary by cookie: anonymous ones may be cached briefly, privately.

/** Anonymous catalog answers may be reused for a minute. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60';

const ImageParamsSchema = v.object({ file: v.pipe(v.string(), v.regex(/^\d{13}\.svg$/, PATH_REASONS.PRODUCT_IMAGE)) });

const catalogRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const catalogCapability: Capability = {
  routes: catalogRoutes,
  apiPrefixes: ['/atlas/v1/'],
  sharedAnswers: ['/atlas/v1/product/images/'],
  registry: {
    api: [
      {
        method: 'GET',
        path: '/atlas/v1/search/v1/products-search',
        sample: { query: { 'filter.query': 'milk', 'page.size': '12', sort: 'price.asc' } },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: '/atlas/v1/search/v1/suggestions',
        sample: { query: { 'filter.query': 'mil' } },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: '/atlas/v1/product/v2/products',
        sample: { query: { gtins: SAMPLE_GTIN } },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: `/atlas/v1/product/v2/products/${SAMPLE_GTIN}`,
        route: '/atlas/v1/product/v2/products/:gtin13',
        sample: {},
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: `/atlas/v1/product/images/${SAMPLE_GTIN}.svg`,
        route: '/atlas/v1/product/images/:file',
        sample: {},
        needsSignIn: false,
      },
    ],
    pages: [
      { name: 'search', path: '/search?query=milk', file: 'search.astro', kind: 'listing', needsSignIn: false },
      { name: 'top query', path: '/q/milk', file: 'q/[slug].astro', kind: 'listing', needsSignIn: false },
      {
        name: 'product list',
        path: '/pl/dairy-and-eggs/02',
        file: 'pl/[slug]/[taxonomyId].astro',
        kind: 'listing',
        needsSignIn: false,
      },
      {
        name: 'brand',
        path: '/pb/harvest-select/harvest-select/00',
        file: 'pb/[brandSlug]/[slug]/[taxonomyId].astro',
        kind: 'listing',
        needsSignIn: false,
      },
      {
        name: 'product',
        path: '/p/__FIRST_MILK_SLUG__/__FIRST_MILK_GTIN__',
        file: 'p/[slug]/[gtin13].astro',
        kind: 'listing',
        needsSignIn: false,
      },
    ],
  },
};

catalogRoutes.get('/atlas/v1/search/v1/products-search', validQuery(ProductSearchQuerySchema), async (c) => {
  // the query as validated: a repeated key is one comma list (flatQuery)
  const query = flatQuery(c);
  const { data } = await c
    .get('upstream')
    .json(
      { path: '/atlas/v1/search/v1/products-search', query: pick(query, ProductSearchQuerySchema) },
      ProductSearchResponseSchema,
    );
  if (!c.get('session')) c.header('cache-control', CATALOG_CACHE_CONTROL);
  c.header('vary', 'cookie');
  // each sponsored placement signed: its impression and click are recorded only with it (decision 501)
  return c.json(await withSignedAds(c.env, data), 200);
});

catalogRoutes.get(SUGGESTIONS_PATH, async (c) => {
  // spec: shopping §6 "suggestions minimum characters" is a per-banner toggle, so the schema is
  // the banner's; a short or invalid query is CLIENT_ERROR/400 and never reaches the upstream.
  const schema = suggestionsQuerySchema(c.get('banner').toggles.searchSuggestionsMinChars);
  const parsed = v.safeParse(schema, {
    'filter.query': new URL(c.req.url).searchParams.get('filter.query') ?? undefined,
  });
  if (!parsed.success)
    return errorResponse(c, ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_QUERY, 400, describeIssues(parsed.issues));
  const { data } = await c
    .get('upstream')
    .json(
      { path: SUGGESTIONS_PATH, query: { 'filter.query': parsed.output['filter.query'] } },
      SuggestionsResponseSchema,
    );
  // Suggestions depend on the banner (host) and the text only, not on the shopper.
  c.header('cache-control', c.get('session') ? 'private, max-age=60' : CATALOG_CACHE_CONTROL);
  return c.json(data, 200);
});

catalogRoutes.get('/atlas/v1/product/v2/products', validQuery(ProductsQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const { data } = await c.get('upstream').json(
    {
      path: '/atlas/v1/product/v2/products',
      query: {
        gtins: query.gtins?.join(','),
        variantGroupIds: query.variantGroupIds?.join(','),
        verified: query.verified,
        projections: query.projections?.join(','),
      },
    },
    ProductsResponseSchema,
  );
  if (!c.get('session')) c.header('cache-control', CATALOG_CACHE_CONTROL);
  c.header('vary', 'cookie');
  return c.json(data, 200);
});

catalogRoutes.get('/atlas/v1/product/v2/products/:gtin13', validParams(ProductParamsSchema), async (c) => {
  const { gtin13 } = c.req.valid('param');
  const { data } = await c
    .get('upstream')
    .json({ path: `/atlas/v1/product/v2/products/${gtin13}` }, ProductResponseSchema);
  if (!c.get('session')) c.header('cache-control', CATALOG_CACHE_CONTROL);
  c.header('vary', 'cookie');
  return c.json(data, 200);
});

catalogRoutes.get('/atlas/v1/product/images/:file', validParams(ImageParamsSchema), (c) =>
  proxySvg(c, `/atlas/v1/product/images/${c.req.valid('param').file}`),
);

/** The validated parameters only, as the strings the client sent (unknown keys are dropped). */
function pick(
  query: Record<string, string>,
  schema: { entries: Record<string, unknown> },
): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(schema.entries).map((key) => [key, query[key]]));
}
