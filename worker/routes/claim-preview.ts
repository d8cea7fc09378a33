import type { Context } from 'hono';
import { FLASH_SALE_PREVIEW_HEADER } from '../../src/lib/checkout/contracts.ts';
import type { EdgeEnv } from '../types.ts';

// A checkout call the edge forwards (worker/routes/checkout.ts), and the one header of the client's
// it may carry on: the flash-sale preview of a page whose claim is still under way (decision 680).

/** What worker/routes/checkout.ts's `forward` sends upstream. */
export interface CheckoutCall {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  callHeaders?: Record<string, string>;
}

/**
 * `{ callHeaders: { 'x-flash-sale-preview': 'claimable' } }` when the client asked for the prices its
 * claim will give, else nothing: that one value only, so no other client header reaches the
 * upstream. The answer is a preview; an order is always priced from the offers held (decision 658).
 */
export function claimPreview(c: Context<EdgeEnv>): Pick<CheckoutCall, 'callHeaders'> {
  return c.req.header(FLASH_SALE_PREVIEW_HEADER) === 'claimable'
    ? { callHeaders: { [FLASH_SALE_PREVIEW_HEADER]: 'claimable' } }
    : {};
}
