import type { ProductSearchQueryOutput } from '../../src/lib/catalog/search.ts';
import type { Scan, SearchFacets } from './catalog-facets.ts';
import type { StoreOffers } from './search-index.ts';

// What a search computes after its match, kept per store: the scan, the rows passing the filters,
// the facet counts and the orders asked of them (docs/decisions/610). A browse of a department of
// 35,794 products (200,000 in all) spends 5-18 ms on them, and a broad text ("mi": 34,186
// products) as much per search, cached match or not; the same search again then costs a look-up.
// What they are computed from: the index (the products' facts, fixed for its epoch), the match
// (fixed with it), the query, and the store's offers of the scan's products (price, stock, on
// sale, promo code), which the change log patches in place (search-sync.ts, setOffer). So an
// entry is kept for its store object (a new epoch or reloaded offers make new ones) and holds the
// slots of its rows: an offer changed since (the store's ring of changed slots, search-store.ts)
// in one of them drops it; one outside them changes nothing it holds. A sort by price or a price
// range compares deal prices: their column (search-deals.ts) is repriced by setOffer too, and
// new deal terms (a deal write, another span of time) make a new column, which is in the key.
// Not kept: a new isolate's partial index, and the order for a shopper with a purchase history.

/** The slots changed last in each store, by change number (older changes: an entry made before them is dropped). */
export const CHANGES_HELD = 1024;
/**
 * Entries kept in all (least recently used dropped first, whatever their store) and their rows at
 * most: about 22 bytes a row and a bit per product of the index, so about 8 MB at 200,000 products.
 */
const MAX_ENTRIES = 64;
const MAX_ROWS = 300_000;

export interface Kept {
  scan: Scan;
  matched: Int32Array;
  facets: SearchFacets;
  /** orders computed, by sort, availability first and rows asked */
  orders: Map<string, Int32Array>;
}
interface Entry extends Kept {
  key: string;
  /** the store's change count the entry is valid at */
  at: number;
  /** the scan's slots, one bit each */
  slots: Uint32Array;
}

/** Each store's entries by key (gone with the store), and every entry in the order of its last use, with its store's entries. */
const kept = new WeakMap<StoreOffers, Map<string, Entry>>();
const used = new Map<Entry, Map<string, Entry>>();
let rows = 0;
function drop(entry: Entry, entries: Map<string, Entry>): void {
  if (entries.get(entry.key) === entry) entries.delete(entry.key);
  if (used.delete(entry)) rows -= entry.scan.length;
}
const ids = new WeakMap<object, number>();
let nextId = 0;
/** A number for a match's doc ids or scores (the match cache hands out the same arrays while it holds them). */
const idOf = (value: object): number => {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = nextId += 1));
  return id;
};

/** Records an offer change of `slot` (setOffer): entries holding it are dropped when next looked up. */
export function noteOffer(store: StoreOffers, slot: number): void {
  store.changes.slots[store.changes.count % CHANGES_HELD] = slot;
  store.changes.count += 1;
}

/**
 * The key of what a search computes after its match: the match's arrays (or the browse's
 * taxonomies and brands), the deal prices' column (search-deals.ts: a new one for new terms or
 * another span of time), the query words (their intent ranks), the shopper's modality and banner
 * and every filter and facet asked.
 */
export function resultKey(
  rows: { docIds: object; scores: object | null } | null,
  deals: Float64Array | null,
  terms: readonly string[],
  query: ProductSearchQueryOutput,
  taxonomies: readonly string[],
  where: { modalityBit: number; banner: string },
): string {
  return JSON.stringify([
    rows ? [idOf(rows.docIds), rows.scores ? idOf(rows.scores) : 0] : null,
    deals ? idOf(deals) : 0,
    query['filter.brands'],
    terms,
    taxonomies,
    where.modalityBit,
    where.banner,
    query['filter.nutrition'],
    query['filter.moreOptions'],
    query['filter.savings'],
    query['filter.fulfillmentMethods'],
    query['filter.price.range'],
    query['option.facets'],
  ]);
}

/** The entry of `key` for `store`, unless an offer of one of its rows changed since it was made. */
export function keptResult(store: StoreOffers, key: string): Kept | null {
  const entries = kept.get(store);
  const entry = entries?.get(key);
  if (!entries || !entry) return null;
  const { count, slots } = store.changes;
  let valid = count - entry.at <= CHANGES_HELD;
  for (let n = entry.at; valid && n < count; n += 1) {
    const slot = slots[n % CHANGES_HELD] as number;
    if (((entry.slots[slot >>> 5] as number) & (1 << (slot & 31))) !== 0) valid = false;
  }
  if (!valid) {
    drop(entry, entries);
    return null;
  }
  entry.at = count;
  used.delete(entry);
  used.set(entry, entries); // least recently used first
  return entry;
}

/** Keeps what a search computed after its match for `store`, from its offers as of change number `at`. */
export function keepResult(
  store: StoreOffers,
  key: string,
  { at, slotCount }: { at: number; slotCount: number },
  result: Omit<Kept, 'orders'>,
): Kept {
  let entries = kept.get(store);
  if (!entries) kept.set(store, (entries = new Map()));
  const { scan } = result;
  const slots = new Uint32Array((slotCount >>> 5) + 1);
  for (let r = 0; r < scan.length; r += 1) {
    const slot = scan.slot[r] as number;
    slots[slot >>> 5] = (slots[slot >>> 5] as number) | (1 << (slot & 31));
  }
  const entry: Entry = { ...result, orders: new Map(), key, at, slots };
  const previous = entries.get(key);
  if (previous) drop(previous, entries);
  entries.set(key, entry);
  used.set(entry, entries);
  rows += scan.length;
  for (const [oldest, its] of used) {
    if (used.size <= MAX_ENTRIES && rows <= MAX_ROWS) break;
    drop(oldest, its);
  }
  return entry;
}
