import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

// Password hashing of the reference upstream (docs/decisions/020-sessions.md): PBKDF2-SHA256
// over WebCrypto (globalThis.crypto.subtle), so the same code runs in workerd and in Node 24 for
// the seed generator. Stored as "pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>".

/** Workers' WebCrypto caps PBKDF2 at 100,000 iterations. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const HASH_SCHEME = 'pbkdf2-sha256';

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Hashes a password as "pbkdf2-sha256$<iter>$<salt b64url>$<hash b64url>" with a random 16-byte salt. */
export async function hashPassword(password: string, iterations: number = PBKDF2_ITERATIONS): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${HASH_SCHEME}$${iterations}$${encodeBase64Url(salt)}$${encodeBase64Url(hash)}`;
}

/** Compares two byte strings in time that depends only on their length. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Checks a password against a stored hash; a malformed hash never matches (but is still timed). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterText);
  const salt = decodeBase64Url(saltText ?? '');
  const expected = decodeBase64Url(hashText ?? '');
  const wellFormed =
    scheme === HASH_SCHEME &&
    Number.isInteger(iterations) &&
    iterations > 0 &&
    iterations <= PBKDF2_ITERATIONS &&
    salt &&
    expected;
  const actual = await derive(
    password,
    salt ?? new Uint8Array(SALT_BYTES),
    wellFormed ? iterations : PBKDF2_ITERATIONS,
  );
  return Boolean(wellFormed) && constantTimeEqual(actual, expected ?? new Uint8Array(0));
}

/**
 * A well-formed hash nobody's password matches: unknown emails are verified against it, so the
 * answer takes as long as for a real account and timing does not reveal which accounts exist.
 */
export const DUMMY_PASSWORD_HASH =
  'pbkdf2-sha256$100000$Sczn0MsCkJdWXH-NSPj16w$oFep8HVxbKeAFfvh6olXgMZ6mogWqXz44d-7J2PzKvA';
