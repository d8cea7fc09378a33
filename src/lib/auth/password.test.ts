import { describe, expect, test } from 'vitest';
import { DUMMY_PASSWORD_HASH, PBKDF2_ITERATIONS, constantTimeEqual, hashPassword, verifyPassword } from './password.ts';

// docs/decisions/020-sessions.md Passwords (the same WebCrypto code runs in workerd; see
// tests/integration/auth-seed.test.ts).

describe('hashPassword', () => {
  test('stores pbkdf2-sha256$<iter>$<salt>$<hash> with 100,000 iterations and a 16-byte salt', async () => {
    const [scheme, iterations, salt, hash] = (await hashPassword('FreshPicked!2026')).split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a random salt makes two hashes of one password differ', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('verifyPassword', () => {
  test('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  test('a malformed or over-limit hash never matches', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'pbkdf2-sha256$999999$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  test('the dummy hash for unknown emails is well formed and costs the full iterations', async () => {
    expect(DUMMY_PASSWORD_HASH.split('$')[1]).toBe(String(PBKDF2_ITERATIONS));
    expect(await verifyPassword('FreshPicked!2026', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  test('compares whole byte strings', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});
