import * as v from 'valibot';
import {
  decodeBase64Url,
  decodeBase64UrlText,
  encodeBase64Url,
  encodeBase64UrlText,
} from '../../../src/lib/auth/base64url.ts';
import type { SessionState } from '../../types.ts';

// The session cookie codec (docs/decisions/020-sessions.md):
//   hm_session = base64url(JSON payload) "." base64url(HMAC-SHA256(key[kid], <first part>))
// The key id travels inside the payload. SESSION_KEYS = "kid:base64urlkey,kid2:key2": the first
// key signs, every key verifies, so keys rotate without signing anyone out.

export const SESSION_COOKIE = 'hm_session';
const MAX_COOKIE_LENGTH = 4096;
const MIN_KEY_BYTES = 32;
const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const PAYLOAD_VERSION = 1;

const SessionPayloadSchema = v.strictObject({
  v: v.literal(PAYLOAD_VERSION),
  kid: v.pipe(v.string(), v.regex(KID_PATTERN)),
  sid: v.pipe(v.string(), v.minLength(16), v.maxLength(128)),
  customerGUID: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  firstName: v.pipe(v.string(), v.maxLength(100)),
  iat: v.pipe(v.number(), v.integer()),
  authExpiresAt: v.pipe(v.number(), v.integer()),
  expiresAt: v.pipe(v.number(), v.integer()),
  rememberMeId: v.nullable(v.pipe(v.string(), v.maxLength(128))),
});
export type SessionPayload = v.InferOutput<typeof SessionPayloadSchema>;
/** What a caller signs: the codec adds the version and the key id. */
export type SessionClaims = Omit<SessionPayload, 'v' | 'kid'>;

interface SessionKey {
  kid: string;
  key: CryptoKey;
}
export interface SessionKeyring {
  /** Signs new cookies. */
  current: SessionKey;
  /** Verifies: every configured key, the current one included. */
  byKid: ReadonlyMap<string, SessionKey>;
}

/**
 * Parses SESSION_KEYS ("kid:base64urlkey,kid2:key2", keys of at least 32 bytes). Anything
 * malformed yields null: the edge then fails closed (everyone anonymous, sign-in refused).
 */
export async function parseSessionKeys(setting: string | undefined): Promise<SessionKeyring | null> {
  if (!setting || !setting.trim()) return null;
  const byKid = new Map<string, SessionKey>();
  let current: SessionKey | null = null;
  for (const entry of setting.split(',')) {
    const [kid, encoded, extra] = entry.trim().split(':');
    if (!kid || !KID_PATTERN.test(kid) || !encoded || extra !== undefined || byKid.has(kid)) return null;
    const raw = decodeBase64Url(encoded);
    if (!raw || raw.length < MIN_KEY_BYTES) return null;
    const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    const sessionKey = { kid, key };
    current ??= sessionKey;
    byKid.set(kid, sessionKey);
  }
  return current ? { current, byKid } : null;
}

/** Signs claims under the current key. */
export async function signSessionCookie(claims: SessionClaims, keyring: SessionKeyring): Promise<string> {
  const payload: SessionPayload = { v: PAYLOAD_VERSION, kid: keyring.current.kid, ...claims };
  const body = encodeBase64UrlText(JSON.stringify(payload));
  const signature = await crypto.subtle.sign('HMAC', keyring.current.key, new TextEncoder().encode(body));
  return `${body}.${encodeBase64Url(new Uint8Array(signature))}`;
}

export interface VerifiedSession {
  payload: SessionPayload;
  /** Verified under an older key: re-issue under the current one. */
  needsReissue: boolean;
}

/**
 * Verifies a cookie value: canonical base64url parts, a known key id, a valid HMAC (checked in
 * constant time by WebCrypto), a well-formed payload and not past `expiresAt`. Null otherwise.
 */
export async function verifySessionCookie(
  value: string,
  keyring: SessionKeyring,
  now: number,
): Promise<VerifiedSession | null> {
  if (value.length > MAX_COOKIE_LENGTH) return null;
  const parts = value.split('.');
  if (parts.length !== 2) return null;
  const [body, sig] = parts as [string, string];
  const text = decodeBase64UrlText(body);
  const signature = decodeBase64Url(sig);
  if (text === null || !signature || signature.length !== 32) return null;
  let claimed: unknown;
  try {
    claimed = JSON.parse(text);
  } catch {
    return null;
  }
  const kid = typeof claimed === 'object' && claimed !== null ? (claimed as { kid?: unknown }).kid : undefined;
  const key = typeof kid === 'string' ? keyring.byKid.get(kid) : undefined;
  if (!key) return null;
  const valid = await crypto.subtle.verify('HMAC', key.key, signature, new TextEncoder().encode(body));
  if (!valid) return null;
  const parsed = v.safeParse(SessionPayloadSchema, claimed);
  if (!parsed.success || now >= parsed.output.expiresAt) return null;
  return { payload: parsed.output, needsReissue: key.kid !== keyring.current.kid };
}

/**
 * The session a verified payload grants now: ROLE_USER until authExpiresAt, then
 * ROLE_PERSISTENT_USER while remembered (spec: account §6), else none.
 */
export function sessionStateFrom(verified: VerifiedSession, now: number): SessionState | null {
  const p = verified.payload;
  if (now >= p.expiresAt) return null;
  const fullySignedIn = now < p.authExpiresAt;
  if (!fullySignedIn && !p.rememberMeId) return null;
  return {
    sid: p.sid,
    customerGUID: p.customerGUID,
    firstName: p.firstName,
    authorities: [fullySignedIn ? 'ROLE_USER' : 'ROLE_PERSISTENT_USER'],
    rememberMeId: p.rememberMeId,
    issuedAt: p.iat,
    authExpiresAt: p.authExpiresAt,
    expiresAt: p.expiresAt,
    needsReissue: verified.needsReissue,
  };
}

/** Claims back from a session state (to re-issue it under the current key). */
export function claimsFromState(state: SessionState): SessionClaims {
  return {
    sid: state.sid,
    customerGUID: state.customerGUID,
    firstName: state.firstName,
    iat: state.issuedAt,
    authExpiresAt: state.authExpiresAt,
    expiresAt: state.expiresAt,
    rememberMeId: state.rememberMeId,
  };
}

const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

/**
 * The Set-Cookie value. A remembered session persists until it expires; otherwise it is a
 * browser-session cookie (the payload's expiresAt still bounds it).
 */
export function sessionSetCookie(
  value: string,
  claims: Pick<SessionClaims, 'expiresAt' | 'rememberMeId'>,
  now: number,
): string {
  const maxAge = claims.rememberMeId ? `; Max-Age=${Math.max(0, Math.floor((claims.expiresAt - now) / 1000))}` : '';
  return `${SESSION_COOKIE}=${value}${maxAge}; ${COOKIE_ATTRIBUTES}`;
}

/** The device cookie: a random id the upstream trusts after a correct password (docs/decisions/090). */
export const DEVICE_COOKIE = 'hm_device';

/** The Set-Cookie value of the device cookie, for `ttlMs` from now. */
export function deviceSetCookie(deviceId: string, ttlMs: number): string {
  return `${DEVICE_COOKIE}=${deviceId}; Max-Age=${Math.floor(ttlMs / 1000)}; ${COOKIE_ATTRIBUTES}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${COOKIE_ATTRIBUTES}`;
}
