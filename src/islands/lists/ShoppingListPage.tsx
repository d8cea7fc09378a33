import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { LIST_MESSAGES, type ShoppingListOutput } from '../../lib/lists/contracts.ts';
import type { ListNotice } from '../../lib/lists/list-errors.ts';
import type { SortOption } from '../../lib/lists/list-reducer.ts';
import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import { AddItemForm, type Department } from './AddItemForm.tsx';
import { flushAtom, listMetaAtom, offlineAtom, restoreOfflineAtom, seedListAtom } from './atoms.ts';
import { ListFooter } from './ListFooter.tsx';
import { ListHeader } from './ListHeader.tsx';
import { ListItems } from './ListItems.tsx';
import { ListNotices } from './ListNotices.tsx';
import { ListSwitcher } from './ListSwitcher.tsx';
import { keepForOffline } from './offline-copy.ts';
import { PrintCouponsSheet } from './PrintCouponsSheet.tsx';

// The shopping list page (issue 11 §2, §4-§6): the shopper's lists, the active one grouped by
// category or aisle, free-text items, quantity, check off, remove and remove all, rename, delete,
// print, and the whole list into the cart. Writes are optimistic and queued (atoms.ts); each
// section is a component of its own, this one seeds the state and keeps the writes going. Its
// server markup is plain POST forms, so the main actions work before it runs and without
// JavaScript (docs/decisions/633-shopping-lists-without-javascript.md).

interface ShoppingListPageProps {
  lists: ShoppingListOutput[];
  list: ShoppingListOutput | null;
  loadFailed: boolean;
  departments: Department[];
  /** the notice of the plain form the page comes back from (decision 633) */
  notice?: ListNotice;
  /** the order asked for by `?sort=` */
  sort?: SortOption;
  /** this render's key for the create form: a form sent twice makes one list */
  formKey: string;
}

/** How often waiting writes are tried again while the page is offline. */
const OFFLINE_RETRY_MS = 4_000;

function ShoppingListPage({ lists, list, loadFailed, departments, notice, sort, formKey }: ShoppingListPageProps) {
  useSeed(seedListAtom, { lists, list, notice: notice ?? null, sort: sort ?? 'category' });
  const meta = useAtomValue(listMetaAtom);
  const offline = useAtomValue(offlineAtom);
  const flush = useSetAtom(flushAtom);
  const restoreOffline = useSetAtom(restoreOfflineAtom);

  useEffect(() => {
    // useSeed seeded the list (and, in the browser, the writes a visit left waiting)
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

  return (
    <div className="shopping-list" data-testid="shopping-list" data-list-id={meta.listId}>
      <ListSwitcher listId={meta.listId} formKey={formKey} />
      <ListNotices />
      <ListHeader meta={meta} />
      <AddItemForm departments={departments} formKey={formKey} />
      <ListItems />
      <PrintCouponsSheet />
      <ListFooter formKey={formKey} />
    </div>
  );
}

export default withIslandStore(ShoppingListPage);
