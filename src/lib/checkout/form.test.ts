import { describe, expect, test } from 'vitest';
import { decodeNotice, encodeNotice, formChange } from './form.ts';
import { tipChoiceLabel } from './rules.ts';

describe('formChange', () => {
  test('reads a contact with punctuation in the phone as its 10 digits', () => {
    expect(
      formChange('contact', { firstName: ' Robin ', lastName: 'Okafor', phone: '(541) 555-0199', email: '' }),
    ).toEqual({ change: { contact: { firstName: 'Robin', lastName: 'Okafor', phone: '5415550199' } } });
  });

  test('says what to fix in a phone without 10 digits', () => {
    expect(formChange('contact', { firstName: 'Robin', lastName: 'Okafor', phone: '555-01' })).toEqual({
      error: 'Phone must be a 10-digit phone number.',
    });
  });

  test('takes the address only when the form has one, its state in capitals', () => {
    const asked = formChange('contact', {
      firstName: 'Robin',
      lastName: 'Okafor',
      phone: '5415550199',
      addressLine1: '12 Elm St',
      addressLine2: '',
      city: 'Fresno',
      state: 'ca',
      zipCode: '93710',
    });
    expect(asked).toEqual({
      change: {
        contact: {
          firstName: 'Robin',
          lastName: 'Okafor',
          phone: '5415550199',
          address: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' },
        },
      },
    });
  });

  test('a typed tip wins over the chosen one; a tip that is not money is refused', () => {
    expect(formChange('tip', { tip: '150', customTip: '$4.50' })).toEqual({ change: { gratuityCents: 450 } });
    expect(formChange('tip', { tip: '150', customTip: '' })).toEqual({ change: { gratuityCents: 150 } });
    expect(formChange('tip', { customTip: 'lots' })).toEqual({ error: 'Enter a tip in dollars and cents.' });
  });

  test('EBT in dollars, a slot id checked', () => {
    expect(formChange('ebt', { ebt: '12.5' })).toEqual({ change: { ebtRequestedCents: 1250 } });
    expect(formChange('time', { slotId: 'nope' })).toEqual({ error: 'Time must be a time slot id.' });
  });
});

describe('the notice cookie', () => {
  test('round-trips a section and its message; anything else reads as no notice', () => {
    const value = encodeNotice({ section: 'contact', error: 'Phone must be a 10-digit phone number.' });
    expect(decodeNotice(value)).toEqual({ section: 'contact', error: 'Phone must be a 10-digit phone number.' });
    expect(decodeNotice(encodeURIComponent('{"section":"admin"}'))).toBeNull();
    expect(decodeNotice('%E0%A4%A')).toBeNull();
    expect(decodeNotice(undefined)).toBeNull();
  });
});

describe('tipChoiceLabel', () => {
  test('names the share of a suggestion, and only the amount of a clamped one', () => {
    expect(tipChoiceLabel(162, 1620)).toBe('10% · $1.62');
    expect(tipChoiceLabel(100, 1300)).toBe('$1.00');
  });
});
