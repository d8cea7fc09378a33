import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  activeEntry,
  MODALITY_PATHS,
  storeCookieValue,
  ModalityPreferencesResponseSchema,
  type ModalityPreferences,
} from '../src/lib/location/modality.ts';
import { STORE_COOKIE, parseStoreCookie } from './middleware/edge-context/index.ts';
import { STORE_COOKIE_MAX_AGE } from './routes/stores.ts';
import { appendSetCookie } from './response.ts';
import type { EdgeEnv } from './types.ts';

// Signed-in shoppers keep their store and way to shop in the upstream (issue 9 §1; account §3, §4;
// docs/decisions/290). Sign-in sets a short flag; the first personal page after it (the post-login
// redirector) brings the saved choice into the hm_store cookie, or, when the shopper has saved
// nothing yet, saves the choice they made while signed out. The save is cancelled when the
// preferences could not be read (account §4: no save without preferences).

const STORE_SYNC_COOKIE = 'hm_store_sync';
const SYNC_SECONDS = 10 * 60;

/** The flag sign-in sets (Set-Cookie value). */
export const STORE_SYNC_SET = `${STORE_SYNC_COOKIE}=1; Max-Age=${SYNC_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`;
const STORE_SYNC_CLEARED = `${STORE_SYNC_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`;

async function readPreferences(c: Context<EdgeEnv>): Promise<ModalityPreferences | null> {
  try {
    return (await c.get('upstream').json({ path: MODALITY_PATHS.PREFERENCES }, ModalityPreferencesResponseSchema)).data
      .data.modalityPreferences;
  } catch {
    return null;
  }
}

export function syncModalityAfterSignIn(
  applies: (path: string) => boolean,
  reattachUpstream: (c: Context<EdgeEnv>) => void,
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !c.get('session') || getCookie(c, STORE_SYNC_COOKIE) !== '1' || !applies(c.req.path))
      return next();
    const preferences = await readPreferences(c);
    const banner = c.get('banner');
    let cookie: {
      locationId: string;
      modality: ModalityPreferences['activeModality'];
      postalCode: string | null;
    } | null = null;
    if (preferences?.saved) {
      const entry = activeEntry(preferences);
      const storeId = entry?.sources[0]?.storeId;
      if (entry && storeId && banner.divisions.includes(storeId.slice(0, 3)))
        cookie = { locationId: storeId, modality: entry.type, postalCode: entry.destination.postalCode };
    } else if (preferences) {
      // nothing saved yet: the choice made while signed out becomes the saved one
      const chosen = parseStoreCookie(getCookie(c, STORE_COOKIE));
      if (
        chosen &&
        banner.divisions.includes(chosen.locationId.slice(0, 3)) &&
        (chosen.modality !== 'DELIVERY' || chosen.postalCode)
      ) {
        try {
          await c.get('upstream').json(
            {
              method: 'PUT',
              path: MODALITY_PATHS.PREFERENCES,
              body: {
                modalityType: chosen.modality,
                locationId: chosen.locationId,
                ...(chosen.postalCode ? { postalCode: chosen.postalCode } : {}),
                makeActive: true,
              },
            },
            ModalityPreferencesResponseSchema,
          );
        } catch {
          // kept in the cookie; a later choice saves it
        }
      }
    }
    if (cookie) {
      c.set('locationId', cookie.locationId);
      c.set('modality', cookie.modality);
      c.set('deliveryPostalCode', cookie.modality === 'DELIVERY' ? cookie.postalCode : null);
      reattachUpstream(c);
    }
    await next();
    if (cookie)
      appendSetCookie(
        c,
        `${STORE_COOKIE}=${storeCookieValue(cookie.locationId, cookie.modality, cookie.postalCode)}; Max-Age=${STORE_COOKIE_MAX_AGE}; Path=/; HttpOnly; Secure; SameSite=Lax`,
      );
    if (preferences) appendSetCookie(c, STORE_SYNC_CLEARED);
  };
}
