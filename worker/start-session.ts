import type { Context } from 'hono';
import type { AuthStateOutput, IdentitySessionOutput } from '../src/lib/auth/contracts.ts';
import { DEVICE_COOKIE_TTL_MS } from '../src/lib/auth/policy.ts';
import { STORE_SYNC_SET } from './modality-sync.ts';
import { deviceSetCookie } from './middleware/session/cookie.ts';
import { getSessionKeyring, issueSessionCookie } from './middleware/session/index.ts';
import type { EdgeEnv } from './types.ts';

// The one way a session starts at the edge (sign-in, a new account, sign-in with a token):
// a fresh signed cookie for the session the identity service made (ARCHITECTURE Sessions: the
// upstream made a new sid), the device cookie when there is one, and the store sync flag.

/** Issues the session cookie of a session the identity service made; answers its auth state (null without session keys). */
export async function startSession(
  c: Context<EdgeEnv>,
  identity: IdentitySessionOutput,
  deviceId: string | null,
): Promise<AuthStateOutput | null> {
  const keyring = await getSessionKeyring(c.env);
  if (!keyring) return null;
  await issueSessionCookie(c, keyring, {
    sid: identity.sessionId,
    customerGUID: identity.customerGUID,
    firstName: identity.userInfo.firstName,
    iat: identity.createdAt,
    authExpiresAt: identity.authExpiresAt,
    expiresAt: identity.expiresAt,
    rememberMeId: identity.rememberMeId,
  });
  if (deviceId) c.header('set-cookie', deviceSetCookie(deviceId, DEVICE_COOKIE_TTL_MS), { append: true });
  // the saved store and way to shop come back, or the one chosen signed out is kept (worker/modality-sync.ts)
  c.header('set-cookie', STORE_SYNC_SET, { append: true });
  return { authorities: ['ROLE_USER'], authenticated: true, userInfo: { ...identity.userInfo } };
}
