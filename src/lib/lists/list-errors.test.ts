import { describe, expect, test } from 'vitest';
import { LIST_MESSAGES, LIST_OUTAGE_MESSAGES, LIST_SERVER_REASONS, listMessageForReason } from './contracts.ts';
import { NETWORK_NOTICE, failedCallNotice, listNotice, loadNotice } from './list-errors.ts';

// shopping §8: the server's 422 reasons and the shopper's messages, verbatim.
const MAPPED: ReadonlyArray<[string, string]> = [
  ['Max Quantity above 999', 'Exceeded max quantity. Please check your shopping list.'],
  ['The list has exceeded the maximum number of items allowed', 'Exceeded max quantity of unique items (250) in list.'],
  ['Invalid list ID.', 'Shopping list does not exist. Please refresh your browser.'],
  ['No shopping list was found for this list ID.', 'Shopping list does not exist. Please refresh your browser.'],
  ['List name cannot be empty.', 'List name cannot be empty.'],
  [
    'The given list name is too long. Kindly provide a shorter name.',
    'The given list name is too long. Kindly provide a shorter name.',
  ],
  ['The maximum number of lists a user can have was exceeded.', 'You have reached the maximum number of lists.'],
  ['List name already exists for the user.', 'Another list with same name already exists.'],
];

describe('the 422 reasons map to the spec messages verbatim', () => {
  test.each(MAPPED)('%s → %s', (reason, message) => {
    expect(listMessageForReason(reason)).toBe(message);
  });

  test('every server reason the upstream sends is mapped', () => {
    expect(new Set(MAPPED.map(([reason]) => reason))).toEqual(new Set(Object.values(LIST_SERVER_REASONS)));
  });

  test('another reason maps to nothing', () => {
    expect(listMessageForReason('Something else')).toBeNull();
  });
});

describe('listNotice', () => {
  test('the 250-item error is its own kind (inline on the list page); the deleted-list error too', () => {
    expect(listNotice(422, LIST_SERVER_REASONS.MAX_ITEMS, 'addItems')).toEqual({
      kind: 'maxItems',
      message: LIST_MESSAGES.MAX_UNIQUE_ITEMS,
    });
    expect(listNotice(422, LIST_SERVER_REASONS.NOT_FOUND, 'addItems')).toEqual({
      kind: 'deletedList',
      message: LIST_MESSAGES.LIST_NOT_FOUND,
    });
  });

  test("the list maximum's 422 is the spec's message for that reason, not the outage banner's words", () => {
    expect(listNotice(422, LIST_SERVER_REASONS.MAX_LISTS, 'createList')).toEqual({
      kind: 'field',
      message: 'You have reached the maximum number of lists.',
    });
  });

  test("a malformed list id ('Invalid list ID.') is the list that does not exist, in every area", () => {
    for (const area of Object.keys(LIST_OUTAGE_MESSAGES) as Array<keyof typeof LIST_OUTAGE_MESSAGES>)
      expect(listNotice(422, 'Invalid list ID.', area)).toEqual({
        kind: 'deletedList',
        message: 'Shopping list does not exist. Please refresh your browser.',
      });
  });

  test('name and quantity rules are field messages', () => {
    expect(listNotice(422, LIST_SERVER_REASONS.NAME_TOO_LONG, 'update')).toEqual({
      kind: 'field',
      message: LIST_MESSAGES.NAME_TOO_LONG,
    });
    expect(listNotice(422, LIST_SERVER_REASONS.MAX_QUANTITY, 'updateQuantity')).toEqual({
      kind: 'field',
      message: LIST_MESSAGES.MAX_QUANTITY,
    });
  });

  test.each(Object.keys(LIST_OUTAGE_MESSAGES) as Array<keyof typeof LIST_OUTAGE_MESSAGES>)(
    'a 5xx or an unknown reason in %s is that area’s Service Outage banner',
    (area) => {
      expect(listNotice(503, '', area)).toEqual({
        kind: 'outage',
        title: 'Service Outage',
        message: LIST_OUTAGE_MESSAGES[area],
      });
      expect(listNotice(422, 'Something else', area)).toEqual({
        kind: 'outage',
        title: 'Service Outage',
        message: LIST_OUTAGE_MESSAGES[area],
      });
    },
  );

  test('no connection: the spec title and body', () => {
    expect(NETWORK_NOTICE).toEqual({
      kind: 'outage',
      title: 'No Network Connection',
      message: 'Please check your network settings and try again.',
    });
  });
});

describe('failedCallNotice', () => {
  test('no connection, a stale list (the area’s outage), or the reason’s notice', () => {
    expect(failedCallNotice({ kind: 'network' }, 'deleteList')).toEqual(NETWORK_NOTICE);
    expect(failedCallNotice({ kind: 'conflict' }, 'removeAll')).toEqual({
      kind: 'outage',
      title: 'Service Outage',
      message: LIST_OUTAGE_MESSAGES.removeAll,
    });
    expect(failedCallNotice({ kind: 'error', status: 422, reason: 'Invalid list ID.' }, 'deleteList')).toEqual({
      kind: 'deletedList',
      message: 'Shopping list does not exist. Please refresh your browser.',
    });
    expect(failedCallNotice({ kind: 'error', status: 500, reason: '' }, 'deleteList')).toEqual({
      kind: 'outage',
      title: 'Service Outage',
      message: LIST_OUTAGE_MESSAGES.deleteList,
    });
  });
});

describe('loadNotice', () => {
  test.each(['Invalid list ID.', 'No shopping list was found for this list ID.'])(
    'a list that fails to load with %s does not exist',
    (reason) => {
      expect(loadNotice({ kind: 'error', status: 422, reason })).toEqual({
        kind: 'deletedList',
        message: 'Shopping list does not exist. Please refresh your browser.',
      });
    },
  );

  test('any other failure is the spec’s loading banner', () => {
    const banner = {
      kind: 'outage',
      title: 'Service Outage',
      message: 'Sorry, we’re having trouble loading your list(s). Please try again later.',
    };
    expect(loadNotice({ kind: 'error', status: 503, reason: '' })).toEqual(banner);
    expect(loadNotice({ kind: 'error', status: 400, reason: 'Invalid path' })).toEqual(banner);
    expect(loadNotice({ kind: 'conflict' })).toEqual(banner);
  });
});
