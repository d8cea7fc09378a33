import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamBindings } from '../context.ts';
import { MIN_SECRET_LENGTH } from '../edge-secret.ts';
import { fromBase64 } from '../../src/lib/wallet/ebt.ts';
import { REFERENCE_EBT_PRIVATE_JWK } from './wallet-ebt-key.ts';

// The wallet's secrets (issue 20 §1; docs/decisions/460-wallet-secrets.md). Gift and EBT card
// numbers and PINs are kept as HMAC-SHA-256 under the server secret WALLET_HASH_KEY, so the
// database alone gives back no number and no PIN (a plain SHA-256 of a 4-digit PIN falls to 10,000
// guesses); the seed (upstream/seed/wallet.ts) hashes with the same key. The EBT private key is the
// secret EBT_PRIVATE_KEY_JWK; the committed reference key serves ENVIRONMENT=development only.

const encoder = new TextEncoder();
/** Bytes as lowercase hex. */
export const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const keys = new Map<string, Promise<CryptoKey>>();

/** True when `secret` is long enough to be WALLET_HASH_KEY (32 characters or more). */
export const usableHashKey = (secret: string | undefined): secret is string =>
  (secret ?? '').length >= MIN_SECRET_LENGTH;

/** The HMAC key of the WALLET_HASH_KEY setting (imported once per isolate). */
export function walletHashKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

const mac = async (key: CryptoKey, text: string) => toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));

/** The lookup hash of a gift or EBT card number (the number itself is never stored). */
export const numberHash = (key: CryptoKey, kind: 'gift' | 'ebt', digits: string) =>
  mac(key, `wallet-number:v2:${kind}:${digits}`);

/** The PIN hash, bound to the card's reference. */
export const pinHash = (key: CryptoKey, reference: string, pin: string) =>
  mac(key, `wallet-pin:v2:${reference}:${pin}`);

/** What an unknown card is checked against: no HMAC output is 32 zero bytes in practice. */
export const NO_PIN_HASH = '0'.repeat(64);

/**
 * True when `pin` is the card's; the same work whether the card exists or not (pass NO_PIN_HASH
 * for an unknown card), compared in constant time by WebCrypto's verify.
 */
export async function pinMatches(key: CryptoKey, reference: string, pin: string, storedHex: string): Promise<boolean> {
  const stored = Uint8Array.from(storedHex.match(/[0-9a-f]{2}/g) ?? [], (pair) => parseInt(pair, 16));
  return crypto.subtle.verify('HMAC', key, stored, encoder.encode(`wallet-pin:v2:${reference}:${pin}`));
}

/** A wallet that lacks a secret refuses the calls that need it (503 in the spec's shape), and says so in the log. */
function notConfigured(missing: string): HttpError {
  console.error(
    JSON.stringify({ level: 'error', service: 'upstream', message: 'the wallet is not configured', missing }),
  );
  return new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'The wallet is not configured', 503, [missing]);
}

/** The hash key of this deployment, or a 503 without one (there is no default key, not even in development). */
export function hashKeyOf(env: UpstreamBindings): Promise<CryptoKey> {
  if (!usableHashKey(env.WALLET_HASH_KEY))
    return Promise.reject(notConfigured('WALLET_HASH_KEY is missing or shorter than 32 characters'));
  return walletHashKey(env.WALLET_HASH_KEY);
}

export interface EbtKeys {
  privateKey: CryptoKey;
  publicJwk: { kid: string; kty: 'RSA'; alg: 'RSA-OAEP-256'; use: 'enc'; n: string; e: string };
}
const ebtKeyPairs = new Map<string, Promise<EbtKeys>>();

async function importEbtKeys(setting: string): Promise<EbtKeys> {
  const jwk = JSON.parse(setting) as JsonWebKey & { n: string; e: string };
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { ...jwk, alg: 'RSA-OAEP-256' },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['decrypt'],
  );
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(jwk.n)));
  const kid = `ebt-${toHex(digest.slice(0, 8).buffer)}`;
  return { privateKey, publicJwk: { kid, kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', n: jwk.n, e: jwk.e } };
}

/** The EBT key pair of this deployment (parsed once per isolate), or a 503 without one outside development. */
export function ebtKeysOf(env: UpstreamBindings): Promise<EbtKeys> {
  const setting = env.EBT_PRIVATE_KEY_JWK || (env.ENVIRONMENT === 'development' ? REFERENCE_EBT_PRIVATE_JWK : '');
  if (!setting)
    return Promise.reject(
      notConfigured('EBT_PRIVATE_KEY_JWK is missing (the reference key serves ENVIRONMENT=development only)'),
    );
  let found = ebtKeyPairs.get(setting);
  if (!found) {
    found = importEbtKeys(setting).catch(() => {
      ebtKeyPairs.delete(setting);
      throw notConfigured('EBT_PRIVATE_KEY_JWK is not an RSA private key in JWK form');
    });
    ebtKeyPairs.set(setting, found);
  }
  return found;
}

/** The PIN in an encrypted-pin field (RSA-OAEP, SHA-256), or null when it does not decrypt to 4-8 digits. */
export async function decryptPin(keys: EbtKeys, encryptedPin: string): Promise<string | null> {
  const cipher = fromBase64(encryptedPin);
  if (!cipher) return null;
  try {
    const pin = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, cipher));
    return /^\d{4,8}$/.test(pin) ? pin : null;
  } catch {
    return null;
  }
}
