import * as v from 'valibot';
import { LOYALTY_PATHS, PromoCodeResponseSchema, type PromoCodeResult } from '../../lib/account/memberships.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { islandFetch } from '../shared/fetch.ts';

// The rewards island's one call to the edge (docs/decisions/370-loyalty.md): promo-code
// validation. A fetch that never reached the edge (offline, timed out) is status null.

export type PromoCodeCallResult =
  { ok: true; data: PromoCodeResult } | { ok: false; status: number | null; reason?: string };

/** POST /accountmanagement/api/promo-codes/validate with { code }. */
export async function validatePromoCode(code: string): Promise<PromoCodeCallResult> {
  let response: Response;
  try {
    response = await islandFetch(LOYALTY_PATHS.PROMO_CODES, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch {
    return { ok: false, status: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, body);
    return {
      ok: false,
      status: response.status,
      ...(parsed.success && parsed.output.errors[0] ? { reason: parsed.output.errors[0].reason } : {}),
    };
  }
  const parsed = v.safeParse(PromoCodeResponseSchema, body);
  return parsed.success ? { ok: true, data: parsed.output.data } : { ok: false, status: response.status };
}
