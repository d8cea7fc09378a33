import { createStore } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorBody } from '../../lib/http/errors.ts';
import type { EmailPreferencesResponseOutput } from '../../lib/account/preferences.ts';
import {
  adPreferenceAtom,
  emailPreferencesAtom,
  noticesValueAtom,
  requestStatesAtom,
  saveAdsAtom,
  saveEmailAtom,
  saveSmsAtom,
  seedPreferencesAtom,
  smsPreferencesAtom,
} from './atoms.ts';

// The preferences island's writes against a fake edge (account §4: load and update each go
// through loading, success and error): a failure restores exactly what the shopper saw and shows
// the spec's message; a success ends on the server's answer.

const EMAIL: EmailPreferencesResponseOutput = {
  hasErrors: false,
  errorCode: null,
  status: 'OK',
  emailUngroupedPreferences: [
    { category: 'WEEKLY_AD', shortDescription: 'Weekly Ad', longDescription: 'x', selected: true },
    { category: 'MONTHLY_NEWSLETTER', shortDescription: 'Monthly Newsletter', longDescription: 'y', selected: false },
  ],
};
const seed = {
  token: null,
  page: '/account/preferences',
  email: EMAIL,
  sms: { optIns: [{ type: 'CLICKLIST' as const, selected: false }], warning: null },
  ads: true,
  failures: {},
};
const fail = (status: number, code = 'UNKNOWN_RESPONSE_ERROR') =>
  vi.stubGlobal('fetch', async () => Response.json(errorBody(code, 'no', status), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('preference writes', () => {
  test('a seeded page is loaded; a failed email update restores the choices and shows the spec message', async () => {
    const store = createStore();
    store.set(seedPreferencesAtom, seed);
    expect(store.get(requestStatesAtom)('email', 'load').loaded).toBe(true);
    fail(500);
    const pending = store.set(saveEmailAtom, new Set(['MONTHLY_NEWSLETTER']));
    expect(store.get(requestStatesAtom)('email', 'update').loading).toBe(true);
    expect(store.get(emailPreferencesAtom)?.emailUngroupedPreferences.map((e) => e.selected)).toEqual([false, true]);
    expect(await pending).toBe(false);
    expect(store.get(emailPreferencesAtom)).toEqual(EMAIL);
    expect(store.get(requestStatesAtom)('email', 'update').error).toBe(true);
    expect(store.get(noticesValueAtom).email?.text).toBe(
      "We're sorry, but we couldn't update your email preferences at this time. Please try again later.",
    );
  });

  test('NO_PREFERRED_STORE on update says to select a store', async () => {
    const store = createStore();
    store.set(seedPreferencesAtom, seed);
    fail(422, 'NO_PREFERRED_STORE');
    await store.set(saveEmailAtom, new Set());
    expect(store.get(noticesValueAtom).email?.text).toBe(
      'Please select a preferred store before editing your email preferences.',
    );
  });

  test('SMS and ad failures restore and use their own messages; a success ends on the server answer', async () => {
    const store = createStore();
    store.set(seedPreferencesAtom, seed);
    fail(500);
    await store.set(saveSmsAtom, true);
    expect(store.get(smsPreferencesAtom)?.optIns[0]?.selected).toBe(false);
    expect(store.get(noticesValueAtom).sms?.text).toBe(
      "...couldn't update your Order Updates preference at this time. Please try again.",
    );
    await store.set(saveAdsAtom, false);
    expect(store.get(adPreferenceAtom)).toBe(true);
    expect(store.get(noticesValueAtom).ads?.text).toBe(
      "...couldn't update your advertising preferences at this time. Please try again later.",
    );
    vi.stubGlobal('fetch', async () => Response.json({ data: { purchaseBasedAds: false } }));
    expect(await store.set(saveAdsAtom, false)).toBe(true);
    expect(store.get(adPreferenceAtom)).toBe(false);
    expect(store.get(requestStatesAtom)('ads', 'update').loaded).toBe(true);
  });

  test('a failed server load is an error with the spec message (Order Updates)', () => {
    const store = createStore();
    store.set(seedPreferencesAtom, { ...seed, sms: null, failures: { sms: { status: 500 } } });
    expect(store.get(requestStatesAtom)('sms', 'load').error).toBe(true);
    expect(store.get(noticesValueAtom).sms?.text).toBe(
      "...couldn't retrieve your Order Updates preference at this time. Please try again later.",
    );
  });

  test('a 403 sends the shopper to sign-in with the page to come back to, unless already on /signin', async () => {
    for (const [pathname, sent] of [
      ['/account/preferences', 1],
      ['/signin', 0],
    ] as const) {
      const assign = vi.fn();
      vi.stubGlobal('window', { location: { pathname, assign } });
      const store = createStore();
      store.set(seedPreferencesAtom, seed);
      fail(403, 'FORBIDDEN');
      await store.set(saveAdsAtom, false);
      expect(assign).toHaveBeenCalledTimes(sent);
      if (sent) expect(assign.mock.calls[0]?.[0]).toMatch(/^\/signin\?redirectUrl=%2Faccount%2Fpreferences/);
    }
  });
});
