import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { AD_SIGNATURE_PATTERN, AD_TRACKING_PATHS } from '../../src/lib/promotions/ad-tracking.ts';
import { ProductSearchResponseSchema } from '../../src/lib/catalog/search.ts';
import { encodeBase64Url } from '../../src/lib/auth/base64url.ts';
import { signAdPlacement, verifyAdPlacement } from '../../worker/ad-placements.ts';
import { SAMPLE_AD_EVENT } from '../registry.ts';
import { DealPricesResponseSchema } from '../../src/lib/promotions/deal-prices.ts';
import {
  RECOMMENDATIONS_PATH,
  RECOMMENDATION_LABELS,
  RECOMMENDATION_TYPES,
  RecommendationsResponseSchema,
} from '../../src/lib/promotions/recommendations.ts';
import {
  CurrentCircularsResponseSchema,
  DealDetailsResponseSchema,
  WEEKLY_AD_MAX_UPCS,
  WEEKLY_AD_PATHS,
} from '../../src/lib/promotions/weekly-ad.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { promotionsSeedStatements } from '../../upstream/seed/promotions.ts';
import { createApp } from '../fixtures/app.ts';
import { newShopper } from '../fixtures/auth.ts';
import { TEST_SEED, seedCatalogForTests } from '../fixtures/seed.ts';

// The weekly ad, sponsored placement tracking and recommendations through the real edge app, the
// reference upstream and local D1 (shopping §3, §7, §9 Weekly ad; account §3 Ad placement
// tracking, §9 Recommendation labels; docs/decisions/050).

const PRODUCTS = 400;
const BIG_DEAL = 'test-big-deal';
const BIG_DEAL_UPCS = 300;
const SESSION_KEYS = `test:${'B'.repeat(42)}A`;
const app = createApp();
const testEnv = { ...env, SESSION_KEYS } as unknown as Env;
let gtins: string[] = [];

function call(
  path: string,
  init: { method?: string; body?: unknown; host?: string; contentType?: string; cookie?: string } = {},
) {
  const origin = `http://${init.host ?? 'localhost'}`;
  const headers = new Headers({ origin, 'sec-fetch-site': 'same-origin' });
  if (init.cookie) headers.set('cookie', init.cookie);
  let body: string | undefined;
  if (init.body !== undefined) {
    headers.set('content-type', init.contentType ?? 'application/json');
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  return app.request(
    `${origin}${path}`,
    { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body },
    testEnv,
    createExecutionContext(),
  );
}

async function expectClientError(response: Response) {
  expect(response.status).toBe(400);
  const body = v.parse(ErrorBodySchema, await response.json());
  expect(body.errors[0]).toMatchObject({ code: 'CLIENT_ERROR', statusCode: 400, datetime: { timezone: 'UTC' } });
}

/** A customer with a live session whose placed order (a MODIFY_ORDER basket) holds `gtins`; answers the cookie. */
async function shopperWhoBought(buy: readonly string[]): Promise<string> {
  const { customerGUID, cookie } = await newShopper(testEnv);
  const basketId = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO baskets (id, customer_guid, banner, type, order_id, created_at, updated_at) VALUES (?1, ?2, 'harvest', 'MODIFY_ORDER', 'order-1', ?3, ?3)",
    ).bind(basketId, customerGUID, now),
    ...buy.map((gtin, index) =>
      env.DB.prepare(
        'INSERT INTO basket_items (basket_id, id, gtin13, quantity, created) VALUES (?1, ?2, ?3, 3, ?4)',
      ).bind(basketId, `line-${index}`, gtin, now),
    ),
  ]);
  return cookie;
}

async function adEventCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM ad_events').first<{ n: number }>())?.n ?? 0;
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  const statements = promotionsSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }), {
    seed: TEST_SEED,
    weeks: 1,
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  // A deal covering more UPCs than the spec's cap of 250, in harvest's current weekly circular.
  const circular = await env.DB.prepare(
    "SELECT circular_id FROM weekly_ad_circulars WHERE banner_id = 'harvest' AND division_id = '701' AND type = 'WEEKLY' AND starts_at <= ?1 AND ends_at > ?1",
  )
    .bind(Date.now())
    .first<{ circular_id: string }>();
  if (!circular) throw new Error('the seed made no current weekly circular');
  const { results } = await env.DB.prepare('SELECT gtin13 FROM products ORDER BY doc_id LIMIT ?1')
    .bind(BIG_DEAL_UPCS)
    .all<{ gtin13: string }>();
  gtins = results.map((row) => row.gtin13);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO weekly_ad_deals (deal_id, circular_id, position, title, price_string, deal_cents, flyer_aisle, image_url, category_id) VALUES (?1, ?2, 99, 'Everything Sale', '2 for $5', 250, NULL, '/x.svg', NULL)",
    ).bind(BIG_DEAL, circular.circular_id),
    ...gtins.map((gtin, position) =>
      env.DB.prepare('INSERT INTO weekly_ad_deal_items (deal_id, gtin13, position) VALUES (?1, ?2, ?3)').bind(
        BIG_DEAL,
        gtin,
        position,
      ),
    ),
  ]);
});

describe('weekly ad: the current circular', () => {
  test('harvest division 701 gets its weekly circular with dates as a UTC value plus time zone', async () => {
    const response = await call(WEEKLY_AD_PATHS.CURRENT_CIRCULARS);
    expect(response.status).toBe(200);
    const { circulars } = v.parse(CurrentCircularsResponseSchema, await response.json()).data;
    const weekly = circulars[0];
    expect(weekly).toMatchObject({ type: 'WEEKLY', banner: 'harvest', division: '701' });
    expect(weekly?.startDate.timezone).toBe('America/Los_Angeles');
    expect(Date.parse(weekly?.startDate.value ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(weekly?.endDate.value ?? '')).toBeGreaterThan(Date.now());
    for (const deal of weekly?.deals ?? []) {
      expect(deal.title).not.toBe('');
      expect(deal.priceString).not.toBe('');
      expect(deal.upcs.length).toBeGreaterThan(0);
    }
  });

  test("a deal's UPC list is capped at 250 while upcCount tells the whole (shopping §9)", async () => {
    const { circulars } = v.parse(
      CurrentCircularsResponseSchema,
      await (await call(WEEKLY_AD_PATHS.CURRENT_CIRCULARS)).json(),
    ).data;
    const big = circulars.flatMap((circular) => circular.deals).find((deal) => deal.id === BIG_DEAL);
    expect(big?.upcCount).toBe(BIG_DEAL_UPCS);
    expect(big?.upcs).toEqual(gtins.slice(0, WEEKLY_AD_MAX_UPCS));
  });

  test('the specials and savings circulars carry the flyer codes of the aisle table', async () => {
    const { circulars } = v.parse(
      CurrentCircularsResponseSchema,
      await (await call(WEEKLY_AD_PATHS.CURRENT_CIRCULARS)).json(),
    ).data;
    const specials = circulars.find((circular) => circular.type === 'SPECIALS');
    const savings = circulars.find((circular) => circular.type === 'SAVINGS');
    expect(specials?.deals[0]?.weeklyFlyer).toEqual({ code: 'SPECIALS', aisleNumber: 90, name: 'Weekly Specials' });
    expect(savings?.deals[0]?.weeklyFlyer).toEqual({ code: 'SAVINGS', aisleNumber: 91, name: 'Savings Circular' });
    const filtered = v.parse(
      CurrentCircularsResponseSchema,
      await (await call(`${WEEKLY_AD_PATHS.CURRENT_CIRCULARS}?type=SAVINGS`)).json(),
    ).data;
    expect(filtered.circulars.map((circular) => circular.type)).toEqual(['SAVINGS']);
  });

  test('the other banner gets its own division and time zone', async () => {
    const response = await call(WEEKLY_AD_PATHS.CURRENT_CIRCULARS, { host: 'bayside.localhost' });
    const { circulars } = v.parse(CurrentCircularsResponseSchema, await response.json()).data;
    expect(circulars[0]).toMatchObject({
      banner: 'bayside',
      division: '620',
      startDate: { timezone: 'America/New_York' },
    });
  });

  test('an unknown circular type is a CLIENT_ERROR', async () => {
    await expectClientError(await call(`${WEEKLY_AD_PATHS.CURRENT_CIRCULARS}?type=DAILY`));
  });
});

describe('weekly ad: deal details through the use-case executor', () => {
  test('answers the deal and its UPCs, capped at 250', async () => {
    const response = await call(WEEKLY_AD_PATHS.USE_CASE, {
      body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: BIG_DEAL },
    });
    expect(response.status).toBe(200);
    const { data } = v.parse(DealDetailsResponseSchema, await response.json());
    expect(data.deal).toMatchObject({ id: BIG_DEAL, priceString: '2 for $5', upcCount: BIG_DEAL_UPCS });
    expect(data.upcs).toHaveLength(WEEKLY_AD_MAX_UPCS);
  });

  test('a flyer deal (answered upstream as promotionalData.upcs) comes out in the same shape', async () => {
    const { circulars } = v.parse(
      CurrentCircularsResponseSchema,
      await (await call(`${WEEKLY_AD_PATHS.CURRENT_CIRCULARS}?type=SPECIALS`)).json(),
    ).data;
    const deal = circulars[0]?.deals[0];
    if (!deal) throw new Error('no specials deal seeded');
    const response = await call(WEEKLY_AD_PATHS.USE_CASE, {
      body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: deal.id },
    });
    const { data } = v.parse(DealDetailsResponseSchema, await response.json());
    expect(data.upcs).toEqual(deal.upcs);
  });

  test('an unknown deal is 404 and a malformed request is a CLIENT_ERROR', async () => {
    const missing = await call(WEEKLY_AD_PATHS.USE_CASE, {
      body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'no-such-deal' },
    });
    expect(missing.status).toBe(404);
    await expectClientError(
      await call(WEEKLY_AD_PATHS.USE_CASE, { body: { useCase: 'CART_CHECKOUT', dealId: BIG_DEAL } }),
    );
    await expectClientError(
      await call(WEEKLY_AD_PATHS.USE_CASE, { body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: '../../etc' } }),
    );
  });

  test('deal prices map the products of current deals to their priceString', async () => {
    const [first] = gtins;
    const response = await call(`${WEEKLY_AD_PATHS.DEAL_PRICES}?gtins=${first},0000000000000`);
    expect(response.status).toBe(200);
    const { dealPrices } = v.parse(DealPricesResponseSchema, await response.json()).data;
    expect(
      dealPrices.some(
        (entry) => entry.gtin13 === first && entry.dealId === BIG_DEAL && entry.priceString === '2 for $5',
      ),
    ).toBe(true);
    await expectClientError(await call(`${WEEKLY_AD_PATHS.DEAL_PRICES}?gtins=milk`));
  });
});

describe('sponsored placements: impression and click beacons', () => {
  type Served = { placementId: string; fetchedId: string; positionOrder: number; target: string; signature: string };

  /** The placements a sponsored search serves, as its ad cards report them (each with the edge's signature). */
  async function served(query: string): Promise<Served[]> {
    const response = await call(
      `/atlas/v1/search/v1/products-search?filter.query=${query}&option.monetization=SPONSORED`,
    );
    expect(response.status).toBe(200);
    const { meta } = v.parse(ProductSearchResponseSchema, await response.json());
    expect(meta.ads.length, `ads for ${query}`).toBeGreaterThan(0);
    return meta.ads.map((ad) => ({
      placementId: ad.placementId,
      fetchedId: meta.id,
      positionOrder: ad.positionOrder,
      target: ad.target,
      signature: ad.signature ?? '',
    }));
  }
  const rowsOf = (placementId: string) =>
    env.DB.prepare(
      'SELECT kind, placement_id, fetched_id, position_order, target, banner_id, location_id FROM ad_events WHERE placement_id = ?1 ORDER BY kind',
    )
      .bind(placementId)
      .all();

  test("a served placement's impression and click are recorded with their placement, fetched id, position and target", async () => {
    const [event] = await served('milk');
    expect(event!.signature).toMatch(AD_SIGNATURE_PATTERN);
    const impression = await call(AD_TRACKING_PATHS.IMPRESSION, { body: event });
    expect(impression.status).toBe(202);
    expect(await impression.json()).toEqual({ data: { recorded: true, kind: 'impression' } });
    const click = await call(AD_TRACKING_PATHS.CLICK, { body: event });
    expect(click.status).toBe(202);
    const row = {
      placement_id: event!.placementId,
      fetched_id: event!.fetchedId,
      position_order: event!.positionOrder,
      target: 'search',
      banner_id: 'harvest',
      location_id: '70100101',
    };
    expect((await rowsOf(event!.placementId)).results).toEqual([
      { kind: 'click', ...row },
      { kind: 'impression', ...row },
    ]);
  });

  test('a repeated beacon is recorded once', async () => {
    const [event] = await served('cheese');
    await call(AD_TRACKING_PATHS.IMPRESSION, { body: event });
    const again = await call(AD_TRACKING_PATHS.IMPRESSION, { body: event });
    expect(await again.json()).toEqual({ data: { recorded: false, kind: 'impression' } });
    expect((await rowsOf(event!.placementId)).results.length).toBe(1);
  });

  // issue 20 §5: clicks are recorded only for placements the storefront served
  test('a forged, unknown or altered placement is refused with 400 "Unknown placement" and nothing is recorded', async () => {
    const [event] = await served('bread');
    const otherEdge = `other:${encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
    const forgedSignature = (await signAdPlacement({ ...env, SESSION_KEYS: otherEdge } as unknown as Env, event!))!;
    const { signature: _signature, ...unsigned } = event!;
    const before = await adEventCount();
    for (const forged of [
      { ...event!, placementId: 'pl-made-up-1', fetchedId: 'search-made-up' },
      { ...event!, positionOrder: event!.positionOrder + 1 },
      { ...event!, target: 'weekly-ad' },
      { ...event!, fetchedId: crypto.randomUUID() },
      { ...event!, signature: forgedSignature },
      { ...event!, signature: `${event!.signature.split('.')[0]}.${'A'.repeat(43)}` },
      { ...event!, signature: `retired.${event!.signature.split('.')[1]}` },
    ]) {
      for (const path of [AD_TRACKING_PATHS.CLICK, AD_TRACKING_PATHS.IMPRESSION]) {
        const response = await call(path, { body: forged });
        expect(response.status).toBe(400);
        expect(v.parse(ErrorBodySchema, await response.json()).errors[0]).toMatchObject({
          code: 'CLIENT_ERROR',
          reason: 'Unknown placement',
        });
      }
    }
    // without a signature at all: the body itself is refused
    await expectClientError(await call(AD_TRACKING_PATHS.CLICK, { body: unsigned }));
    expect(await adEventCount()).toBe(before);
  });

  test('a malformed beacon is answered with CLIENT_ERROR and nothing is recorded', async () => {
    const [event] = await served('eggs');
    const before = await adEventCount();
    await expectClientError(await call(AD_TRACKING_PATHS.IMPRESSION, { body: { ...event, positionOrder: -1 } }));
    await expectClientError(
      await call(AD_TRACKING_PATHS.CLICK, {
        body: { placementId: event!.placementId, positionOrder: 1, target: 'search', signature: event!.signature },
      }),
    );
    await expectClientError(await call(AD_TRACKING_PATHS.CLICK, { body: { ...event, extra: 'field' } }));
    await expectClientError(await call(AD_TRACKING_PATHS.IMPRESSION, { body: '{"placementId":' }));
    await expectClientError(await call(AD_TRACKING_PATHS.IMPRESSION, { body: { ...event, target: '<script>' } }));
    expect(await adEventCount()).toBe(before);
  });

  test("the registry's sample placement is signed under the test keys of vitest.config.ts (the harnesses record it)", async () => {
    const { signature, ...event } = SAMPLE_AD_EVENT;
    expect(await verifyAdPlacement(env as unknown as Env, event, signature)).toBe(true);
  });
});

describe('recommendations', () => {
  test('the carousels carry the spec labels exactly (account §9)', async () => {
    const gtin = gtins[0] ?? '';
    const response = await call(`${RECOMMENDATIONS_PATH}?type=${RECOMMENDATION_TYPES.join(',')}&gtin=${gtin}`);
    expect(response.status).toBe(200);
    const { carousels } = v.parse(RecommendationsResponseSchema, await response.json()).data;
    expect(carousels.map((carousel) => carousel.label)).toEqual([
      'Better for You',
      'Because You Shop For',
      'Goes Well With', // ours: the spec names no cross-sell carousel
      'My Sale Items',
      'New for You',
      'Similar Items to',
      'Start My Cart',
    ]);
    expect(carousels.map((carousel) => carousel.type)).toEqual([...RECOMMENDATION_TYPES]);
    for (const carousel of carousels) {
      expect(carousel.label).toBe(RECOMMENDATION_LABELS[carousel.type]);
      expect(carousel.items.length).toBeGreaterThan(0);
    }
  });

  test('"Similar Items to" names the product and leaves it out; "My Sale Items" are on promotion', async () => {
    const gtin = gtins[0] ?? '';
    const product = await env.DB.prepare('SELECT name, category_id FROM products WHERE gtin13 = ?1')
      .bind(gtin)
      .first<{ name: string; category_id: string }>();
    const response = await call(`${RECOMMENDATIONS_PATH}?type=SIMILAR_ITEMS,MY_SALE_ITEMS&gtin=${gtin}`);
    const [similar, sale] = v.parse(RecommendationsResponseSchema, await response.json()).data.carousels;
    expect(similar?.title).toBe(`Similar Items to ${product?.name}`);
    expect(similar?.items.map((item) => item.gtin13)).not.toContain(gtin);
    const categories = await env.DB.prepare(
      `SELECT DISTINCT category_id FROM products WHERE gtin13 IN (SELECT value FROM json_each(?1))`,
    )
      .bind(JSON.stringify(similar?.items.map((item) => item.gtin13)))
      .all<{ category_id: string }>();
    expect(categories.results).toEqual([{ category_id: product?.category_id }]);
    for (const item of sale?.items ?? []) expect(item.price?.promoCents).not.toBeNull();
  });

  test('"Because You Shop For" follows what a signed-in shopper bought; anonymous shoppers get a popular category', async () => {
    const { results } = await env.DB.prepare(
      "SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = '70100101' WHERE p.category_id = '20' ORDER BY p.doc_id LIMIT 2",
    ).all<{ gtin13: string }>();
    const bought = results.map((row) => row.gtin13);
    expect(bought.length).toBeGreaterThan(0);
    const cookie = await shopperWhoBought(bought);
    const mine = v.parse(
      RecommendationsResponseSchema,
      await (await call(`${RECOMMENDATIONS_PATH}?type=BECAUSE_YOU_SHOP_FOR`, { cookie })).json(),
    ).data.carousels[0];
    expect(mine).toMatchObject({
      label: 'Because You Shop For',
      subject: { id: '20', name: 'Cheese' },
      title: 'Because You Shop For Cheese',
    });
    const anonymous = v.parse(
      RecommendationsResponseSchema,
      await (await call(`${RECOMMENDATIONS_PATH}?type=BECAUSE_YOU_SHOP_FOR`)).json(),
    ).data.carousels[0];
    expect(anonymous?.label).toBe('Because You Shop For');
    expect(anonymous?.subject).not.toBeNull();
  });

  test('cross-sell ("Goes Well With") puts what orders hold together with the product first, never the product or its category', async () => {
    const { results } = await env.DB.prepare(
      "SELECT p.gtin13, p.name, p.category_id FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = '70100101' AND pp.stock_quantity > 0 ORDER BY p.doc_id LIMIT 400",
    ).all<{ gtin13: string; name: string; category_id: string }>();
    const subject = results[0];
    const partner = results.find((row) => row.category_id !== subject?.category_id);
    if (!subject || !partner) throw new Error('seed too small');
    await shopperWhoBought([subject.gtin13, partner.gtin13]); // someone's order holds both
    const response = await call(`${RECOMMENDATIONS_PATH}?type=CROSS_SELL&gtin=${subject.gtin13}&size=4`);
    expect(response.status).toBe(200);
    const [crossSell] = v.parse(RecommendationsResponseSchema, await response.json()).data.carousels;
    expect(crossSell?.title).toBe(`Goes Well With ${subject.name}`);
    expect(crossSell?.items[0]?.gtin13).toBe(partner.gtin13);
    expect(crossSell?.items.length).toBeLessThanOrEqual(4);
    const gtins = crossSell?.items.map((item) => item.gtin13) ?? [];
    expect(gtins).not.toContain(subject.gtin13);
    const categories = await env.DB.prepare(
      'SELECT DISTINCT category_id FROM products WHERE gtin13 IN (SELECT value FROM json_each(?1))',
    )
      .bind(JSON.stringify(gtins))
      .all<{ category_id: string }>();
    expect(categories.results.map((row) => row.category_id)).not.toContain(subject.category_id);
    await expectClientError(await call(`${RECOMMENDATIONS_PATH}?type=CROSS_SELL`));
  });

  test('an unknown type, or Similar Items without a product, is a CLIENT_ERROR', async () => {
    await expectClientError(await call(`${RECOMMENDATIONS_PATH}?type=EVERYTHING`));
    await expectClientError(await call(`${RECOMMENDATIONS_PATH}?type=SIMILAR_ITEMS`));
  });
});
