import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  applyDefault,
  cardDetails,
  cardBrand,
  cardETag,
  centsToDollars,
  isExpired,
  keepNewlyAddedOn,
  luhnValid,
  maskNumber,
  sortCards,
  twoDigitYear,
  type CardLike,
} from './cards.ts';

const card = (cardId: string, extra: Partial<CardLike> = {}): CardLike => ({
  cardId,
  default: false,
  lastUpdated: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('sortCards', () => {
  test('puts the default first, then the latest update, then the card id (shopping §3)', () => {
    const cards = [
      card('b', { lastUpdated: '2026-03-01T00:00:00.000Z' }),
      card('a', { lastUpdated: '2026-03-01T00:00:00.000Z' }),
      card('z', { lastUpdated: '2026-01-01T00:00:00.000Z', default: true }),
      card('c', { lastUpdated: '2026-05-01T00:00:00.000Z' }),
    ];
    expect(sortCards(cards).map((entry) => entry.cardId)).toEqual(['z', 'c', 'a', 'b']);
  });

  test('is a stable total order: any shuffle sorts the same, and the input is not changed', () => {
    const arbitrary = fc.uniqueArray(
      fc.record({
        cardId: fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '2'), minLength: 1, maxLength: 4 }),
        default: fc.boolean(),
        lastUpdated: fc.integer({ min: 0, max: 5 }).map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString()),
      }),
      { selector: (entry) => entry.cardId },
    );
    fc.assert(
      fc.property(arbitrary, (cards) => {
        const copy = JSON.stringify(cards);
        const once = sortCards(cards);
        expect(sortCards([...cards].reverse())).toEqual(once);
        expect(JSON.stringify(cards)).toBe(copy);
      }),
    );
  });
});

describe('applyDefault', () => {
  test('a card made default clears default on all other cards (shopping §4)', () => {
    const cards = [card('a', { default: true }), card('b'), card('c')];
    const next = applyDefault(cards, 'c');
    expect(next.map((entry) => [entry.cardId, entry.default])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
    ]);
    expect(next[1]).toBe(cards[1]);
  });

  test('leaves exactly one default whatever the start', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.nat(), (defaults, pick) => {
        const cards = defaults.map((isDefault, index) => card(`c${index}`, { default: isDefault }));
        const chosen = `c${pick % cards.length}`;
        const next = applyDefault(cards, chosen);
        expect(next.filter((entry) => entry.default).map((entry) => entry.cardId)).toEqual([chosen]);
      }),
    );
  });
});

describe('keepNewlyAddedOn', () => {
  test('newlyAddedInfo is kept on only one card (shopping §4)', () => {
    const cards = [
      card('a', { newlyAddedInfo: { checkoutId: 'co-1' } }),
      card('b', { newlyAddedInfo: { checkoutId: 'co-2' } }),
      card('c'),
    ];
    const next = keepNewlyAddedOn(cards, 'b');
    expect(next.map((entry) => entry.newlyAddedInfo ?? null)).toEqual([null, { checkoutId: 'co-2' }, null]);
    expect('newlyAddedInfo' in (next[0] as object)).toBe(false);
  });
});

describe('card numbers', () => {
  test('luhnValid accepts the test numbers and refuses a changed digit', () => {
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
      '4111111111111111',
    ])
      expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  test('cardBrand reads the issuer identification number', () => {
    expect(cardBrand('4242424242424242')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('2223003122003222')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('6011111111111117')).toBe('DISCOVER');
    expect(cardBrand('3530111333300000')).toBeNull();
  });

  test('twoDigitYear keeps the last 2 digits (shopping §9)', () => {
    expect(twoDigitYear('2031')).toBe('31');
    expect(twoDigitYear('31')).toBe('31');
    expect(twoDigitYear(7)).toBe('07');
  });

  test('isExpired: a card is good until the end of its month', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(isExpired('11', '26', now)).toBe(false);
    expect(isExpired('10', '26', now)).toBe(true);
    expect(isExpired('01', '27', now)).toBe(false);
    expect(isExpired('12', '25', now)).toBe(true);
  });

  test('maskNumber shows the last four only', () => {
    expect(maskNumber('6006490000002500')).toBe('************2500');
  });
});

describe('money and tags', () => {
  test('centsToDollars: integer cents as dollars with 2 decimals', () => {
    expect(centsToDollars(2500)).toBe('25.00');
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(14327)).toBe('143.27');
    expect(centsToDollars(5)).toBe('0.05');
  });

  test("cardETag is the card's lastUpdated in ms, quoted", () => {
    expect(cardETag('1970-01-01T00:00:00.007Z')).toBe('"7"');
  });
});

describe('cardDetails', () => {
  test('names the card and its expiry; a card works through its expiry month (shopping §3 details)', () => {
    const card = { brand: 'AMEX', lastFour: '0005', expirationMonth: '11', expirationYear: '26' } as const;
    expect(cardDetails(card, new Date('2026-11-30T23:59:00Z'))).toEqual({
      description: 'American Express ending in 0005',
      expires: '11/26',
      expired: false,
    });
    expect(cardDetails(card, new Date('2026-12-01T00:00:00Z')).expired).toBe(true);
  });
});
