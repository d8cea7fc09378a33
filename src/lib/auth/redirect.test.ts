import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  postLoginUrl,
  redirectorTarget,
  resolveReturnTarget,
  sanitizeRedirectUrl,
  shouldTriggerSignIn,
  signInUrl,
} from './redirect.ts';

describe('sanitizeRedirectUrl', () => {
  test('keeps same-origin relative paths with query and hash', () => {
    expect(sanitizeRedirectUrl('/cart')).toBe('/cart');
    expect(sanitizeRedirectUrl('/search?query=milk&page=2#top')).toBe('/search?query=milk&page=2#top');
  });

  test.each([
    ['//evil.com'],
    ['//evil.com/path'],
    ['https://evil.com'],
    ['http://evil.com/cart'],
    ['javascript:alert(1)'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/cart\u0000'],
    ['cart'],
    [''],
    [`/${'a'.repeat(3000)}`],
  ])('rejects %j to /', (raw) => {
    expect(sanitizeRedirectUrl(raw)).toBe('/');
  });

  test('reads missing values as /', () => {
    expect(sanitizeRedirectUrl(null)).toBe('/');
    expect(sanitizeRedirectUrl(undefined)).toBe('/');
  });

  test('never yields anything but a single-slash relative path (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const out = sanitizeRedirectUrl(raw);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(out.includes('\\')).toBe(false);
        expect(new URL(out, 'https://shop.test').origin).toBe('https://shop.test');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('postLoginUrl', () => {
  test('goes to /redirect/v2 with the original URL', () => {
    expect(postLoginUrl('/cart?x=1')).toBe('/redirect/v2?redirectUrl=%2Fcart%3Fx%3D1');
  });
  test('goes to / when there was none', () => {
    expect(postLoginUrl(null)).toBe('/');
    expect(postLoginUrl('')).toBe('/');
  });
  test('treats /account/delivery as the target as a return to /', () => {
    expect(postLoginUrl('/account/delivery')).toBe('/');
    expect(postLoginUrl('/account/delivery/?redirectUrl=%2Fcart')).toBe('/');
  });
  test('sends a foreign target to /', () => {
    expect(postLoginUrl('https://evil.com')).toBe('/');
  });
});

describe('redirectorTarget', () => {
  test('forwards to the sanitized redirectUrl', () => {
    expect(redirectorTarget('/weekly-ad')).toBe('/weekly-ad');
    expect(redirectorTarget('//evil.com')).toBe('/');
  });
  test('never loops back to sign-in or itself', () => {
    expect(redirectorTarget('/signin?redirectUrl=/cart')).toBe('/');
    expect(redirectorTarget('/redirect/v2?redirectUrl=/cart')).toBe('/');
    expect(resolveReturnTarget('/account/delivery')).toBe('/');
  });
});

describe('signInUrl', () => {
  test('carries the return address', () => {
    expect(signInUrl('/cart?x=1')).toBe('/signin?redirectUrl=%2Fcart%3Fx%3D1');
  });
  test('without a return address is plain /signin', () => {
    expect(signInUrl()).toBe('/signin');
  });
  test('from the sign-in page keeps the return address it already carries', () => {
    expect(signInUrl('/signin?redirectUrl=%2Fcart')).toBe('/signin?redirectUrl=%2Fcart');
    expect(signInUrl('/signin')).toBe('/signin');
  });
  test('drops a foreign return address', () => {
    expect(signInUrl('https://evil.com')).toBe('/signin?redirectUrl=%2F');
  });
});

describe('shouldTriggerSignIn', () => {
  test('a 403 on account calls triggers sign-in', () => {
    expect(shouldTriggerSignIn(403, '/account/profile')).toBe(true);
    expect(shouldTriggerSignIn(401, '/cart')).toBe(true);
  });
  test('unless the user is already on /signin', () => {
    expect(shouldTriggerSignIn(403, '/signin')).toBe(false);
    expect(shouldTriggerSignIn(403, '/signin?redirectUrl=%2Fcart')).toBe(false);
  });
  test('other statuses do not', () => {
    expect(shouldTriggerSignIn(500, '/cart')).toBe(false);
  });
});
