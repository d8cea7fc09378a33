// The upstream trusts only the edge: a call must carry the shared secret (x-hm-edge-secret).
// Compared in constant time: both sides are hashed to 32 bytes first, so neither the content
// nor the length of the secret shows in the time a refusal takes.

/** Shorter secrets are refused as not configured (upstream/worker.ts): a guessable secret is no secret. */
export const MIN_SECRET_LENGTH = 32;

const encoder = new TextEncoder();

async function sha256(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

type TimingSafeSubtle = SubtleCrypto & { timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean };

/** True when `presented` equals `secret`, in time independent of where they differ. */
export async function secretMatches(presented: string | undefined | null, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(presented ?? ''), sha256(secret)]);
  const subtle = crypto.subtle as TimingSafeSubtle;
  // workerd's own constant-time compare; elsewhere (Node tests) the same by XOR over all bytes
  if (typeof subtle.timingSafeEqual === 'function') return subtle.timingSafeEqual(a, b) && presented != null;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0 && presented != null;
}
