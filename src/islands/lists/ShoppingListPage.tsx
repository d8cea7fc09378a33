import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { BASKET_PATHS } from '../../lib/basket/contracts.ts';
import { formatDollarText } from '../../lib/money/money.ts';
import {
  COUPON_LOOKUP_MAX_UPCS,
  COUPON_PATHS,
  CouponsResponseSchema,
  couponValueText,
  type CouponOutput,
} from '../../lib/coupons/coupons.ts';
import {
  DEFAULT_AISLE,
  LIST_MESSAGES,
  linePriceText,
  type ListItemOutput,
  type ShoppingListOutput,
} from '../../lib/lists/contracts.ts';
import { NETWORK_NOTICE, outageNotice } from '../../lib/lists/list-errors.ts';
import { groupItems, visibleItems, type SortOption } from '../../lib/lists/list-reducer.ts';
import { newWriteKey } from '../../lib/lists/write-queue.ts';
import { islandFetch } from '../shared/fetch.ts';
import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import { QuantityStepper } from '../cart/QuantityStepper.tsx';
import { listApi } from './api.ts';
import {
  addItemAtom,
  flushAtom,
  listMetaAtom,
  listsAtom,
  listStateAtom,
  noticeAtom,
  noticeFor,
  offlineAtom,
  queueAtom,
  removeAllAtom,
  restoreOfflineAtom,
  seedListAtom,
  setQuantityAtom,
  toggleCheckAtom,
} from './atoms.ts';

// The shopping list page (issue 11 §2, §4-§6): the shopper's lists, the active one grouped by
// category or aisle, free-text items, quantity, check off, remove and remove all, rename, delete,
// print, and the whole list into the cart. Writes are optimistic and queued (atoms.ts).

export interface ShoppingListPageProps {
  lists: ShoppingListOutput[];
  list: ShoppingListOutput | null;
  loadFailed: boolean;
  departments: Array<{ id: string; name: string }>;
}

/** How often waiting writes are tried again while the page is offline. */
const OFFLINE_RETRY_MS = 4_000;

function freeTextItem(name: string, categoryId: string, categoryName: string): ListItemOutput {
  const now = { value: new Date().toISOString(), timezone: 'UTC' };
  return {
    id: `new-${newWriteKey()}`,
    type: 'CUSTOMER_DEFINED',
    channel: 'WEB',
    upc: null,
    categoryId,
    categoryName,
    name,
    displayName: name,
    comments: '',
    quantity: 1,
    checked: false,
    weeklyAdInfo: null,
    regularPrice: null,
    promoPrice: null,
    lineTotal: null,
    savings: null,
    aisle: DEFAULT_AISLE,
    slug: null,
    randomWeight: false,
    soldInStore: false,
    homeDeliveryItem: false,
    shipToHomeItem: false,
    curbsidePickupEligible: false,
    couponDetails: null,
    created: now,
    modified: now,
  };
}

/**
 * Registers the service worker that keeps this page readable offline (public/sw.js) and hands it
 * this page and its /_astro/ files to keep.
 */
/** A row's price: the line total, and the regular total struck through with the saving when it saves. */
function ItemPrice({ item }: { item: ListItemOutput }) {
  const text = linePriceText(item);
  if (!text) return <span className="price" />;
  return (
    <span className="price" data-testid="list-item-price">
      {text.total}
      {text.was && (
        <>
          <s className="was">
            <span className="sr-only">regularly </span>
            {text.was}
          </s>
          <span className="save">{text.save}</span>
        </>
      )}
      {item.unitPrice ? (
        <span className="unit" data-testid="list-item-unit-price">
          {item.unitPrice}
        </span>
      ) : null}
    </span>
  );
}

function keepForOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/shopping/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/_astro/'));
      registration.active?.postMessage({ keep: [`${location.pathname}${location.search}`, ...assets] });
    })
    .catch(() => undefined);
}

function ShoppingListPage({ lists: initialLists, list, loadFailed, departments }: ShoppingListPageProps) {
  useSeed(seedListAtom, { lists: initialLists, list });
  const state = useAtomValue(listStateAtom);
  const meta = useAtomValue(listMetaAtom);
  const lists = useAtomValue(listsAtom);
  const queue = useAtomValue(queueAtom);
  const offline = useAtomValue(offlineAtom);
  const notice = useAtomValue(noticeAtom);
  const setNotice = useSetAtom(noticeAtom);
  const addItem = useSetAtom(addItemAtom);
  const setQuantity = useSetAtom(setQuantityAtom);
  const toggleCheck = useSetAtom(toggleCheckAtom);
  const flush = useSetAtom(flushAtom);
  const restoreOffline = useSetAtom(restoreOfflineAtom);
  const removeAll = useSetAtom(removeAllAtom);
  const [sort, setSort] = useState<SortOption>('category');
  const [newItem, setNewItem] = useState('');
  const [department, setDepartment] = useState(departments[0]?.id ?? '');
  const [newListName, setNewListName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [cartProgress, setCartProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // shopping §3 print coupon info: isLoading, error, printData
  const [printCoupons, setPrintCoupons] = useState<{
    isLoading: boolean;
    error: boolean;
    printData: CouponOutput[] | null;
  }>({ isLoading: false, error: false, printData: null });

  useEffect(() => {
    // useHydrateAtoms seeded the list (and, in the browser, the writes a visit left waiting)
    const online = () => void flush();
    window.addEventListener('online', online);
    keepForOffline();
    restoreOffline();
    void flush();
    return () => window.removeEventListener('online', online);
  }, [flush, list, restoreOffline]);
  // while offline, try again every few seconds too: the 'online' event is not always sent
  useEffect(() => {
    if (!offline) return;
    const timer = window.setInterval(() => void flush(), OFFLINE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [offline, flush]);

  if (loadFailed || !meta) {
    return (
      <div className="list-notice list-notice--error" role="alert" data-testid="list-load-error">
        <strong>{LIST_MESSAGES.SERVICE_OUTAGE_TITLE}</strong>
        <p>{LIST_MESSAGES.LOAD}</p>
      </div>
    );
  }

  const items = visibleItems(state);
  const groups = groupItems(items, sort);

  const submitItem = (event: FormEvent) => {
    event.preventDefault();
    const name = newItem.trim();
    if (!name) return;
    addItem(freeTextItem(name, department, departments.find((entry) => entry.id === department)?.name ?? 'Other'));
    setNewItem('');
  };

  const createList = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await listApi.create(newListName, newWriteKey());
    setBusy(false);
    if (result.ok) window.location.assign(`/shopping/list/${result.data.data.listId}`);
    else setNotice(result.kind === 'error' ? noticeFor(result.status, result.reason, 'createList') : NETWORK_NOTICE);
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null) return;
    setBusy(true);
    const result = await listApi.update(meta.listId, { name: renaming, versionKey: meta.versionKey });
    setBusy(false);
    if (result.ok) window.location.reload();
    else
      setNotice(result.kind === 'error' ? noticeFor(result.status, result.reason, 'update') : outageNotice('update'));
  };

  const deleteList = async () => {
    if (!window.confirm(`Delete “${meta.name}”? This can't be undone.`)) return;
    const result = await listApi.remove(meta.listId);
    if (result.ok) window.location.assign('/shopping/lists');
    else setNotice(outageNotice('deleteList'));
  };

  const printListCoupons = async () => {
    const upcs = [...new Set(items.flatMap((item) => (item.upc ? [item.upc] : [])))].slice(0, COUPON_LOOKUP_MAX_UPCS);
    if (upcs.length === 0) {
      setPrintCoupons({ isLoading: false, error: false, printData: [] });
      return;
    }
    setPrintCoupons({ isLoading: true, error: false, printData: null });
    const response = await islandFetch(
      `${COUPON_PATHS.LIST}?${new URLSearchParams({ 'filter.upcs': upcs.join(','), projection: 'full' })}`,
    ).catch(() => null);
    const parsed = response?.ok ? v.safeParse(CouponsResponseSchema, await response.json().catch(() => null)) : null;
    if (!parsed?.success) {
      setPrintCoupons({ isLoading: false, error: true, printData: null });
      return;
    }
    setPrintCoupons({ isLoading: false, error: false, printData: parsed.output.data.coupons });
    // the sheet renders, then the browser's print dialog opens on it
    window.setTimeout(() => window.print(), 50);
  };

  const addAllToCart = async () => {
    const products = items.filter((item) => item.upc && !item.checked);
    let added = 0;
    for (const item of products) {
      setCartProgress(`Adding ${added + 1} of ${products.length} to your cart…`);
      const response = await islandFetch(BASKET_PATHS.ADD_ITEM, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newWriteKey() },
        body: JSON.stringify({ gtin13: item.upc, quantity: item.quantity }),
      }).catch(() => null);
      if (response?.ok) added++;
    }
    setCartProgress(
      added === products.length
        ? `Added ${added} ${added === 1 ? 'item' : 'items'} to your cart.`
        : `Added ${added} of ${products.length} items to your cart; the others are out of stock or not sold at your store.`,
    );
  };

  return (
    <div className="shopping-list" data-testid="shopping-list" data-list-id={meta.listId}>
      <nav className="list-switcher no-print" aria-label="Your lists">
        <ul>
          {lists.map((entry) => (
            <li key={entry.listId}>
              <a
                href={`/shopping/list/${entry.listId}`}
                aria-current={entry.listId === meta.listId ? 'page' : undefined}
              >
                {entry.name}{' '}
                <span className="count">({entry.listId === meta.listId ? state.items.length : entry.itemCount})</span>
              </a>
            </li>
          ))}
        </ul>
        <form className="inline-form" onSubmit={createList} aria-label="Create a list">
          <label htmlFor="new-list-name">New list</label>
          <input
            id="new-list-name"
            value={newListName}
            onChange={(event) => setNewListName(event.target.value)}
            placeholder="e.g. Weekend BBQ"
          />
          <button type="submit" disabled={busy}>
            Create
          </button>
        </form>
      </nav>

      {notice && notice.kind !== 'maxItems' && (
        <div
          className={`list-notice ${notice.kind === 'outage' ? 'list-notice--error' : ''}`}
          role="alert"
          data-testid="list-notice"
        >
          {notice.kind === 'outage' && <strong>{notice.title}</strong>}
          <p>{notice.message}</p>
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {(offline || queue.length > 0) && (
        <p
          className={`list-status ${offline ? 'list-status--offline' : ''}`}
          role="status"
          data-testid="list-sync-status"
        >
          {offline
            ? `Offline — ${queue.length} ${queue.length === 1 ? 'change' : 'changes'} waiting`
            : `Saving ${queue.length} ${queue.length === 1 ? 'change' : 'changes'}…`}
        </p>
      )}

      <header className="list-head">
        {renaming === null ? (
          <h2 data-testid="list-name">{meta.name}</h2>
        ) : (
          <form className="inline-form" onSubmit={rename} aria-label="Rename the list">
            <label htmlFor="rename-list">List name</label>
            <input id="rename-list" value={renaming} onChange={(event) => setRenaming(event.target.value)} />
            <button type="submit" disabled={busy}>
              Save
            </button>
            <button type="button" className="link-button" onClick={() => setRenaming(null)}>
              Cancel
            </button>
          </form>
        )}
        <div className="list-actions no-print">
          {renaming === null && (
            <button type="button" className="link-button" onClick={() => setRenaming(meta.name)}>
              Rename
            </button>
          )}
          <button type="button" className="link-button" onClick={() => void deleteList()}>
            Delete list
          </button>
          <button type="button" className="link-button" onClick={() => window.print()}>
            Print list
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => void printListCoupons()}
            disabled={printCoupons.isLoading}
          >
            {printCoupons.isLoading ? 'Getting coupons…' : 'Print coupons'}
          </button>
        </div>
      </header>

      <form className="add-item no-print" onSubmit={submitItem} aria-label="Add an item to the list">
        <label htmlFor="new-item">Add an item</label>
        <div className="row">
          <input
            id="new-item"
            value={newItem}
            maxLength={200}
            onChange={(event) => setNewItem(event.target.value)}
            placeholder="e.g. ripe bananas"
          />
          <label className="sr-only" htmlFor="new-item-department">
            Department
          </label>
          <select id="new-item-department" value={department} onChange={(event) => setDepartment(event.target.value)}>
            {departments.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
          <button type="submit">Add</button>
        </div>
        {notice?.kind === 'maxItems' && (
          <p className="list-error" role="alert" data-testid="list-max-items">
            {notice.message}
          </p>
        )}
      </form>

      <div className="list-tools no-print" role="group" aria-label="Sort the list">
        <span>Sort by</span>
        <button type="button" aria-pressed={sort === 'category'} onClick={() => setSort('category')}>
          Category
        </button>
        <button type="button" aria-pressed={sort === 'aisle'} onClick={() => setSort('aisle')}>
          Aisle
        </button>
      </div>

      {items.length === 0 ? (
        <p className="list-empty" data-testid="list-empty">
          Your list is empty. Add items here, or use “Add to list” on any product.
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.name} className="list-group" aria-labelledby={`group-${group.name}`}>
            <h3 id={`group-${group.name}`}>{group.name}</h3>
            <ul>
              {group.items.map((item) => (
                <li
                  key={item.identity}
                  className={item.checked ? 'checked' : undefined}
                  data-testid="list-item"
                  data-upc={item.upc ?? ''}
                >
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={item.checked}
                      onChange={() => toggleCheck(item.identity)}
                      aria-label={`Check off ${item.displayName}`}
                    />
                    <span className="name">
                      {item.slug && item.upc ? (
                        <a href={`/p/${item.slug}/${item.upc}`}>{item.displayName}</a>
                      ) : (
                        item.displayName
                      )}
                    </span>
                  </label>
                  <span className="meta">
                    {sort === 'category' ? item.aisle : item.categoryName}
                    {item.weeklyAdInfo && <> · {item.weeklyAdInfo.priceString}</>}
                    {item.couponDetails && (
                      <span className="coupon" data-testid="list-item-coupon">
                        {' '}
                        · Coupon: {item.couponDetails.title}
                      </span>
                    )}
                  </span>
                  <ItemPrice item={item} />
                  <QuantityStepper
                    name={item.displayName}
                    quantity={item.quantity}
                    onChange={(quantity) => setQuantity(item.identity, quantity)}
                    label={`Quantity of ${item.displayName}`}
                    className="list-item__qty no-print"
                    busy={item.activeUpdateRequests > 0}
                  />
                  <span className="print-only">× {item.quantity}</span>
                  <button
                    type="button"
                    className="link-button no-print"
                    onClick={() => setQuantity(item.identity, 0)}
                    aria-label={`Remove ${item.displayName}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      {printCoupons.error && (
        <div className="list-notice list-notice--error" role="alert" data-testid="print-coupons-error">
          <strong>{LIST_MESSAGES.SERVICE_OUTAGE_TITLE}</strong>
          <p>{LIST_MESSAGES.PRINT_COUPONS}</p>
        </div>
      )}
      {printCoupons.printData && (
        <section className="print-coupons" aria-labelledby="print-coupons-title" data-testid="print-coupons">
          <h3 id="print-coupons-title">Coupons for this list</h3>
          {printCoupons.printData.length === 0 ? (
            <p>No coupons cover the items on this list right now.</p>
          ) : (
            <ul>
              {printCoupons.printData.map((coupon) => (
                <li key={coupon.id}>
                  <span className="value">{couponValueText(coupon.kind, coupon.value)}</span>
                  <span>{coupon.title}</span>
                  <span className="barcode">{coupon.id}</span>
                  <span>
                    Expires {coupon.expiresOn}
                    {coupon.addedToCard ? ' · clipped to your card' : ' · clip it online or show this at the register'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <footer className="list-foot">
        <p className="totals" data-testid="list-totals">
          Estimated total <strong>{formatDollarText(state.estimatedTotal.subtotal)}</strong>
          {state.estimatedTotal.savings !== '0.00' && (
            <span className="savings"> · you save {formatDollarText(state.estimatedTotal.savings)}</span>
          )}
        </p>
        <div className="list-actions no-print">
          <button type="button" onClick={() => void addAllToCart()} disabled={items.every((item) => !item.upc)}>
            Add the whole list to the cart
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => void removeAll()}
            disabled={items.length === 0 || queue.length > 0}
          >
            Remove all
          </button>
        </div>
        {cartProgress && (
          <p role="status" data-testid="list-cart-progress">
            {cartProgress} {cartProgress.startsWith('Added') && <a href="/cart">View cart</a>}
          </p>
        )}
      </footer>
    </div>
  );
}

export default withIslandStore(ShoppingListPage);
