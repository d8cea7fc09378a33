import { describe, expect, test } from 'vitest';
import { favoriteCall, favoriteReducer, type FavoriteState } from './favorite.ts';

describe('the favourite toggle (shopping §4)', () => {
  const start: FavoriteState = { favorite: false, pending: false, toggled: false, error: null };
  test('a favourite is unfavourited, anything else favourited', () => {
    expect(favoriteCall(true)).toBe('unfavorite');
    expect(favoriteCall(false)).toBe('favorite');
  });
  test('the flag flips only after the server call succeeds', () => {
    const asked = favoriteReducer(start, { type: 'request' });
    expect(asked).toMatchObject({ favorite: false, pending: true });
    expect(favoriteReducer(asked, { type: 'success' })).toEqual({
      favorite: true,
      pending: false,
      toggled: true,
      error: null,
    });
  });
  test('a failure leaves the flag and keeps the message', () => {
    const failed = favoriteReducer(favoriteReducer(start, { type: 'request' }), { type: 'failure', message: 'toast' });
    expect(failed).toEqual({ favorite: false, pending: false, toggled: false, error: 'toast' });
  });
  test("a sync takes the server's flag without counting as a toggle", () => {
    expect(favoriteReducer({ ...start, pending: true }, { type: 'sync', favorite: true })).toEqual({
      favorite: true,
      pending: true,
      toggled: false,
      error: null,
    });
  });
  test('a click while a call is under way changes nothing', () => {
    const asked = favoriteReducer(start, { type: 'request' });
    expect(favoriteReducer(asked, { type: 'request' })).toBe(asked);
  });
});
