import { CATEGORIES } from '../catalog/categories.ts';
import { HttpError } from '../http/errors.ts';
import type { UpstreamClient } from '../http/upstream-client.ts';
import {
  CreateListResponseSchema,
  DEFAULT_LIST_NAME,
  LIST_ID_PATTERN,
  LIST_PATHS,
  LIST_SERVER_REASONS,
  ShoppingListsResponseSchema,
  activeListId,
  sortListsByName,
  type ShoppingListOutput,
} from './contracts.ts';

// What the list page renders with (issue 11 §2; shopping §4 Loading): all lists first, sorted by
// name case-insensitively; none (or a 404) creates 'My Shopping List'; the active list is the
// requested one, else the remembered one, else the first.

export interface ListPageData {
  lists: ShoppingListOutput[];
  list: ShoppingListOutput | null;
  loadFailed: boolean;
  /** the requested list is not the shopper's (or not a list id): the page says so */
  requestedMissing: boolean;
  departments: Array<{ id: string; name: string }>;
}

/** The list the shopper last opened: where "add to list" puts an item (worker/routes/lists.ts). */
export const REMEMBERED_LIST_COOKIE = 'hm_list';

const LIST_DEPARTMENTS = CATEGORIES.filter((category) => !category.parentId).map((category) => ({
  id: category.id,
  name: category.name,
}));

export async function loadListPage(
  upstream: UpstreamClient,
  customerGUID: string,
  requested: string | null,
  remembered: string | null,
): Promise<ListPageData> {
  const base = { departments: LIST_DEPARTMENTS, requestedMissing: false };
  try {
    const lists = await listsWithDefault(upstream, customerGUID);
    const requestedId = requested && LIST_ID_PATTERN.test(requested) ? requested : null;
    const listId = activeListId(lists, requestedId, remembered);
    if (!listId) return { ...base, lists, list: null, loadFailed: true };
    const list =
      (await upstream.json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema)).data.data
        .shoppingLists[0] ?? null;
    return {
      ...base,
      lists,
      list,
      loadFailed: list === null,
      requestedMissing: requested !== null && listId !== requested,
    };
  } catch {
    return { ...base, lists: [], list: null, loadFailed: true };
  }
}

/**
 * The shopper's lists, sorted; none (or a 404) makes 'My Shopping List' (shopping §4). The create's
 * Idempotency-Key is the shopper's, so a reload or two tabs make one list; and the upstream keeps
 * one name per shopper (a unique index), so a create that lost to another is refused as a duplicate
 * name and the list it lost to is read. A key's answer is replayed for 24 hours: once that list was
 * deleted, the key answered the deleted list again and made nothing (the lists page said it could
 * not load, "add to list" answered 500). The list still missing after the create is made once more
 * with a key of its own (decision 661).
 */
export async function listsWithDefault(upstream: UpstreamClient, customerGUID: string): Promise<ShoppingListOutput[]> {
  let lists = await fetchLists(upstream);
  for (const key of [`default-list-${customerGUID}`, `default-list-${customerGUID}-${crypto.randomUUID()}`]) {
    if (lists.length > 0) break;
    try {
      await upstream.json(
        {
          method: 'POST',
          path: LIST_PATHS.LISTS,
          body: { name: DEFAULT_LIST_NAME, activeList: 'true' },
          idempotencyKey: key,
        },
        CreateListResponseSchema,
      );
    } catch (error) {
      if (!(
        error instanceof HttpError &&
        error.statusCode === 422 &&
        error.message === LIST_SERVER_REASONS.DUPLICATE_NAME
      ))
        throw error;
    }
    lists = await fetchLists(upstream);
  }
  return lists;
}

async function fetchLists(upstream: UpstreamClient): Promise<ShoppingListOutput[]> {
  try {
    return sortListsByName(
      (await upstream.json({ path: LIST_PATHS.LISTS }, ShoppingListsResponseSchema)).data.data.shoppingLists,
    );
  } catch (error) {
    // shopping §4: a 404 is no lists
    if (typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404) return [];
    throw error;
  }
}
