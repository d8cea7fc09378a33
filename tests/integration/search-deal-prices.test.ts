import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { dealTerms as parseDealTerms, linePrice } from '../../src/lib/pricing/price.ts';
// eslint-disable-next-line no-restricted-imports -- the deals each card shows, read as the weekly-ad route reads them
import { dealPrices } from '../../upstream/db/promotions.ts';
// eslint-disable-next-line no-restricted-imports -- the deal write's batch, and the prices held for search
import { DEAL_TERMS_REFRESH, dealTerms, storeDealPrices } from '../../upstream/db/search-deals.ts';
// eslint-disable-next-line no-restricted-imports -- the index this isolate's searches answer from
import { heldIndex } from '../../upstream/db/search-sync.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { promotionsSeedStatements } from '../../upstream/seed/promotions.ts';
import { createApp } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// Issue 23 §4 (docs/decisions/570-deal-prices-at-scale.md): a price sort or range compares the
// deal price search holds per store (search_deal_terms, priced by linePrice when the offers load
// and for each offer the change log brings), not one read per search. It must be what the one
// pricing function charges, and a price or deal write must be in the next search's order.

const app = createApp();
/** The app's store without a cookie (Harvest's default, src/lib/banner/banners.ts) and its weekly ad. */
const LOCATION = '70100101';
const AD = { banner: 'harvest', division: '701' };
/** upstream/db/search-sync.ts FRESHNESS_MS */
const FRESHNESS_MS = 100;

async function search(params: Record<string, string>): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, FRESHNESS_MS + 10)); // past the freshness bound
  const query = new URLSearchParams({ 'page.size': '96', ...params });
  const response = await app.request(
    `${TEST_ORIGIN}/atlas/v1/search/v1/products-search?${query}`,
    {},
    env,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { productsSearch: Array<{ upc: string }> } }).data.productsSearch.map(
    (item) => item.upc,
  );
}

interface Offer {
  gtin13: string;
  regular_cents: number;
  promo_cents: number | null;
}

/** The store's offers and the deal each card shows (the weekly ad's deal-prices read), as the cart prices them. */
async function cardPrices(now: number): Promise<{ offers: Offer[]; deals: Map<string, string> }> {
  const { results: offers } = await env.DB.prepare(
    'SELECT gtin13, regular_cents, promo_cents FROM product_prices WHERE location_id = ?1 ORDER BY gtin13',
  )
    .bind(LOCATION)
    .all<Offer>();
  const deals = new Map<string, string>();
  for (const deal of await dealPrices(env.DB, { ...AD, now, gtins: offers.map((offer) => offer.gtin13) }))
    if (!deals.has(deal.gtin13)) deals.set(deal.gtin13, deal.priceString);
  return { offers, deals };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  const statements = promotionsSeedStatements(generateCatalog({ products: 300, seed: TEST_SEED }), {
    seed: TEST_SEED,
    weeks: 1,
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
});

describe('deal prices held for price sorts and ranges', () => {
  test('each product is held at what linePrice charges for one: its offer at the store with the deal its card shows', async () => {
    const now = Date.now();
    const { offers, deals } = await cardPrices(now);
    expect(deals.size, 'this week has deals at the store').toBeGreaterThan(20);
    const { index, store } = await heldIndex(env.DB, LOCATION);
    const held = storeDealPrices(index, store, await dealTerms(env.DB, { ...AD, now }));
    // The sample: every product with a deal, and every third without one.
    const sample = offers.filter((offer, i) => deals.has(offer.gtin13) || i % 3 === 0);
    const expected = new Map<string, number>();
    const actual = new Map<string, number | undefined>();
    for (const offer of sample) {
      const dealPriceString = deals.get(offer.gtin13) ?? null;
      expected.set(
        offer.gtin13,
        linePrice({ regularCents: offer.regular_cents, promoCents: offer.promo_cents, dealPriceString }, 1).unitCents,
      );
      const slot = index.slotOfGtin.get(offer.gtin13) as number;
      actual.set(offer.gtin13, held.get(slot) ?? store.price[slot]);
    }
    expect(actual).toEqual(expected);
    const changed = sample.filter(
      (offer) => expected.get(offer.gtin13) !== (offer.promo_cents ?? offer.regular_cents),
    ).length;
    expect(changed, 'deals change what some products cost').toBeGreaterThan(5);
  });

  test('a price write is in the next search: its deal reprices the product in the sort and the range', async () => {
    const { offers, deals } = await cardPrices(Date.now());
    // A deal that prices off the regular price ("20% Off", "Save $1.00"), so the new regular price moves it.
    const offer = offers.find((candidate) => {
      const kind = parseDealTerms(deals.get(candidate.gtin13) ?? '').kind;
      return kind === 'PERCENT_OFF' || kind === 'AMOUNT_OFF';
    }) as Offer;
    expect(offer, 'a product with a deal off its regular price').toBeDefined();
    const dealPriceString = deals.get(offer.gtin13) as string;
    const priced = linePrice({ regularCents: 250_000, promoCents: null, dealPriceString }, 1).unitCents;
    expect(priced, 'the deal takes something off').toBeLessThan(250_000);
    const range = { 'filter.price.range': `${dollars(priced)}-${dollars(priced)}` };
    expect(await search(range)).not.toContain(offer.gtin13);

    await env.DB.prepare(
      'UPDATE product_prices SET regular_cents = 250000, promo_cents = NULL WHERE location_id = ?1 AND gtin13 = ?2',
    )
      .bind(LOCATION, offer.gtin13)
      .run();
    expect(await search(range), 'the range holds it at its deal price').toEqual([offer.gtin13]);
    expect((await search({ sort: 'price.desc' }))[0], 'and it sorts as the dearest').toBe(offer.gtin13);
    const shelf = { 'filter.price.range': '2500.00-2500.00' };
    expect(await search(shelf), 'not at the shelf price the deal takes off').not.toContain(offer.gtin13);
  });

  test('a deal write is in the next search, with the deal terms written in its batch', async () => {
    const now = Date.now();
    const { offers, deals } = await cardPrices(now);
    const offer = offers.find((candidate) => !deals.has(candidate.gtin13) && candidate.regular_cents > 100) as Offer;
    const cheapest = { sort: 'price.asc', 'filter.price.range': '0.01-0.01' };
    expect(await search(cheapest)).not.toContain(offer.gtin13);
    const circular = await env.DB.prepare(
      "SELECT circular_id FROM weekly_ad_circulars WHERE banner_id = ?1 AND division_id = ?2 AND type = 'WEEKLY' AND starts_at <= ?3 AND ends_at > ?3",
    )
      .bind(AD.banner, AD.division, now)
      .first<string>('circular_id');
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO weekly_ad_deals (deal_id, circular_id, position, title, price_string, deal_cents, flyer_aisle, image_url, category_id) VALUES ('test-penny', ?1, 999, 'A penny', '$0.01', 1, NULL, '', NULL)",
      ).bind(circular),
      env.DB.prepare("INSERT INTO weekly_ad_deal_items (deal_id, gtin13, position) VALUES ('test-penny', ?1, 0)").bind(
        offer.gtin13,
      ),
      ...DEAL_TERMS_REFRESH.map((sql) => env.DB.prepare(sql)),
    ]);
    expect(await search(cheapest)).toEqual([offer.gtin13]);
    expect((await search({ sort: 'price.asc' }))[0]).toBe(offer.gtin13);
  });
});
