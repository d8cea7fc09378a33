import { CATEGORIES } from '../catalog/categories.ts';
import type { UpstreamClient } from '../http/upstream-client.ts';
import {
  CreateListResponseSchema,
  DEFAULT_LIST_NAME,
  LIST_ID_PATTERN,
  LIST_PATHS,
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
    let lists = await fetchLists(upstream);
    if (lists.length === 0) {
      // one default list however often this runs (a reload, two tabs): the key is the shopper's
      await upstream.json(
        {
          method: 'POST',
          path: LIST_PATHS.LISTS,
          body: { name: DEFAULT_LIST_NAME, activeList: 'true' },
          idempotencyKey: `default-list-${customerGUID}`,
        },
        CreateListResponseSchema,
      );
      lists = await fetchLists(upstream);
    }
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
