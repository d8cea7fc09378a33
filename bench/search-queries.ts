// The searches bench/search-latency.ts sends: query texts (common words, two-word queries,
// prefixes, typos), browses, sorts, filters and pages, spread over three stores.
import type { Miniflare } from 'miniflare';
import { UPSTREAM, type Target } from './search-setup.ts';

const TERMS = [
  'milk',
  'whole milk',
  '2% milk',
  'organic milk',
  'chocolate milk',
  'oat milk',
  'eggs',
  'bread',
  'cheese',
  'shredded cheese',
  'chicken breast',
  'ground beef',
  'bananas',
  'apples',
  'yogurt',
  'greek yogurt',
  'butter',
  'coffee',
  'pasta',
  'spaghetti',
  'rice',
  'cereal',
  'chips',
  'orange juice',
  'water',
  'ice cream',
  'pizza',
  'salmon',
  'bacon',
  'tomatoes',
  'potatoes',
  'onions',
  'spinach',
  'peanut butter',
  'tortillas',
  'soup',
  'beer',
  'wine',
  'diapers',
  'dog food',
  'paper towels',
  'laundry',
  'shampoo',
  'vitamins',
  'mi',
  'chee',
  'org',
  'harvest select',
  'mlik',
  'chiken',
  'yogrt',
  'organic',
];
/**
 * Warm-up words outside TERMS: the upstream caches FTS matches per expression (upstream/db/search.ts),
 * so the first search of each TERMS entry is a cache-cold one.
 */
export const WARMUP_TERMS = [
  'bagels',
  'honey',
  'flour',
  'salsa',
  'ketchup',
  'granola',
  'almonds',
  'crackers',
  'muffins',
  'lettuce',
];
const SORTS = ['relevance', 'price.asc', 'price.desc', 'name.asc', 'brand.asc'];
export const STORES = ['70100101', '62000201', '70300301'];

/** The i-th search's query string. */
export function queryFor(i: number, terms: readonly string[] = TERMS): URLSearchParams {
  const params = new URLSearchParams();
  if (i % 10 === 9) params.set('filter.taxonomies', ['18', '02', '25', '46'][i % 4] as string);
  else params.set('filter.query', terms[i % terms.length] as string);
  if (i % 3 === 0) params.set('sort', SORTS[(i / 3) % SORTS.length] as string);
  if (i % 5 === 1) params.set('filter.price.range', '2-8');
  if (i % 7 === 2) params.set('filter.brands', 'Harvest Select');
  if (i % 6 === 3) params.set('filter.moreOptions', 'organic');
  if (i % 8 === 4) params.set('page.offset', '24');
  if (i % 11 === 5) params.set('filter.savings', 'ON_SALE');
  if (i % 13 === 6) params.set('option.monetization', 'SPONSORED');
  params.set('page.size', '24');
  return params;
}

const PATH = '/atlas/v1/search/v1/products-search';
/** A search unanswered this long means workerd is stuck, not slow (the slowest seen answers in under 1 s). */
const STALLED_MS = 60_000;
const workersOf = new WeakMap<Miniflare, Map<Target, Awaited<ReturnType<Miniflare['getWorker']>>>>();

/**
 * Sends the i-th search to the upstream alone (store in x-hm-* headers) or through the edge
 * (store in the hm_store cookie); answers the ms until its body arrived.
 */
export async function timedSearch(
  mf: Miniflare,
  target: Target,
  i: number,
  terms: readonly string[] = TERMS,
): Promise<number> {
  let workers = workersOf.get(mf);
  if (!workers) workersOf.set(mf, (workers = new Map()));
  let worker = workers.get(target);
  if (!worker) workers.set(target, (worker = await mf.getWorker(target)));
  const store = STORES[i % STORES.length] as string;
  const headers: Record<string, string> =
    target === UPSTREAM
      ? { 'x-hm-location-id': store, 'x-hm-modality': 'PICKUP', 'x-hm-banner': 'harvest' }
      : { cookie: `hm_store=${store}.PICKUP` };
  const started = performance.now();
  // workerd's own livelock (docs/decisions/612) leaves a search unanswered for good: say so, not hang
  const stalled = setTimeout(() => {
    console.error(
      `${target} search ${i} unanswered after ${STALLED_MS / 1000} s: workerd stuck in V8's message loop (decision 612); run again`,
    );
    const exit = () => process.exit(2);
    setTimeout(exit, 5000).unref();
    void mf.dispose().finally(exit); // stops the spinning workerd with it
  }, STALLED_MS);
  const response = await worker.fetch(`http://localhost${PATH}?${queryFor(i, terms)}`, { headers });
  const body = await response.text();
  const elapsed = performance.now() - started;
  clearTimeout(stalled);
  if (response.status !== 200 && response.status !== 400)
    throw new Error(`${target} search ${i} answered ${response.status}: ${body.slice(0, 200)}`);
  return elapsed;
}
