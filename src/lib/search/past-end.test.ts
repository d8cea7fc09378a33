import { describe, expect, test } from 'vitest';
import { pastEndMessage, pastEndNotice, pastEndReset } from './past-end.ts';
import { emptySearchParams, parseSearchParams } from './search-params.ts';

describe('pastEndReset', () => {
  test('goes to page 1 of the same search and filters, naming the page asked for', () => {
    expect(pastEndReset('/search', { ...emptySearchParams(), query: 'milk', page: 999 })).toBe(
      '/search?query=milk&pastEnd=999',
    );
    const filtered = parseSearchParams(
      new URLSearchParams(
        'query=milk&page=40&brandName=Harvest+Select&sortCriteria=price&sortOrder=asc&savings=ON_SALE',
      ),
    );
    const reset = new URL(pastEndReset('/search', filtered), 'http://x');
    expect(reset.searchParams.has('page')).toBe(false);
    expect(parseSearchParams(reset.searchParams)).toEqual({ ...filtered, page: 1 });
    expect(reset.searchParams.get('pastEnd')).toBe('40');
    expect(pastEndReset('/pl/dairy-and-eggs/02', { ...emptySearchParams(), page: 5000 })).toBe(
      '/pl/dairy-and-eggs/02?pastEnd=5000',
    );
    expect(pastEndReset('/search', { ...emptySearchParams(), query: 'mlik', page: 3 }, { spelling: 'exact' })).toBe(
      '/search?query=mlik&spelling=exact&pastEnd=3',
    );
  });
});

describe('pastEndNotice', () => {
  const meta = { totalCount: 60, availableCount: 1000 };
  test('on page 1 after a reset: the page asked for and the pages there are', () => {
    expect(pastEndNotice(new URLSearchParams('pastEnd=999'), 1, meta, 24)).toEqual({ requested: 999, pageCount: 3 });
    expect(pastEndNotice(new URLSearchParams('pastEnd=7'), 1, { totalCount: 0, availableCount: 0 }, 24)).toEqual({
      requested: 7,
      pageCount: 0,
    });
    // pages beyond the available count are not counted (shopping §9)
    expect(
      pastEndNotice(new URLSearchParams('pastEnd=9000'), 1, { totalCount: 5000, availableCount: 1000 }, 24)?.pageCount,
    ).toBe(42);
  });
  test('nothing on another page, for a malformed value, or when the search did not answer', () => {
    expect(pastEndNotice(new URLSearchParams('pastEnd=999'), 2, meta, 24)).toBeNull();
    for (const value of ['', '1', '0', 'abc', '12345678', '<b>', '10001'])
      expect(pastEndNotice(new URLSearchParams({ pastEnd: value }), 1, meta, 24), value).toBeNull();
    expect(pastEndNotice(new URLSearchParams('pastEnd=999'), 1, undefined, 24)).toBeNull();
  });
});

describe('pastEndMessage', () => {
  test('says the page is past the end, how many pages there are, and that this is page 1', () => {
    expect(pastEndMessage(999, 3)).toBe('Page 999 is past the end — there are 3 pages of results. Here is page 1.');
    expect(pastEndMessage(2, 1)).toBe('Page 2 is past the end — there is 1 page of results. Here is page 1.');
    expect(pastEndMessage(5, 0)).toBe('Page 5 is past the end — there are no results for this search.');
  });
});
