// Each store's offers in isolate memory (the price, deal and stock columns by slot of a
// search index): built from the packed reads of search-index-sql.ts, one slot updated at a time by
// search-sync.ts as the change log brings prices and stock. Split from search-index.ts.

import { linePrice } from '../../src/lib/pricing/price.ts';
import { repriceDeals } from './search-deals.ts';
import { CHANGES_HELD, noteOffer } from './search-results.ts';
import type { Chunks } from './search-index-sql.ts';
import { noPause, records, SLICE, type Pause, type SearchIndex, type StoreOffers } from './search-index.ts';

/** Sets one slot's offer (regular null: not priced at the store) and reprices its deals. */
export function setOffer(
  store: StoreOffers,
  slot: number,
  regular: unknown,
  promo: unknown,
  promoCode: unknown,
  stock: unknown,
): void {
  const priced = regular !== null && regular !== undefined && regular !== '';
  const promoCents = priced && promo !== null && promo !== undefined && promo !== '' ? Number(promo) : null;
  const regularCents = priced ? Number(regular) : Number.NaN;
  store.regular[slot] = regularCents;
  store.promo[slot] = promoCents ?? Number.NaN;
  // linePrice of a bare regular price is that price: the call is kept for the offers it can change.
  store.price[slot] =
    !priced || (promoCents === null && Number.isInteger(regularCents) && regularCents >= 0)
      ? regularCents
      : linePrice({ regularCents, promoCents, dealPriceString: null }, 1).unitCents;
  store.onSale[slot] = promoCents !== null ? 1 : 0;
  store.promoCode[slot] = priced && typeof promoCode === 'string' && promoCode ? promoCode : null;
  store.stock[slot] = priced ? Number(stock ?? 0) : 0;
  if (store.deals.size > 0) repriceDeals(store, slot);
  noteOffer(store, slot);
}

export async function buildStore(index: SearchIndex, chunks: Chunks, pause: Pause = noPause): Promise<StoreOffers> {
  const size = index.docId.length;
  const store: StoreOffers = {
    price: new Float64Array(size).fill(Number.NaN),
    regular: new Float64Array(size).fill(Number.NaN),
    promo: new Float64Array(size).fill(Number.NaN),
    deals: new Map(),
    onSale: new Uint8Array(size),
    promoCode: new Array<string | null>(size).fill(null),
    stock: new Int32Array(size),
    changes: { count: 0, slots: new Int32Array(CHANGES_HELD) },
  };
  const rows = await records(chunks, pause);
  for (let i = 0; i < rows.length; i += 1) {
    if (i % SLICE === SLICE - 1) await pause();
    const [gtin13 = '', regular, promo, promoCode, stock] = rows[i] as string[];
    const slot = index.slotOfGtin.get(gtin13);
    if (slot !== undefined && regular) setOffer(store, slot, regular, promo, promoCode, stock);
  }
  return store;
}
