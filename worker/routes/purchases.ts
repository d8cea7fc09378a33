import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { cancelResultUrl, CancelRequestSchema } from '../../src/lib/account/order-state.ts';
import {
  OrderDetailResponseSchema,
  PURCHASE_PATHS,
  PurchaseListResponseSchema,
  ReturnRequestSchema,
  ReturnResponseSchema,
} from '../../src/lib/account/purchases.ts';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { PATH_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, readFormFields, validJson, validJsonOrForm, validParams } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_GTIN, type Capability } from '../capability.ts';

// Order history, cancels and returns at the edge (issue 12 parts 4-5, issue 20 §2; account
// §3-§5): the purchase list, an order with its returns, a cancel (JSON, or the order page's plain
// form before hydration) and a return, for a signed-in shopper (401 otherwise), validated both
// ways. docs/decisions/360-order-history.md, docs/decisions/470-order-ledger.md

const purchasesRoutes = new Hono<EdgeEnv>();
type PurchaseContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const purchasesCapability: Capability = {
  routes: purchasesRoutes,
  apiPrefixes: ['/accountmanagement/api/'],
  personalPages: ['/account/orders'],
  // the order page's cancel works without JavaScript (docs/decisions/470)
  formEndpoints: ['/accountmanagement/api/cancellations'],
  registry: {
    api: [
      { method: 'GET', path: '/accountmanagement/api/purchase-history', sample: {}, needsSignIn: true },
      {
        method: 'GET',
        path: '/accountmanagement/api/purchase-history/5000000001',
        route: '/accountmanagement/api/purchase-history/:orderNumber',
        sample: {},
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/accountmanagement/api/returns',
        sample: {
          body: { orderNumber: '5000000001', items: [{ gtin13: SAMPLE_GTIN, quantity: 1 }], reason: 'DAMAGED' },
        },
        needsSignIn: true,
      },
      // a fulfilled order: the sample cancel is refused (409), never applied (docs/decisions/470)
      {
        method: 'POST',
        path: '/accountmanagement/api/cancellations',
        sample: { body: { orderNumber: '5000000001' } },
        needsSignIn: true,
      },
    ],
    pages: [
      {
        name: 'order history',
        path: '/account/orders',
        file: 'account/orders/index.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'order',
        path: '/account/orders/5000000001',
        file: 'account/orders/[orderNumber].astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

const signedIn = requireSession(SIGN_IN_REASONS.ORDERS);

purchasesRoutes.get(PURCHASE_PATHS.LIST, signedIn, async (c) => {
  const { data } = await c.get('upstream').json({ path: PURCHASE_PATHS.LIST }, PurchaseListResponseSchema);
  return c.json(data, 200);
});
// signed out: told so (401) before the order number is looked at (docs/decisions/635)
purchasesRoutes.get(
  '/accountmanagement/api/purchase-history/:orderNumber',
  signedIn,
  validParams(v.object({ orderNumber: v.pipe(v.string(), v.regex(/^\d{10}$/, PATH_REASONS.ORDER_NUMBER)) })),
  async (c) => {
    const { data } = await c
      .get('upstream')
      .json({ path: PURCHASE_PATHS.order(c.req.valid('param').orderNumber) }, OrderDetailResponseSchema);
    return c.json(data, 200);
  },
);
/** A signed-in shopper's write, forwarded with the Idempotency-Key they sent. */
async function forwardWrite<S extends v.GenericSchema>(
  c: PurchaseContext,
  path: string,
  body: unknown,
  schema: S,
  status: 200 | 201,
) {
  const headers = writeHeaders(c);
  const result = await c
    .get('upstream')
    .json(
      { method: 'POST', path, body, ...(headers.idempotencyKey ? { idempotencyKey: headers.idempotencyKey } : {}) },
      schema,
    );
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data as object, status);
}

purchasesRoutes.post(PURCHASE_PATHS.RETURNS, signedIn, validJson(ReturnRequestSchema), (c) =>
  forwardWrite(c, PURCHASE_PATHS.RETURNS, c.req.valid('json'), ReturnResponseSchema, 201),
);

// JSON, or the order page before hydration: a plain form, back to the order's page with how it went
purchasesRoutes.post(
  PURCHASE_PATHS.CANCELLATIONS,
  // signed out: told so before the body is looked at (shopping §6); a form goes back to its order
  // (an order number is digits; anything else goes back to the order list)
  requireSession(SIGN_IN_REASONS.ORDERS, {
    signInFrom: async (c) => {
      const orderNumber = formField(await readFormFields(c), 'orderNumber');
      return /^\d{10}$/.test(orderNumber) ? `/account/orders/${orderNumber}` : '/account/orders';
    },
  }),
  validJsonOrForm(CancelRequestSchema, {
    fields: (fields) => ({ orderNumber: formField(fields, 'orderNumber') }),
    invalid: (c) => c.redirect('/account/orders', 303),
  }),
  async (c) => {
    if (!formOf(c))
      return forwardWrite(c, PURCHASE_PATHS.CANCELLATIONS, c.req.valid('json'), OrderDetailResponseSchema, 200);
    const { orderNumber } = c.req.valid('json');
    try {
      await c
        .get('upstream')
        .json({ method: 'POST', path: PURCHASE_PATHS.CANCELLATIONS, body: { orderNumber } }, OrderDetailResponseSchema);
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403))
        return c.redirect(signInUrl(`/account/orders/${orderNumber}`), 303);
      return c.redirect(
        cancelResultUrl(orderNumber, error instanceof HttpError && error.statusCode === 409 ? 'late' : 'failed'),
        303,
      );
    }
    return c.redirect(cancelResultUrl(orderNumber, 'done'), 303);
  },
);
