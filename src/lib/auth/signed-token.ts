import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

// Signed account tokens (docs/decisions/220): "<id>.<expires base36>.<signature>", the signature
// an HMAC-SHA256 over the purpose, the id and the expiry, so a token of one purpose never passes
// for another, and no character of it can change unnoticed. The id (16 random bytes) names the
// issuer's row, which makes a token single-use; the expiry is checked before any database read.

export type TokenPurpose = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN' | 'STEP_UP' | 'PREFERENCES';

/** How long each token lives. */
const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  CONFIRM_EMAIL: 24 * 60 * 60 * 1000,
  RESET_PASSWORD: 30 * 60 * 1000,
  SIGN_IN: 2 * 60 * 1000,
  STEP_UP: 5 * 60 * 1000,
  // an email's manage-preferences link (docs/decisions/350): reusable until it expires
  PREFERENCES: 30 * 24 * 60 * 60 * 1000,
};

/** A token's shape; anything else is refused before its signature is computed. */
export const SIGNED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[0-9a-z]{1,11}\.[A-Za-z0-9_-]{43}$/;
export const MAX_TOKEN_LENGTH = 96;

async function hmacKey(secret: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function message(purpose: TokenPurpose, id: string, expiresAt: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${purpose}|${id}|${expiresAt}`);
}

/** Makes a token; answers it with its id and expiry (the id is what the issuer stores). */
export async function signToken(
  secret: Uint8Array<ArrayBuffer>,
  purpose: TokenPurpose,
  now: number,
): Promise<{ token: string; id: string; expiresAt: number }> {
  const id = encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  const expiresAt = now + TOKEN_TTL_MS[purpose];
  const signature = new Uint8Array(
    await globalThis.crypto.subtle.sign('HMAC', await hmacKey(secret), message(purpose, id, expiresAt)),
  );
  return { token: `${id}.${expiresAt.toString(36)}.${encodeBase64Url(signature)}`, id, expiresAt };
}

export type TokenCheck = { ok: true; id: string; expiresAt: number } | { ok: false; why: 'INVALID' | 'EXPIRED' };

/** Checks a token's shape, signature (constant time, WebCrypto verify) and expiry. */
export async function verifyToken(
  secret: Uint8Array<ArrayBuffer>,
  purpose: TokenPurpose,
  token: string,
  now: number,
): Promise<TokenCheck> {
  if (token.length > MAX_TOKEN_LENGTH || !SIGNED_TOKEN_PATTERN.test(token)) return { ok: false, why: 'INVALID' };
  const [id = '', expText = '', signatureText = ''] = token.split('.');
  const expiresAt = parseInt(expText, 36);
  const signature = decodeBase64Url(signatureText);
  if (!Number.isSafeInteger(expiresAt) || !signature) return { ok: false, why: 'INVALID' };
  const valid = await globalThis.crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    message(purpose, id, expiresAt),
  );
  if (!valid) return { ok: false, why: 'INVALID' };
  if (expiresAt <= now) return { ok: false, why: 'EXPIRED' };
  return { ok: true, id, expiresAt };
}
