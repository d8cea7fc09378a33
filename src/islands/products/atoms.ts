import { atom, type Getter, type Setter } from 'jotai';
import {
  createBatchScheduler,
  gtinsToFetch,
  mergeProductRequests,
  productMetaReducer,
  splitProductRequest,
  type BatchScheduler,
  type ProductMetaAction,
  type ProductMetaMap,
  type ProductRequest,
} from '../../lib/catalog/product-requests.ts';
import type { ProductOutput, Projection } from '../../lib/catalog/product.ts';
import { fetchProducts } from './api.ts';

// Products by GTIN with their request metadata (account §3 Product, §5, §7): a product loading or
// loaded with the requested projections is not fetched again; requests within 50 ms go out as one
// call; nothing is sent before the shopper's location is known. The planning is pure
// (src/lib/catalog/product-requests.ts); these atoms only wire it to Jotai's store.

const productsByGtinAtom = atom<Readonly<Record<string, ProductOutput>>>({});
const productMetaStateAtom = atom<ProductMetaMap>({});
const locationAtom = atom<string | null>(null);
/** One scheduler per store, made on first use with that store's get/set. */
const schedulerAtom = atom<BatchScheduler<ProductRequest> | null>(null);

/** Products loaded so far, by gtin13. */
export const productsAtom = atom((get) => get(productsByGtinAtom));
/** Per-product metadata: loading, loaded, error, projections. */
export const productMetaAtom = atom((get) => get(productMetaStateAtom));
/** The shopper's location id, or null while unknown. */
export const productLocationAtom = atom((get) => get(locationAtom));

function dispatch(get: Getter, set: Setter, action: ProductMetaAction) {
  set(productMetaStateAtom, productMetaReducer(get(productMetaStateAtom), action));
}

function storeProducts(get: Getter, set: Setter, products: readonly ProductOutput[]) {
  if (products.length === 0) return;
  const next = { ...get(productsByGtinAtom) };
  // A later projection adds fields; it never drops what an earlier one brought.
  for (const product of products) next[product.gtin13] = { ...next[product.gtin13], ...product };
  set(productsByGtinAtom, next);
}

async function send(get: Getter, set: Setter, batch: ProductRequest[]) {
  for (const call of splitProductRequest(mergeProductRequests(batch))) {
    try {
      storeProducts(get, set, await fetchProducts(call));
      // A GTIN the catalog does not know counts as loaded too: asking again would not help.
      dispatch(get, set, { type: 'success', gtins: call.gtins, projections: call.projections });
    } catch {
      dispatch(get, set, { type: 'failure', gtins: call.gtins });
    }
  }
}

function schedulerOf(get: Getter, set: Setter): BatchScheduler<ProductRequest> {
  let scheduler = get(schedulerAtom);
  if (!scheduler) {
    scheduler = createBatchScheduler<ProductRequest>((batch) => void send(get, set, batch), { ready: get(locationAtom) !== null });
    set(schedulerAtom, scheduler);
  }
  return scheduler;
}

/** Sets the shopper's location (from the page's props); queued requests go out once it exists. */
export const setProductLocationAtom = atom(null, (get, set, locationId: string | null) => {
  set(locationAtom, locationId);
  schedulerOf(get, set).setReady(locationId !== null);
});

/** Asks for products with projections; only what is not loading or loaded with them is fetched. */
export const requestProductsAtom = atom(null, (get, set, request: { gtins: readonly string[]; projections?: readonly Projection[] }) => {
  const wanted: ProductRequest = { gtins: request.gtins, projections: request.projections ?? ['full'] };
  const needed = gtinsToFetch(get(productMetaStateAtom), wanted);
  if (needed.length === 0) return;
  dispatch(get, set, { type: 'request', gtins: needed, projections: wanted.projections });
  schedulerOf(get, set).add({ gtins: needed, projections: wanted.projections });
});

/** Seeds products the page rendered (useHydrateAtoms), so islands never fetch them again. */
export const seedProductsAtom = atom(null, (get, set, seed: { products: readonly ProductOutput[]; projections: readonly Projection[] }) => {
  storeProducts(get, set, seed.products);
  dispatch(get, set, { type: 'success', gtins: seed.products.map((product) => product.gtin13), projections: seed.projections });
});
