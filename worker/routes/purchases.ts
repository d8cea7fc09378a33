import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { OrderDetailResponseSchema, PURCHASE_PATHS, PurchaseListResponseSchema, ReturnRequestSchema, ReturnResponseSchema } from '../../src/lib/account/purchases.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validParams } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_GTIN, type Capability } from '../capability.ts';

// Order history and returns at the edge (issue 12 parts 4-5; account §3-§5): the purchase list,
// an order with its returns, and a return, for a signed-in shopper (401 otherwise), validated
// both ways. docs/decisions/360-order-history.md

export const purchasesRoutes = new Hono<EdgeEnv>();
type PurchaseContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const purchasesCapability: Capability = {
  routes: purchasesRoutes,
  apiPrefixes: ['/accountmanagement/api/'],
  personalPages: ['/account/orders'],
  registry: {
    api: [
      { method: 'GET', path: '/accountmanagement/api/purchase-history', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/purchase-history/5000000001', route: '/accountmanagement/api/purchase-history/:orderNumber', sample: {}, needsSignIn: true },
      { method: 'POST', path: '/accountmanagement/api/returns', sample: { body: { orderNumber: '5000000001', items: [{ gtin13: SAMPLE_GTIN, quantity: 1 }], reason: 'DAMAGED' } }, needsSignIn: true },
    ],
    pages: [
      { name: 'order history', path: '/account/orders', file: 'account/orders/index.astro', kind: 'interactive', needsSignIn: true },
      { name: 'order', path: '/account/orders/5000000001', file: 'account/orders/[orderNumber].astro', kind: 'interactive', needsSignIn: true },
    ],
  },
};

function signedIn(c: PurchaseContext) {
  if (!c.get('session')) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your orders', 401);
}

purchasesRoutes.get(PURCHASE_PATHS.LIST, async (c) => {
  signedIn(c);
  const { data } = await c.get('upstream').json({ path: PURCHASE_PATHS.LIST }, PurchaseListResponseSchema);
  return c.json(data, 200);
});
purchasesRoutes.get('/accountmanagement/api/purchase-history/:orderNumber', validParams(v.object({ orderNumber: v.pipe(v.string(), v.regex(/^\d{10}$/, 'must be a 10-digit order number')) })), async (c) => {
  signedIn(c);
  const { data } = await c.get('upstream').json({ path: PURCHASE_PATHS.order(c.req.valid('param').orderNumber) }, OrderDetailResponseSchema);
  return c.json(data, 200);
});
purchasesRoutes.post(PURCHASE_PATHS.RETURNS, validJson(ReturnRequestSchema), async (c) => {
  signedIn(c);
  const headers = writeHeaders(c);
  const result = await c.get('upstream').json({ method: 'POST', path: PURCHASE_PATHS.RETURNS, body: c.req.valid('json'), ...(headers.idempotencyKey ? { idempotencyKey: headers.idempotencyKey } : {}) }, ReturnResponseSchema);
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 201);
});
