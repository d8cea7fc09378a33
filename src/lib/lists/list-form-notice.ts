import { LIST_MESSAGES, type ListArea } from './contracts.ts';
import { listNotice, type ListNotice } from './list-errors.ts';
import { isListFormError, LIST_FORM_SAVED, type ListFormError } from './list-form.ts';

// What the list page shows after a plain form (decision 633): the flag the edge put in the query
// (`?listSaved=added`, `?listError=maxItems`) as the island's notice. The spec's messages verbatim
// (shopping §8): the 250-item error inline beside the add form, the others above the list.

/** Our words for the two refusals the spec has none for. */
const LIST_FORM_MESSAGES = {
  itemNameEmpty: 'Type the name of an item to add it.',
  itemGone: 'That item is no longer on this list.',
  /** after a saved change made on an older copy of the list (decision 633) */
  changed: 'The list had changed since this page was shown: this is the list as it is now.',
} as const;

const SPEC_MESSAGES: Record<Exclude<ListFormError, ListArea | 'itemNameEmpty' | 'itemGone'>, string> = {
  maxQuantity: LIST_MESSAGES.MAX_QUANTITY,
  maxItems: LIST_MESSAGES.MAX_UNIQUE_ITEMS,
  notFound: LIST_MESSAGES.LIST_NOT_FOUND,
  nameEmpty: LIST_MESSAGES.NAME_EMPTY,
  nameTooLong: LIST_MESSAGES.NAME_TOO_LONG,
  maxLists: LIST_MESSAGES.MAX_LISTS,
  duplicateName: LIST_MESSAGES.DUPLICATE_NAME,
};

/** The notice of a refused form's flag: the kinds listNotice gives the same message from the JSON API. */
function errorNotice(flag: ListFormError): ListNotice {
  if (flag === 'itemNameEmpty' || flag === 'itemGone') return { kind: 'field', message: LIST_FORM_MESSAGES[flag] };
  if (flag in SPEC_MESSAGES) {
    const message = SPEC_MESSAGES[flag as keyof typeof SPEC_MESSAGES];
    if (message === LIST_MESSAGES.MAX_UNIQUE_ITEMS) return { kind: 'maxItems', message };
    if (message === LIST_MESSAGES.LIST_NOT_FOUND) return { kind: 'deletedList', message };
    return { kind: 'field', message };
  }
  return listNotice(500, '', flag as ListArea);
}

/**
 * The notice of the page's query after a form, or null (no flag, or one the page does not know).
 * `listFormNotice(new URLSearchParams('listError=nameEmpty'))` → `{ kind: 'field', message: 'List name cannot be empty.' }`
 */
export function listFormNotice(query: URLSearchParams): ListNotice {
  const error = query.get('listError');
  if (error !== null && isListFormError(error)) return errorNotice(error);
  const saved = query.get('listSaved');
  if (saved === null || !Object.hasOwn(LIST_FORM_SAVED, saved)) return null;
  const message = LIST_FORM_SAVED[saved as keyof typeof LIST_FORM_SAVED];
  return {
    kind: 'saved',
    message: query.get('listChanged') === '1' ? `${message} ${LIST_FORM_MESSAGES.changed}` : message,
  };
}
