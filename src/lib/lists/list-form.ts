import * as v from 'valibot';
import { FormKeySchema } from '../http/form-key.ts';
import { LIST_ID_PATTERN, LIST_LIMITS, LIST_OUTAGE_MESSAGES, LIST_SERVER_REASONS, type ListArea } from './contracts.ts';
import type { SortOption } from './list-reducer.ts';

// The list page without JavaScript (docs/decisions/633-shopping-lists-without-javascript.md): one
// plain POST form endpoint for the shopper's main actions on lists, the way the add-card form works
// (decision 631). The page's islands render these forms; the edge takes them (also as JSON with
// the same fields), answers 303 back to the list page with one flag in the query, and the page shows
// the flag's notice (list-form-notice.ts). Nothing the shopper typed goes into a URL.

/** POST: a plain form (or JSON) of one of the ListFormActions. */
export const LIST_FORM_PATH = '/shopping/api/list-form';

/**
 * What a form asks: `add` an item by name, change an `item` (check off or uncheck, a quantity, 0
 * removes it), `create`, `rename` or `delete` a list.
 */
export type ListFormAction = 'add' | 'item' | 'create' | 'rename' | 'delete' | 'clear';

/** Our reasons for a form the shopper can fix (shopping §8 names none for these). */
export const LIST_FORM_REASONS = {
  ITEM_NAME_EMPTY: 'An item needs a name.',
  ITEM_GONE: 'No item was found for this item ID.',
  NOTHING_TO_CHANGE: 'Say what to change: checked or quantity.',
} as const;

/** The longest a form's name field may be before it is refused (LIST_INPUT_CAPS of contracts.ts). */
const NAME_CAP = LIST_LIMITS.MAX_NAME_LENGTH * 4;
const ListIdField = v.pipe(v.string(), v.regex(LIST_ID_PATTERN, LIST_SERVER_REASONS.INVALID_ID));
const Optional = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));
/** A list's name: the upstream answers the spec's reasons (empty, over 128, a duplicate); far over, the edge. */
const ListNameField = v.pipe(
  v.string(),
  v.check((name) => name.trim().length <= NAME_CAP, LIST_SERVER_REASONS.NAME_TOO_LONG),
);
/** The items on the page and in the form (shopping §5: 0-999; past that, the spec's reason). */
const QuantityField = v.pipe(
  v.string(),
  v.regex(/^\s*\d{1,12}\s*$/),
  v.transform(Number),
  v.maxValue(LIST_LIMITS.MAX_QUANTITY, LIST_SERVER_REASONS.MAX_QUANTITY),
);
const common = { versionKey: Optional(64), returnTo: Optional(2048) };

const AddForm = v.object({
  action: v.literal('add'),
  listId: ListIdField,
  name: v.pipe(v.string(), v.trim(), v.minLength(1, LIST_FORM_REASONS.ITEM_NAME_EMPTY), v.maxLength(NAME_CAP)),
  categoryId: v.pipe(v.string(), v.regex(/^\d{2,4}$/)),
  /** the page's own key: an item sent twice (a double tap) goes on once (decision 640) */
  formKey: v.optional(FormKeySchema),
  ...common,
});
const ItemForm = v.object({
  action: v.literal('item'),
  listId: ListIdField,
  itemId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  checked: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((value) => value === 'true'),
    ),
  ),
  quantity: v.optional(QuantityField),
  ...common,
});
const CreateForm = v.object({
  action: v.literal('create'),
  name: ListNameField,
  /** the page's own key: a form sent twice (a double tap) makes one list */
  formKey: v.optional(FormKeySchema),
  ...common,
});
const RenameForm = v.object({ action: v.literal('rename'), listId: ListIdField, name: ListNameField, ...common });
const DeleteForm = v.object({ action: v.literal('delete'), listId: ListIdField, ...common });
/** "Remove all": every item on the list as it is now (decision 642) */
const ClearForm = v.object({ action: v.literal('clear'), listId: ListIdField, ...common });

/** One schema for the form's fields (strings, as a form posts them) and the same fields as JSON. */
export const ListFormSchema = v.pipe(
  v.variant('action', [AddForm, ItemForm, CreateForm, RenameForm, DeleteForm, ClearForm]),
  v.check(
    (input) => input.action !== 'item' || input.checked !== undefined || input.quantity !== undefined,
    LIST_FORM_REASONS.NOTHING_TO_CHANGE,
  ),
);
export type ListFormInput = v.InferOutput<typeof ListFormSchema>;

/** What the page says after a form that did what it asked. */
export const LIST_FORM_SAVED = {
  added: 'Added to your list.',
  checked: 'Checked off.',
  unchecked: 'Put back on your list.',
  quantity: 'Quantity changed.',
  removed: 'Removed from your list.',
  created: 'List created.',
  renamed: 'List renamed.',
  deleted: 'List deleted.',
  cleared: 'All items removed from your list.',
} as const;
export type ListFormSaved = keyof typeof LIST_FORM_SAVED;

/** The flags of a refused form: the spec's 422 reasons (shopping §8), two of ours, and the areas' outages. */
const REASON_FLAGS = {
  [LIST_SERVER_REASONS.MAX_QUANTITY]: 'maxQuantity',
  [LIST_SERVER_REASONS.MAX_ITEMS]: 'maxItems',
  [LIST_SERVER_REASONS.INVALID_ID]: 'notFound',
  [LIST_SERVER_REASONS.NOT_FOUND]: 'notFound',
  [LIST_SERVER_REASONS.NAME_EMPTY]: 'nameEmpty',
  [LIST_SERVER_REASONS.NAME_TOO_LONG]: 'nameTooLong',
  [LIST_SERVER_REASONS.MAX_LISTS]: 'maxLists',
  [LIST_SERVER_REASONS.DUPLICATE_NAME]: 'duplicateName',
  [LIST_FORM_REASONS.ITEM_NAME_EMPTY]: 'itemNameEmpty',
  [LIST_FORM_REASONS.ITEM_GONE]: 'itemGone',
} as const;
type ListFormReasonFlag = (typeof REASON_FLAGS)[keyof typeof REASON_FLAGS];
export type ListFormError = ListFormReasonFlag | ListArea;

/** The area whose 'Service Outage' words a refused form of `action` shows (LIST_OUTAGE_MESSAGES). */
export function listFormArea(action: ListFormAction | undefined, input?: { quantity?: number; checked?: boolean }) {
  const areas: Record<ListFormAction, ListArea> = {
    add: 'addItems',
    item: input?.quantity === 0 ? 'removeItem' : input?.checked !== undefined ? 'toggles' : 'updateQuantity',
    create: 'createList',
    rename: 'update',
    delete: 'deleteList',
    clear: 'removeAll',
  };
  return action && Object.hasOwn(areas, action) ? areas[action] : 'update';
}

/**
 * The flag of a refused form: its reason's (a 422 the spec names, or one of ours), else the area's
 * outage. `listFormError('List name cannot be empty.', 'createList') === 'nameEmpty'`
 */
export function listFormError(reason: string | undefined, area: ListArea): ListFormError {
  if (reason && /max quantity/i.test(reason)) return 'maxQuantity';
  return (reason && (REASON_FLAGS as Record<string, ListFormReasonFlag>)[reason]) || area;
}

/** True for a flag the page knows (a flag from anywhere else is ignored). */
export function isListFormError(value: string): value is ListFormError {
  return (Object.values(REASON_FLAGS) as string[]).includes(value) || Object.hasOwn(LIST_OUTAGE_MESSAGES, value);
}

/** How the list page orders its items: `?sort=aisle`, else by category. */
export const listSortOf = (value: string | null | undefined): SortOption => (value === 'aisle' ? 'aisle' : 'category');

const LIST_PAGE = /^\/shopping\/list\/[A-Za-z0-9-]{8,64}$/;

/**
 * Where a form goes back to: `returnTo` when it is a list page (`/shopping/lists` or a list's own
 * page, with `?sort=aisle` kept), else `fallback`. `listFormReturn('https://evil.example/', '/shopping/lists') === '/shopping/lists'`
 */
export function listFormReturn(returnTo: string | undefined, fallback: string): string {
  let url: URL;
  try {
    url = new URL(returnTo ?? '', 'http://list.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://list.invalid' || !returnTo?.startsWith('/')) return fallback;
  if (url.pathname !== '/shopping/lists' && !LIST_PAGE.test(url.pathname)) return fallback;
  return listSortOf(url.searchParams.get('sort')) === 'aisle' ? `${url.pathname}?sort=aisle` : url.pathname;
}

/**
 * The list page a form comes back to with its one flag; `listChanged=1` when the form was made on
 * an older copy of the list (its change went onto the list as it is now); the row it was about as
 * the fragment. `listFormLocation('/shopping/list/abc12345', { listSaved: 'checked' }, 'i1')` →
 * `'/shopping/list/abc12345?listSaved=checked#item-i1'`
 */
export function listFormLocation(
  page: string,
  flag: { listSaved: ListFormSaved } | { listError: ListFormError },
  itemId?: string,
  stale = false,
): string {
  const [key, value] = Object.entries(flag)[0] as [string, string];
  const query = `${key}=${value}${stale ? '&listChanged=1' : ''}`;
  return `${page}${page.includes('?') ? '&' : '?'}${query}${itemId ? `#item-${itemId}` : ''}`;
}

/** The page of one list. `listPagePath('abc12345') === '/shopping/list/abc12345'` */
export const listPagePath = (listId: string) => `/shopping/list/${encodeURIComponent(listId)}`;

/** Where a list page's forms come back to: the list's own page, in its order. */
export const listFormReturnOf = (listId: string, sort: SortOption) =>
  `${listPagePath(listId)}${sort === 'aisle' ? '?sort=aisle' : ''}`;
