import { atom, type Getter, type Setter } from 'jotai';
import { type ListArea, type ListItemOutput, type ShoppingListOutput } from '../../lib/lists/contracts.ts';
import { failedCallNotice, listNotice, loadNotice, type ListNotice } from '../../lib/lists/list-errors.ts';
import { listFormReturnOf } from '../../lib/lists/list-form.ts';
import {
  identityOf,
  initialListState,
  listReducer,
  visibleItems,
  type ListAction,
  type ListState,
  type SortOption,
} from '../../lib/lists/list-reducer.ts';
import {
  itemsPutBody,
  lineOf,
  listCacheKey,
  newWriteKey,
  parseQueue,
  queueStorageKey,
  rebaseWrites,
  type PendingWrite,
} from '../../lib/lists/write-queue.ts';
import { listApi } from './api.ts';

// The list page's atoms (issue 11 §4-§6). The items are a pure reducer's state (src/lib/lists);
// the shopper's writes wait in a queue sent one at a time with the list's versionKey and their own
// Idempotency-Key. A stale versionKey (another tab or device changed the list) refetches the
// list, shows the waiting writes again on it and sends them again; a network failure keeps them,
// in the browser's storage too, until the connection returns.

export interface ListMeta {
  listId: string;
  name: string;
  versionKey: string;
}

export type { ListNotice };

// base atoms stay private: the page reads the derived atoms below and changes state through the actions
const stateAtom = atom<ListState>(initialListState([], { subtotal: '0.00', savings: '0.00' }));
const metaAtom = atom<ListMeta | null>(null);
const listsBaseAtom = atom<ShoppingListOutput[]>([]);
const queueBaseAtom = atom<PendingWrite[]>([]);
const offlineBaseAtom = atom(false);
const noticeBaseAtom = atom<ListNotice>(null);
const sendingAtom = atom(false);
const sortBaseAtom = atom<SortOption>('category');

export const listStateAtom = atom((get) => get(stateAtom));
/** The items the shopper sees (not those being deleted). */
export const visibleItemsAtom = atom((get) => visibleItems(get(stateAtom)));
export const listMetaAtom = atom((get) => get(metaAtom));
export const listsAtom = atom((get) => get(listsBaseAtom));
export const queueAtom = atom((get) => get(queueBaseAtom));
export const offlineAtom = atom((get) => get(offlineBaseAtom));
/** The notice the page shows; the page may dismiss it or set one for a call it made. */
export const noticeAtom = atom(
  (get) => get(noticeBaseAtom),
  (_get, set, notice: ListNotice) => set(noticeBaseAtom, notice),
);

/** How the items are ordered: by category or aisle (`?sort=aisle` before the island runs). */
export const sortAtom = atom(
  (get) => get(sortBaseAtom),
  (_get, set, sort: SortOption) => set(sortBaseAtom, sort),
);
/** Where the page's plain forms come back to: this list's page, in its order (decision 633). */
export const formReturnAtom = atom((get) => {
  const meta = get(metaAtom);
  return meta ? listFormReturnOf(meta.listId, get(sortBaseAtom)) : '/shopping/lists';
});

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

function persist(get: Getter) {
  const meta = get(metaAtom);
  const store = storage();
  if (!meta || !store) return;
  try {
    store.setItem(queueStorageKey(meta.listId), JSON.stringify(get(queueBaseAtom)));
    const state = get(stateAtom);
    store.setItem(
      listCacheKey(meta.listId),
      JSON.stringify({ meta, items: state.items, estimatedTotal: state.estimatedTotal, savedAt: Date.now() }),
    );
  } catch {
    // storage full or blocked: the queue still lives in memory
  }
}

function dispatch(get: Getter, set: Setter, action: ListAction) {
  set(stateAtom, listReducer(get(stateAtom), action));
}

/** shopping §8: the notice for a failed call (src/lib/lists/list-errors.ts). */
export const noticeFor = listNotice;

/** What the page renders with: its lists and list, the notice of a form it comes back from, the order. */
export interface ListSeed {
  lists: ShoppingListOutput[];
  list: ShoppingListOutput | null;
  notice?: ListNotice;
  sort?: SortOption;
}

/** Seeds the page's list (server-rendered), then shows the writes a previous visit left waiting. */
export const seedListAtom = atom(null, (get, set, seed: ListSeed) => {
  set(listsBaseAtom, seed.lists);
  set(noticeBaseAtom, seed.notice ?? null);
  set(sortBaseAtom, seed.sort ?? 'category');
  if (!seed.list) return;
  set(metaAtom, { listId: seed.list.listId, name: seed.list.name, versionKey: seed.list.versionKey });
  set(
    stateAtom,
    initialListState(seed.list.lineItems ?? [], seed.list.estimatedTotal ?? { subtotal: '0.00', savings: '0.00' }),
  );
  // not rebased here: the page may be an older copy (offline); a 409 on sending rebases them on the fresh list
  const waiting = parseQueue(storage()?.getItem(queueStorageKey(seed.list.listId)) ?? null).filter(
    (write) => write.listId === seed.list?.listId,
  );
  if (waiting.length > 0) {
    set(queueBaseAtom, waiting);
    for (const write of waiting) dispatch(get, set, { type: 'reapply', kind: write.kind, item: write.item });
  }
});

/**
 * Offline, the page may be an older copy (the service worker's): the list as this browser last
 * saw it is newer, with the waiting writes shown on it again.
 */
export const restoreOfflineAtom = atom(null, (get, set) => {
  const meta = get(metaAtom);
  if (!meta || typeof navigator === 'undefined' || navigator.onLine !== false) return;
  try {
    const saved = JSON.parse(storage()?.getItem(listCacheKey(meta.listId)) ?? 'null') as {
      items: ListItemOutput[];
      estimatedTotal: ListState['estimatedTotal'];
    } | null;
    if (!saved || !Array.isArray(saved.items)) return;
    set(offlineBaseAtom, true);
    dispatch(get, set, {
      type: 'load',
      items: saved.items.map((item) => ({
        ...item,
        quantity:
          'lastServerQuantity' in item && typeof item.lastServerQuantity === 'number'
            ? item.lastServerQuantity
            : item.quantity,
      })),
      estimatedTotal: saved.estimatedTotal,
    });
    for (const write of get(queueBaseAtom)) dispatch(get, set, { type: 'reapply', kind: write.kind, item: write.item });
  } catch {
    // nothing readable kept: the page's own copy stays
  }
});

/** The item as the shopper now sees it (after an optimistic action), for the write that sends it. */
function currentItem(get: Getter, identity: string): ListItemOutput | null {
  const item = get(stateAtom).items.find((entry) => entry.identity === identity);
  if (!item) return null;
  const {
    identity: _i,
    persistedQuantity: _p,
    activeUpdateRequests: _a,
    isDeleting: _d,
    checkRequests: _c,
    lastServerQuantity: _q,
    lastServerChecked: _k,
    ...output
  } = item;
  return output;
}

function enqueue(get: Getter, set: Setter, kind: PendingWrite['kind'], identity: string, added?: true) {
  const meta = get(metaAtom);
  const item = currentItem(get, identity);
  if (!meta || !item) return;
  const write: PendingWrite = { key: newWriteKey(), listId: meta.listId, kind, item, ...(added && { added }) };
  set(queueBaseAtom, [...get(queueBaseAtom), write]);
  persist(get);
  void set(flushAtom);
}

export const addItemAtom = atom(null, (get, set, item: ListItemOutput) => {
  dispatch(get, set, { type: 'add', item });
  enqueue(get, set, 'quantity', identityOf(item), true);
});
export const setQuantityAtom = atom(null, (get, set, identity: string, quantity: number) => {
  dispatch(get, set, { type: 'setQuantity', identity, quantity });
  enqueue(get, set, 'quantity', identity);
});
export const toggleCheckAtom = atom(null, (get, set, identity: string) => {
  dispatch(get, set, { type: 'toggleCheck', identity });
  enqueue(get, set, 'check', identity);
});

const areaOf = (write: PendingWrite): ListArea =>
  write.added
    ? 'addItems'
    : write.kind === 'check'
      ? 'toggles'
      : write.item.quantity === 0
        ? 'removeItem'
        : 'updateQuantity';

/** Sends the waiting writes, one at a time, in order. */
export const flushAtom = atom(null, async (get, set) => {
  if (get(sendingAtom)) return;
  set(sendingAtom, true);
  try {
    for (;;) {
      const write = get(queueBaseAtom)[0];
      const meta = get(metaAtom);
      if (!write || !meta) return;
      const result = await listApi.update(write.listId, itemsPutBody(meta, [lineOf(write)]), write.key);
      if (!result.ok && result.kind === 'network') {
        set(offlineBaseAtom, true);
        return;
      }
      set(offlineBaseAtom, false);
      if (!result.ok && result.kind === 'conflict') {
        // another tab or device changed the list: take the fresh one and show what still waits on it
        const fresh = await listApi.list(write.listId);
        if (!fresh.ok) {
          if (fresh.kind === 'network') set(offlineBaseAtom, true);
          else set(noticeBaseAtom, loadNotice(fresh));
          return;
        }
        const list = fresh.data.data.shoppingLists[0];
        if (!list) return;
        set(metaAtom, { listId: list.listId, name: list.name, versionKey: list.versionKey });
        dispatch(get, set, {
          type: 'load',
          items: list.lineItems ?? [],
          estimatedTotal: list.estimatedTotal ?? { subtotal: '0.00', savings: '0.00' },
        });
        set(queueBaseAtom, rebaseWrites(get(queueBaseAtom), list.lineItems ?? []));
        for (const waiting of get(queueBaseAtom))
          dispatch(get, set, { type: 'reapply', kind: waiting.kind, item: waiting.item });
        persist(get);
        continue;
      }
      set(queueBaseAtom, get(queueBaseAtom).slice(1));
      const identity = identityOf(write.item);
      if (result.ok) {
        const answer = result.data.data;
        set(metaAtom, { ...meta, versionKey: answer.versionKey, name: answer.name });
        const server = answer.lineItems.find((entry) => identityOf(entry) === identity) ?? null;
        dispatch(get, set, {
          type: 'succeeded',
          identity,
          kind: write.kind,
          server,
          estimatedTotal: answer.estimatedTotal,
        });
      } else {
        dispatch(get, set, { type: 'failed', identity, kind: write.kind });
        if (result.kind === 'error') set(noticeBaseAtom, noticeFor(result.status, result.reason, areaOf(write)));
      }
      persist(get);
    }
  } finally {
    set(sendingAtom, false);
    persist(get);
  }
});

/** Empties the list (remove all): every item sent with quantity 0 in one PUT. */
export const removeAllAtom = atom(null, async (get, set) => {
  const meta = get(metaAtom);
  if (!meta || get(queueBaseAtom).length > 0) return;
  const items = get(stateAtom).items;
  const lines = items.map((item) => ({
    ...lineOf({ key: '', listId: meta.listId, kind: 'quantity', item }),
    quantity: 0,
  }));
  const result = await listApi.update(meta.listId, itemsPutBody(meta, lines), newWriteKey());
  if (result.ok) {
    set(metaAtom, { ...meta, versionKey: result.data.data.versionKey });
    dispatch(get, set, { type: 'removedAll' });
    persist(get);
  } else {
    set(noticeBaseAtom, failedCallNotice(result, 'removeAll'));
  }
});
