import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { STEP_UP_MINUTES } from '../src/lib/auth/route-guard.ts';
import { getSessionKeyring } from './middleware/session/index.ts';
import type { EdgeEnv } from './types.ts';

// The step-up of the pharmacy pages (issue 12 part 6; docs/decisions/380): once
// GET /rx-security/stepup-auth has verified a STEP_UP token for the signed-in shopper, the edge
// keeps the fact in a short-lived HttpOnly cookie, signed with the session keys and bound to the
// session id: `<kid>.<until>.<signature>` over `<sid>.<until>`. Another session, a signed-out
// shopper or a tampered or expired cookie has no step-up.

const STEP_UP_COOKIE = 'hm_stepup';

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

async function signature(key: CryptoKey, sid: string, until: number): Promise<string> {
  return b64url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`step-up:${sid}.${until}`)));
}

/** Sets the step-up cookie for the current session, valid STEP_UP_MINUTES. */
export async function grantStepUp(c: Context<EdgeEnv>, now = Date.now()): Promise<number | null> {
  const session = c.get('session');
  const keyring = await getSessionKeyring(c.env);
  if (!session || !keyring) return null;
  const until = now + STEP_UP_MINUTES * 60_000;
  const value = `${keyring.current.kid}.${until}.${await signature(keyring.current.key, session.sid, until)}`;
  setCookie(c, STEP_UP_COOKIE, value, {
    path: '/',
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Lax',
    maxAge: STEP_UP_MINUTES * 60,
  });
  return until;
}

/** Until when the current session is stepped up, or null. */
export async function stepUpUntil(c: Context<EdgeEnv>, now = Date.now()): Promise<number | null> {
  const session = c.get('session');
  const raw = getCookie(c, STEP_UP_COOKIE);
  if (!session || !raw) return null;
  const [kid, untilText, given] = raw.split('.');
  const until = Number(untilText);
  if (!kid || !given || !Number.isSafeInteger(until) || until <= now) return null;
  const keyring = await getSessionKeyring(c.env);
  const key = keyring?.byKid.get(kid);
  if (!key) return null;
  // verify, not compare: the check takes the same time whatever the cookie says
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = Uint8Array.from(atob(given.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify(
    'HMAC',
    key.key,
    mac,
    new TextEncoder().encode(`step-up:${session.sid}.${until}`),
  );
  return ok ? until : null;
}
