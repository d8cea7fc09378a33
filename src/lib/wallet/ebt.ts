// SNAP/EBT in the browser and the upstream (shopping §7: an encrypted pin and a paymentgram): the
// pin is encrypted with the upstream's RSA-OAEP SHA-256 public key before it leaves the browser,
// and the paymentgram ties the request to a card and a moment. docs/decisions/330-wallet.md

export interface Paymentgram {
  cardLastFour: string;
  timestamp: number;
  nonce: string;
}

/** How long a paymentgram is good for. */
export const PAYMENTGRAM_MAX_AGE_MS = 5 * 60 * 1000;

/** Bytes to base64. */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** Base64 to bytes, or null. */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The paymentgram the browser sends: base64 of `{ cardLastFour, timestamp, nonce }`. */
export function buildPaymentgram(cardNumber: string, now = Date.now(), nonce: string = crypto.randomUUID()): string {
  const gram: Paymentgram = { cardLastFour: cardNumber.slice(-4), timestamp: now, nonce };
  return toBase64(new TextEncoder().encode(JSON.stringify(gram)));
}

/** The paymentgram read back, or null when it is not one; `fresh` when it names this card and is recent. */
export function readPaymentgram(
  value: string,
  cardNumber: string,
  now = Date.now(),
): { gram: Paymentgram; fresh: boolean } | null {
  const bytes = fromBase64(value);
  if (!bytes) return null;
  try {
    const gram = JSON.parse(new TextDecoder().decode(bytes)) as Paymentgram;
    if (
      typeof gram !== 'object' ||
      gram === null ||
      typeof gram.cardLastFour !== 'string' ||
      typeof gram.timestamp !== 'number' ||
      typeof gram.nonce !== 'string'
    )
      return null;
    const fresh =
      gram.cardLastFour === cardNumber.slice(-4) &&
      Math.abs(now - gram.timestamp) <= PAYMENTGRAM_MAX_AGE_MS &&
      /^[A-Za-z0-9-]{8,64}$/.test(gram.nonce);
    return { gram, fresh };
  } catch {
    return null;
  }
}

/** Encrypts a pin with the upstream's public JWK (RSA-OAEP, SHA-256); base64 of the ciphertext. */
export async function encryptPin(publicKey: JsonWebKey, pin: string): Promise<string> {
  const { kty, n, e } = publicKey;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty, n, e, alg: 'RSA-OAEP-256', ext: true },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(pin));
  return toBase64(new Uint8Array(cipher));
}
