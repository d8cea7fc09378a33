import fc from 'fast-check';
import { createStore } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorBody } from '../../lib/http/errors.ts';
import { applyDefault, sortCards } from '../../lib/wallet/cards.ts';
import type { CardOutput } from '../../lib/wallet/contracts.ts';
import {
  deleteCardAtom,
  noticeAtom,
  renameCardAtom,
  seedWalletAtom,
  setDefaultAtom,
  sortedCardsAtom,
} from './atoms.ts';

// The wallet's optimistic writes against a fake edge, with failures at random (ARCHITECTURE
// State in the browser): a failed write leaves exactly what the shopper saw before it, a
// successful one what the server then holds.

const card = (n: number, isDefault = false): CardOutput => ({
  brand: 'VISA',
  cardId: `card-000${n}`,
  cardHolderFirstName: 'Dana',
  cardHolderLastName: 'Rivera',
  default: isDefault,
  expirationMonth: '12',
  expirationYear: '31',
  lastFour: `000${n}`,
  lastUpdated: new Date(Date.UTC(2026, 0, n)).toISOString(),
  saved: true,
  billingAddress: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' },
  status: 'ACTIVE',
  nickname: '',
  accountId: 'guid',
});

/** A fake edge over `server`; `fail` says whether the next write fails. */
function fakeEdge(server: { cards: CardOutput[] }, fail: () => boolean) {
  let clock = Date.UTC(2026, 5, 1);
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    if (method === 'GET') return Response.json({ cards: server.cards, walletV2: [] });
    if (fail()) return Response.json(errorBody('UNKNOWN_RESPONSE_ERROR', 'Upstream failed', 500), { status: 500 });
    const cardId = decodeURIComponent(path.split('/').pop() ?? '');
    const found = server.cards.find((entry) => entry.cardId === cardId);
    if (!found) return Response.json(errorBody('NOT_FOUND', 'Not Found', 404), { status: 404 });
    const stamp = () => new Date((clock += 1000)).toISOString();
    if (method === 'DELETE') {
      server.cards = server.cards.filter((entry) => entry !== found);
      if (found.default && server.cards[0])
        server.cards = applyDefault(server.cards, sortCards(server.cards)[0]?.cardId ?? '');
      return Response.json({ ...found, status: 'DELETED', saved: false, default: false, lastUpdated: stamp() });
    }
    const body = JSON.parse(String(init.body)) as { default?: boolean; nickname?: string };
    const updated = {
      ...found,
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.default ? { default: true } : {}),
      lastUpdated: stamp(),
    };
    server.cards = server.cards.map((entry) =>
      entry.cardId === cardId
        ? updated
        : body.default && entry.default
          ? { ...entry, default: false, lastUpdated: stamp() }
          : entry,
    );
    return Response.json(updated);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the wallet atoms', () => {
  test('each write either restores exactly what was shown (failure) or ends on the server state (success)', async () => {
    const action = fc.record({
      kind: fc.constantFrom('default', 'rename', 'delete'),
      pick: fc.nat(),
      fails: fc.boolean(),
      name: fc.constantFrom('Groceries', 'Travel', ''),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const server = { cards: [card(1, true), card(2), card(3), card(4)] };
        let failNext = false;
        fakeEdge(server, () => failNext);
        const store = createStore();
        store.set(seedWalletAtom, { wallet: { cards: server.cards, walletV2: [] }, giftCards: [] });
        for (const step of actions) {
          const shown = store.get(sortedCardsAtom);
          const target = shown[step.pick % Math.max(shown.length, 1)];
          if (!target) break;
          failNext = step.fails;
          const done =
            step.kind === 'default'
              ? store.set(setDefaultAtom, target)
              : step.kind === 'rename'
                ? store.set(renameCardAtom, target, step.name)
                : store.set(deleteCardAtom, target);
          expect(await done).toBe(!step.fails);
          if (step.fails) {
            expect(store.get(sortedCardsAtom)).toEqual(shown);
            expect(store.get(noticeAtom)).toEqual({
              tone: 'error',
              text: "We're sorry, we're currently experiencing technical difficulties. Please try again.",
            });
          } else {
            expect(store.get(sortedCardsAtom)).toEqual(sortCards(server.cards));
          }
          expect(store.get(sortedCardsAtom).filter((entry) => entry.default).length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
