// The scan of a search (catalog-facets.ts Scan): a search's matched products as typed columns,
// one entry per row, built from the index and the store's offers without an object per product
// (docs/decisions/600). Split from search.ts.

import type { Scan } from './catalog-facets.ts';
import { brandsSoldAt, type SearchIndex, type StoreOffers } from './search-index.ts';
import { relevanceTier, tieredScore, type QueryIntent, type RankedProduct } from './search-relevance.ts';

export const EMPTY_SCAN: Scan = {
  length: 0,
  slot: new Int32Array(0),
  score: new Float64Array(0),
  price: new Float64Array(0),
  available: new Uint8Array(0),
  onSale: new Uint8Array(0),
};

/**
 * The scan of a search (catalog-facets.ts Scan): the matched slots the banner sells, each with its
 * score, shelf price (withDealPrices sets the card's deal price where a sort or range needs it)
 * and availability. `intent`: a text search's, whose tier (search-relevance.ts) goes before bm25 in each
 * row's score; computed once per distinct ranked facts of the index, not per row.
 */
export function toScan(
  index: SearchIndex,
  store: StoreOffers,
  slots: ArrayLike<number>,
  scores: ArrayLike<number> | null,
  modalityBit: number,
  banner: string,
  intent: QueryIntent | null = null,
): Scan {
  const size = slots.length;
  const scan: Scan = {
    length: 0,
    slot: new Int32Array(size),
    score: new Float64Array(size),
    price: new Float64Array(size),
    available: new Uint8Array(size),
    onSale: new Uint8Array(size),
  };
  const sold = brandsSoldAt(index, banner);
  const tiers = scores && intent ? new Float64Array(index.profiles.length).fill(Number.NaN) : null;
  let n = 0;
  for (let i = 0; i < size; i += 1) {
    const slot = slots[i] as number;
    if (slot < 0 || sold[index.brandCode[slot] as number] !== 1) continue;
    const bm25 = scores ? (scores[i] ?? 0) / 10000 : 0;
    let score = bm25;
    if (tiers && intent) {
      const profile = index.profile[slot] as number;
      let tier = tiers[profile] as number;
      if (Number.isNaN(tier)) tiers[profile] = tier = relevanceTier(intent, index.profiles[profile] as RankedProduct);
      score = tieredScore(tier, bm25 + (index.points[slot] as number));
    }
    const shelf = store.price[slot] as number;
    scan.slot[n] = slot;
    scan.score[n] = score;
    scan.price[n] = shelf;
    scan.available[n] =
      !Number.isNaN(shelf) && (store.stock[slot] as number) > 0 && ((index.flags[slot] as number) & modalityBit) !== 0
        ? 1
        : 0;
    scan.onSale[n] = store.onSale[slot] === 1 ? 1 : 0;
    n += 1;
  }
  scan.length = n;
  return scan;
}

/** The slots of a browse: category_id IN (…) OR department_id IN (…), else the brands, else everything. */
export function browseSlots(
  index: SearchIndex,
  taxonomies: readonly string[],
  brands: readonly string[] | undefined,
): ArrayLike<number> {
  const size = index.docId.length;
  if (taxonomies.length > 0) {
    const picked = new Uint8Array(size);
    let count = 0;
    for (const id of taxonomies)
      for (const slot of index.slotsByTaxonomy.get(id) ?? [])
        if (picked[slot] === 0) {
          picked[slot] = 1;
          count += 1;
        }
    // typed: a department's tens of thousands of slots make no array on the JS heap
    const list = new Int32Array(count);
    for (let slot = 0, n = 0; n < count; slot += 1) if (picked[slot]) list[n++] = slot;
    return list;
  }
  if (brands?.length) {
    const brandSet = new Set(brands.map((brand) => brand.toLowerCase()));
    // decided per distinct brand, by its number
    const wanted = Uint8Array.from(index.brands, (brand) => (brandSet.has(brand.toLowerCase()) ? 1 : 0));
    const list: number[] = [];
    for (let slot = 0; slot < size; slot += 1) if (wanted[index.brandCode[slot] as number] === 1) list.push(slot);
    return list;
  }
  const all = new Int32Array(size);
  for (let slot = 0; slot < size; slot += 1) all[slot] = slot;
  return all;
}
