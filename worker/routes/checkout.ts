import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CHECKOUT_PATHS,
  CheckoutResponseSchema,
  FlashSaleRequestSchema,
  FlashSaleResponseSchema,
  ModifyCheckoutSchema,
  OrderResponseSchema,
  PlaceOrderSchema,
  TENANT_HEADER,
  TimeslotQuerySchema,
  TimeslotsResponseSchema,
} from '../../src/lib/checkout/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS, PATH_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validParams, validQuery } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_GTIN, SAMPLE_LIST_ID, type Capability } from '../capability.ts';

// Checkout at the edge (issue 13; shopping §7 Checkout and wallet): the checkout, time slot,
// flash-sale and order calls for a signed-in shopper (401 otherwise), validated both ways. The
// write headers a client may send (Idempotency-Key, If-Match) are validated and forwarded; the
// tenant header of flash sales is the edge's banner, whatever the client said.
// docs/decisions/340-checkout.md

export const checkoutRoutes = new Hono<EdgeEnv>();
type CheckoutContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const checkoutCapability: Capability = {
  routes: checkoutRoutes,
  apiPrefixes: ['/checkout/api/'],
  personalPages: ['/checkout'],
  registry: {
    api: [
      {
        method: 'GET',
        path: '/checkout/api/v1/timeslots',
        sample: { query: { modality: 'PICKUP' } },
        needsSignIn: true,
      },
      { method: 'POST', path: '/checkout/api/v1/checkouts', sample: { body: {} }, needsSignIn: true },
      {
        method: 'GET',
        path: `/checkout/api/v1/checkouts/${SAMPLE_LIST_ID}`,
        route: '/checkout/api/v1/checkouts/:checkoutId',
        sample: {},
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: `/checkout/api/v1/checkouts/${SAMPLE_LIST_ID}`,
        route: '/checkout/api/v1/checkouts/:checkoutId',
        sample: { body: { instructions: 'Leave at the door' }, headers: { 'idempotency-key': 'registry-sample-0001' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/checkout/api/v1/orders',
        sample: {
          body: { checkoutId: SAMPLE_LIST_ID, expectedTotalCents: 0 },
          headers: { 'idempotency-key': 'registry-sample-0002' },
        },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/checkout/api/v1/flash-sales',
        sample: { body: { gtin13s: [SAMPLE_GTIN] }, headers: { 'idempotency-key': 'registry-sample-0003' } },
        needsSignIn: true,
      },
      {
        method: 'GET',
        path: '/checkout/api/v1/orders/1000000001',
        route: '/checkout/api/v1/orders/:orderNumber',
        sample: {},
        needsSignIn: true,
      },
    ],
    pages: [
      { name: 'checkout', path: '/checkout', file: 'checkout/index.astro', kind: 'interactive', needsSignIn: true },
      {
        name: 'order confirmation',
        path: '/checkout/confirmation/1000000001',
        file: 'checkout/confirmation/[orderNumber].astro',
        kind: 'interactive',
        needsSignIn: true,
        status: 404,
      },
    ],
  },
};

const signedIn = requireSession(SIGN_IN_REASONS.CHECKOUT);

const CheckoutIdParams = v.object({
  checkoutId: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, PATH_REASONS.CHECKOUT_ID)),
});
const OrderParams = v.object({
  orderNumber: v.pipe(v.string(), v.regex(/^\d{10}$/, PATH_REASONS.ORDER_NUMBER)),
});

async function forward<S extends v.GenericSchema>(
  c: CheckoutContext,
  schema: S,
  call: { method?: 'GET' | 'POST'; path: string; body?: unknown; query?: Record<string, string> },
  status: 200 | 201 = 200,
) {
  const headers = call.method === 'POST' ? writeHeaders(c) : {};
  const result = await c.get('upstream').json({ ...call, ...headers }, schema);
  const etag = result.headers.get('etag');
  if (etag) c.header('ETag', etag);
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data as object, result.status === 201 ? 201 : status);
}

checkoutRoutes.get(CHECKOUT_PATHS.TIMESLOTS, validQuery(TimeslotQuerySchema), signedIn, (c) => {
  const { modality } = c.req.valid('query');
  return forward(c, TimeslotsResponseSchema, {
    path: CHECKOUT_PATHS.TIMESLOTS,
    ...(modality ? { query: { modality } } : {}),
  });
});
checkoutRoutes.post(CHECKOUT_PATHS.CHECKOUTS, signedIn, (c) =>
  forward(c, CheckoutResponseSchema, { method: 'POST', path: CHECKOUT_PATHS.CHECKOUTS, body: {} }),
);
checkoutRoutes.get('/checkout/api/v1/checkouts/:checkoutId', validParams(CheckoutIdParams), signedIn, (c) =>
  forward(c, CheckoutResponseSchema, { path: CHECKOUT_PATHS.checkout(c.req.valid('param').checkoutId) }),
);
checkoutRoutes.post(
  '/checkout/api/v1/checkouts/:checkoutId',
  validParams(CheckoutIdParams),
  validJson(ModifyCheckoutSchema),
  signedIn,
  (c) =>
    forward(c, CheckoutResponseSchema, {
      method: 'POST',
      path: CHECKOUT_PATHS.checkout(c.req.valid('param').checkoutId),
      body: c.req.valid('json'),
    }),
);
checkoutRoutes.post(CHECKOUT_PATHS.ORDERS, validJson(PlaceOrderSchema), signedIn, (c) =>
  forward(c, OrderResponseSchema, { method: 'POST', path: CHECKOUT_PATHS.ORDERS, body: c.req.valid('json') }),
);
checkoutRoutes.post(CHECKOUT_PATHS.FLASH_SALES, validJson(FlashSaleRequestSchema), signedIn, async (c) => {
  const headers = writeHeaders(c);
  if (!headers.idempotencyKey)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.IDEMPOTENCY_KEY_REQUIRED, 400);
  const result = await c.get('upstream').json(
    {
      method: 'POST',
      path: CHECKOUT_PATHS.FLASH_SALES,
      body: c.req.valid('json'),
      idempotencyKey: headers.idempotencyKey,
      callHeaders: { [TENANT_HEADER]: c.get('banner').id },
    },
    FlashSaleResponseSchema,
  );
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 200);
});
checkoutRoutes.get('/checkout/api/v1/orders/:orderNumber', validParams(OrderParams), signedIn, (c) =>
  forward(c, OrderResponseSchema, { path: CHECKOUT_PATHS.order(c.req.valid('param').orderNumber) }),
);
