import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { decodeBase64Url, decodeBase64UrlText, encodeBase64Url, encodeBase64UrlText } from './base64url.ts';

describe('base64url', () => {
  test('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
      }),
    );
  });
  test('round-trips text', () => {
    expect(decodeBase64UrlText(encodeBase64UrlText('Zoë ✓'))).toBe('Zoë ✓');
  });
  test('refuses padding, foreign alphabets and non-canonical trailing bits', () => {
    expect(decodeBase64Url('_w==')).toBe(null);
    expect(decodeBase64Url('/w')).toBe(null);
    expect(decodeBase64Url('_x')).toBe(null);
    expect(decodeBase64Url('a')).toBe(null);
  });
});
