import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { describeIssues } from '../http/errors.ts';
import { AddCardSchema, EbtBalanceRequestSchema, GiftCardRequestSchema } from './contracts.ts';
import { buildPaymentgram, readPaymentgram } from './ebt.ts';

const address = { addressLine1: '12 Elm St', city: 'Fresno', state: 'ca', zipCode: '93710' };

describe('wallet contracts', () => {
  test('a card add keeps the 2-digit year and month and reads the number without spaces', () => {
    const parsed = v.parse(AddCardSchema, {
      cardNumber: '4242 4242 4242 4242',
      expirationMonth: '3',
      expirationYear: '2031',
      cvv: '123',
      cardHolderFirstName: 'Dana',
      cardHolderLastName: 'Rivera',
      billingAddress: address,
    });
    expect(parsed).toMatchObject({
      cardNumber: '4242424242424242',
      expirationMonth: '03',
      expirationYear: '31',
      billingAddress: { state: 'CA' },
    });
  });

  test('a refused card number, CVV or pin is never quoted back in the reasons', () => {
    const secrets = ['4242424242424241', '12a', '98765432109876543210x', '12'];
    const issues = [
      ...(v.safeParse(AddCardSchema, {
        cardNumber: secrets[0],
        expirationMonth: '13',
        expirationYear: '1999',
        cvv: secrets[1],
        cardHolderFirstName: '',
        cardHolderLastName: 'R',
        billingAddress: address,
      }).issues ?? []),
      ...(v.safeParse(GiftCardRequestSchema, { cardNumber: secrets[2], pin: secrets[3] }).issues ?? []),
      ...(v.safeParse(EbtBalanceRequestSchema, { cardNumber: 1234, encryptedPin: secrets[2], paymentgram: 5 }).issues ??
        []),
    ];
    const reasons = describeIssues(issues).join('\n');
    expect(reasons).toContain('cardNumber: enter a valid card number');
    for (const secret of secrets) expect(reasons).not.toContain(secret);
    expect(reasons).not.toMatch(/received/);
  });

  test('a paymentgram names its card and goes stale', () => {
    const now = Date.UTC(2026, 10, 23);
    const gram = buildPaymentgram('5077190000001234', now, 'nonce-0001');
    expect(readPaymentgram(gram, '5077190000001234', now + 1000)?.fresh).toBe(true);
    expect(readPaymentgram(gram, '5077190000009999', now)?.fresh).toBe(false);
    expect(readPaymentgram(gram, '5077190000001234', now + 10 * 60 * 1000)?.fresh).toBe(false);
    expect(readPaymentgram('not base64!', '5077190000001234', now)).toBeNull();
  });
});
