import { describe, expect, test } from 'vitest';
import { gs1CheckDigit, gtin13FromUpcA, isValidGtin13, upcAFromBody } from './gtin.ts';

describe('gs1CheckDigit', () => {
  test('computes the GS1 mod-10 check digit of a GTIN-13 body', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
  test('computes the check digit of a UPC-A body', () => {
    expect(upcAFromBody('03600029145')).toBe('036000291452');
  });
});

describe('isValidGtin13', () => {
  test('accepts a correct GTIN-13 and the GTIN-13 of a UPC-A', () => {
    expect(isValidGtin13('4006381333931')).toBe(true);
    expect(isValidGtin13(gtin13FromUpcA('036000291452'))).toBe(true);
  });
  test('rejects a wrong check digit, wrong length and non-digits', () => {
    expect(isValidGtin13('4006381333932')).toBe(false);
    expect(isValidGtin13('400638133393')).toBe(false);
    expect(isValidGtin13('40063813339a1')).toBe(false);
  });
});
