import { Hono, type Context } from 'hono';
import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import { PRIVATE_LABELS } from '../../src/lib/catalog/private-labels.ts';
import {
  GTIN13_PATTERN,
  MODALITIES,
  ProductsQuerySchema,
  type Modality,
  type Projection,
} from '../../src/lib/catalog/product.ts';
import { ProductSearchQuerySchema } from '../../src/lib/catalog/search.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { LOCATION_ID_PATTERN } from '../../src/lib/location/location-id.ts';
import { suggestionsQuerySchema } from '../../src/lib/search/suggestions.ts';
import type { UpstreamEnv } from '../context.ts';
import { parseQuery } from '../validate.ts';
import { getProduct, getProductImageFacts, getProducts } from '../db/catalog.ts';
import { productImageSvg } from '../db/catalog-images.ts';
import { searchProducts } from '../db/search.ts';
import { suggestSearches } from '../db/suggestions.ts';

// The catalog service of the reference upstream (mounted in upstream/app.ts):
//   GET /atlas/v1/search/v1/products-search      shopping §7 Product search (ProductSearchQuerySchema)
//   GET /atlas/v1/search/v1/suggestions          autocomplete (docs/decisions/060-search-pages.md)
//   GET /atlas/v1/product/v2/products            account §7 Product fetch (ProductsQuerySchema)
//   GET /atlas/v1/product/v2/products/{gtin13}   one product with every field and its variants,
//                                                for the product page /p/{slug}/{gtin13}
//   GET /atlas/v1/product/images/{gtin13}.svg    the generated product image
// The store comes from x-hm-location-id (search: filter.locationId wins), the modality from
// x-hm-modality; both fall back to the banner's defaults. docs/decisions/010-catalog-and-search.md

type CatalogContext = Context<UpstreamEnv>;

const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

function shopperStore(c: CatalogContext): { locationId: string; modality: Modality; banner: string } {
  const call = c.get('call');
  const banner = isBannerId(call.banner) ? call.banner : 'harvest';
  const locationId = LOCATION_ID_PATTERN.test(call.locationId) ? call.locationId : BANNERS[banner].defaultLocationId;
  const modality = (MODALITIES as readonly string[]).includes(call.modality) ? (call.modality as Modality) : 'PICKUP';
  return { locationId, modality, banner };
}

/** Keeps `work` going after the answer where the runtime gives an execution context (app.request in tests does not). */
function deferWork(c: CatalogContext, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}

export const catalogService = new Hono<UpstreamEnv>();

catalogService.get('/atlas/v1/search/v1/products-search', async (c) => {
  const query = parseQuery(c, ProductSearchQuerySchema);
  const store = shopperStore(c);
  const result = await searchProducts(c.env.DB, query, {
    ...store,
    division: c.get('call').division,
    customerGUID: c.get('call').customer?.customerGUID ?? null,
    defer: (work) => deferWork(c, work),
  });
  return c.json(result, 200);
});

catalogService.get('/atlas/v1/search/v1/suggestions', async (c) => {
  // The banner's minimum too: another edge calling us gets the same rule.
  const { banner } = shopperStore(c);
  const query = parseQuery(
    c,
    suggestionsQuerySchema(BANNERS[banner as keyof typeof BANNERS].toggles.searchSuggestionsMinChars),
  );
  // Another banner's private labels are not suggested (src/lib/catalog/private-labels.ts).
  const suggestions = (await suggestSearches(c.env.DB, query['filter.query'])).filter(
    (suggestion) =>
      !PRIVATE_LABELS.some(
        (label) => label.banner !== banner && suggestion.text.toLowerCase().startsWith(label.name.toLowerCase()),
      ),
  );
  return c.json({ data: { suggestions }, meta: { query: query['filter.query'] } }, 200);
});

catalogService.get('/atlas/v1/product/v2/products', async (c) => {
  const query = parseQuery(c, ProductsQuerySchema);
  const projections: Projection[] = query.projections?.length ? query.projections : ['full'];
  const products = await getProducts(
    c.env.DB,
    { gtins: query.gtins ?? [], variantGroupIds: query.variantGroupIds ?? [] },
    { ...shopperStore(c), projections, verified: query.verified === 'true' },
  );
  return c.json({ data: { products } }, 200);
});

catalogService.get('/atlas/v1/product/v2/products/:gtin13', async (c) => {
  const gtin13 = c.req.param('gtin13');
  if (!GTIN13_PATTERN.test(gtin13))
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Invalid path', 400, ['gtin13: must be a 13-digit GTIN']);
  const product = await getProduct(c.env.DB, gtin13, shopperStore(c));
  if (!product) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such product', 404);
  return c.json({ data: { product } }, 200);
});

catalogService.get('/atlas/v1/product/images/:file', async (c) => {
  const match = /^(\d{13})\.svg$/.exec(c.req.param('file'));
  if (!match?.[1]) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such image', 404);
  const facts = await getProductImageFacts(c.env.DB, match[1]);
  if (!facts) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such image', 404);
  return c.body(productImageSvg(facts), 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': IMAGE_CACHE_CONTROL,
  });
});
