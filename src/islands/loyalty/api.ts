import { LOYALTY_PATHS, PromoCodeResponseSchema, type PromoCodeResult } from '../../lib/account/memberships.ts';
import { callEdge, edgeResult } from '../shared/call-edge.ts';

// The rewards island's one call to the edge (docs/decisions/370-loyalty.md): promo-code
// validation. A fetch that never reached the edge (offline, timed out) is status null.

export type PromoCodeCallResult =
  { ok: true; data: PromoCodeResult } | { ok: false; status: number | null; reason?: string };

/** POST /accountmanagement/api/promo-codes/validate with { code }. */
export async function validatePromoCode(code: string): Promise<PromoCodeCallResult> {
  const result = await edgeResult(
    callEdge(LOYALTY_PATHS.PROMO_CODES, { method: 'POST', body: { code }, schema: PromoCodeResponseSchema }),
  );
  if (result.ok) return { ok: true, data: result.data.data };
  return { ok: false, status: result.status, ...(result.reason === undefined ? {} : { reason: result.reason }) };
}
