import { decodeBase64Url, encodeBase64Url } from '../src/lib/auth/base64url.ts';
import type { ProductSearchResponseOutput } from '../src/lib/catalog/search.ts';
import { adEvent, adSigningText, type AdEventOutput } from '../src/lib/promotions/ad-tracking.ts';
import { getSessionKeyring } from './middleware/session/index.ts';

// Signed placements (issue 20 §5; docs/decisions/501): the edge signs every sponsored placement it
// serves — on a search page (through the page context) and in the search API's answer — with the
// session keys, `<kid>.<HMAC-SHA256 over adSigningText(event)>`, and the tracking routes record
// only an event whose signature verifies. The purpose prefix of adSigningText keeps these
// signatures apart from the session cookie's (its signed part is base64url, which has no ':').

const encoder = new TextEncoder();

/** The signature of a placement under the current session key, or null when the edge has no keys. */
export async function signAdPlacement(env: Env, event: AdEventOutput): Promise<string | null> {
  const keyring = await getSessionKeyring(env);
  if (!keyring) return null;
  const mac = await crypto.subtle.sign('HMAC', keyring.current.key, encoder.encode(adSigningText(event)));
  return `${keyring.current.kid}.${encodeBase64Url(new Uint8Array(mac))}`;
}

/** True when `signature` is the edge's over this very event, under any configured session key. */
export async function verifyAdPlacement(env: Env, event: AdEventOutput, signature: string): Promise<boolean> {
  const [kid, mac, extra] = signature.split('.');
  const key = kid ? (await getSessionKeyring(env))?.byKid.get(kid) : undefined;
  const raw = mac ? decodeBase64Url(mac) : null;
  if (!key || !raw || extra !== undefined) return false;
  return crypto.subtle.verify('HMAC', key.key, raw, encoder.encode(adSigningText(event)));
}

/** The search answer with each of its ads signed (the API's answer to islands and other clients). */
export async function withSignedAds(
  env: Env,
  answer: ProductSearchResponseOutput,
): Promise<ProductSearchResponseOutput> {
  if (answer.meta.ads.length === 0) return answer;
  const ads = await Promise.all(
    answer.meta.ads.map(async (ad) => ({
      ...ad,
      signature: (await signAdPlacement(env, adEvent(ad, answer.meta.id))) ?? undefined,
    })),
  );
  return { ...answer, meta: { ...answer.meta, ads } };
}
