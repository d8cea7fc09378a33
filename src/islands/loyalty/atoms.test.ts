import { createStore } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PROMO_CODE_INVALID } from '../../lib/account/memberships.ts';
import { errorBody } from '../../lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import {
  linkedCodesListAtom,
  promoMessageAtom,
  promoRequestAtom,
  seedLinkedCodesAtom,
  submitPromoCodeAtom,
} from './atoms.ts';

// The promo-code request through the one request-state machine (initial -> loading -> loaded |
// error) against a fake edge (docs/decisions/370-loyalty.md).

afterEach(() => vi.unstubAllGlobals());

describe('submitPromoCodeAtom', () => {
  test('loading while sent, then loaded with the outcome message and the linked codes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async () => {
      await held;
      return Response.json({
        data: { code: 'FRESH5', outcome: 'LINKED', description: 'x', linkedCodes: ['HARVEST10', 'FRESH5'] },
      });
    });
    const store = createStore();
    store.set(seedLinkedCodesAtom, ['HARVEST10']);
    const pending = store.set(submitPromoCodeAtom, { code: 'FRESH5' });
    expect(store.get(promoRequestAtom).status).toBe('loading');
    // a second submit while the first is loading is skipped
    expect(await store.set(submitPromoCodeAtom, { code: 'FRESH5' })).toBe('skipped');
    release();
    expect(await pending).toBe('done');
    expect(store.get(promoRequestAtom).status).toBe('loaded');
    expect(store.get(promoMessageAtom)).toBe('Promo code FRESH5 is linked to your card.');
    expect(store.get(linkedCodesListAtom)).toEqual(['HARVEST10', 'FRESH5']);
  });
  test("a refused code is an error with the upstream's reason; offline says so; 401 asks for sign-in", async () => {
    const store = createStore();
    vi.stubGlobal('fetch', async () =>
      Response.json(errorBody('UNPROCESSABLE', PROMO_CODE_INVALID, 422), { status: 422 }),
    );
    expect(await store.set(submitPromoCodeAtom, { code: 'NOPE' })).toBe('failed');
    expect(store.get(promoRequestAtom)).toMatchObject({ status: 'error', httpStatus: 422 });
    expect(store.get(promoMessageAtom)).toBe(PROMO_CODE_INVALID);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await store.set(submitPromoCodeAtom, { code: 'NOPE' })).toBe('failed');
    expect(store.get(promoMessageAtom)).toBe(ACCOUNT_MESSAGES.OFFLINE);
    vi.stubGlobal('fetch', async () => Response.json(errorBody('AUTH_REQUIRED', 'Sign in', 401), { status: 401 }));
    expect(await store.set(submitPromoCodeAtom, { code: 'NOPE' })).toBe('signIn');
  });
});
