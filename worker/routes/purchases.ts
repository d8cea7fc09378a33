import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { OrderDetailResponseSchema, PURCHASE_PATHS, PurchaseListResponseSchema, ReturnRequestSchema, ReturnResponseSchema } from '../../src/lib/account/purchases.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validParams } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';

// Order history and returns at the edge (issue 12 parts 4-5; account §3-§5): the purchase list,
// an order with its returns, and a return, for a signed-in shopper (401 otherwise), validated
// both ways. docs/decisions/360-order-history.md

export const purchasesRoutes = new Hono<EdgeEnv>();
type PurchaseContext = Context<EdgeEnv>;

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
