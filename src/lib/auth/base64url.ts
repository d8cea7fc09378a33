// base64url without padding (RFC 4648 §5), strict: a string that is not the canonical encoding of
// its bytes is refused, so two different cookie strings can never carry the same signature.

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Encodes bytes as unpadded base64url. `encodeBase64Url(new Uint8Array([255])) === '_w'` */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes canonical unpadded base64url; null for anything else. `decodeBase64Url('_w') -> [255]` */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  // Non-canonical trailing bits decode to the same bytes as the canonical string: refuse them.
  return encodeBase64Url(bytes) === text ? bytes : null;
}

/** Encodes a UTF-8 string as base64url. */
export function encodeBase64UrlText(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text));
}

/** Decodes base64url to a UTF-8 string; null when not canonical base64url or not valid UTF-8. */
export function decodeBase64UrlText(text: string): string | null {
  const bytes = decodeBase64Url(text);
  if (!bytes) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
