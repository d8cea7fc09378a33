import { describe, expect, test } from 'vitest';
import { BANNERS } from '../banner/banners.ts';
import { wantedSearchRows } from './search-rows.ts';

describe('wantedSearchRows (shopping §6 search toggles)', () => {
  const page = { query: 'milk', page: 1, hasResults: true };

  test('follows the banner toggles on the first page of a text search with results', () => {
    expect(wantedSearchRows(BANNERS.harvest.toggles, page)).toEqual({ savings: true, seasonal: true, shoppable: true });
    expect(wantedSearchRows(BANNERS.bayside.toggles, page)).toEqual({
      savings: true,
      seasonal: false,
      shoppable: false,
    });
  });

  test('asks for nothing past page 1, without a query or without results', () => {
    const none = { savings: false, seasonal: false, shoppable: false };
    expect(wantedSearchRows(BANNERS.harvest.toggles, { ...page, page: 2 })).toEqual(none);
    expect(wantedSearchRows(BANNERS.harvest.toggles, { ...page, query: null })).toEqual(none);
    expect(wantedSearchRows(BANNERS.harvest.toggles, { ...page, hasResults: false })).toEqual(none);
  });
});
