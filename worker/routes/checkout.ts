import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CHECKOUT_PATHS,
  CheckoutResponseSchema,
  checkoutFailure,
  FlashSaleRequestSchema,
  FlashSaleResponseSchema,
  ModifyCheckoutSchema,
  OrderResponseSchema,
  PlaceOrderSchema,
  TENANT_HEADER,
  TimeslotQuerySchema,
  TimeslotsResponseSchema,
} from '../../src/lib/checkout/contracts.ts';
import {
  CHECKOUT_FORM_INTENTS,
  CHECKOUT_FORM_PATH,
  CHECKOUT_NOTICE_COOKIE,
  CHECKOUT_PAGE,
  CLAIM_FIRST_FIELD,
  encodeNotice,
  formChange,
  formModifyCall,
  PlaceOrderFormSchema,
  type CheckoutFormIntent,
  type FormFields,
} from '../../src/lib/checkout/form.ts';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import { ADDRESS_PATHS, AddressBookResponseSchema } from '../../src/lib/account/addresses.ts';
import { ERROR_CODES, HttpError, describeIssues } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS, PATH_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { isFormPost, validJson, validParams, validQuery } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { placeFormOrder } from './checkout-place-form.ts';
import { claimPreview, type CheckoutCall } from './claim-preview.ts';
import { SAMPLE_GTIN, SAMPLE_LIST_ID, type Capability } from '../capability.ts';

// Checkout at the edge (issue 13; shopping §7 Checkout and wallet): the checkout, time slot,
// flash-sale and order calls for a signed-in shopper (401 otherwise), validated both ways. The
// write headers a client may send (Idempotency-Key, If-Match) are validated and forwarded; the
// tenant header of flash sales is the edge's banner, whatever the client said.
// docs/decisions/340-checkout.md

const checkoutRoutes = new Hono<EdgeEnv>();
type CheckoutContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const checkoutCapability: Capability = {
  routes: checkoutRoutes,
  apiPrefixes: ['/checkout/api/'],
  personalPages: ['/checkout'],
  // every section of the checkout page is a plain POST form too (issue 22 §4; docs/decisions/561)
  formEndpoints: [CHECKOUT_FORM_PATH],
  registry: {
    api: [
      {
        method: 'POST',
        path: CHECKOUT_FORM_PATH,
        sample: { body: { intent: 'tip', checkoutId: SAMPLE_LIST_ID, tip: '0' } },
        needsSignIn: true,
      },
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
        // the demo shopper's seeded order (upstream/seed/purchases.ts); an unknown one: orders.spec.ts
        path: '/checkout/confirmation/5000000001',
        file: 'checkout/confirmation/[orderNumber].astro',
        kind: 'interactive',
        needsSignIn: true,
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
  call: CheckoutCall,
  status: 200 | 201 = 200,
) {
  const headers = call.method === 'POST' ? writeHeaders(c) : {};
  const result = await c.get('upstream').json({ ...call, ...headers }, schema);
  const etag = result.headers.get('etag');
  if (etag) c.header('ETag', etag);
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data as object, result.status === 201 ? 201 : status);
}

checkoutRoutes.get(CHECKOUT_PATHS.TIMESLOTS, signedIn, validQuery(TimeslotQuerySchema), (c) => {
  const { modality } = c.req.valid('query');
  return forward(c, TimeslotsResponseSchema, {
    path: CHECKOUT_PATHS.TIMESLOTS,
    ...(modality ? { query: { modality } } : {}),
  });
});
checkoutRoutes.post(CHECKOUT_PATHS.CHECKOUTS, signedIn, (c) =>
  forward(c, CheckoutResponseSchema, { method: 'POST', path: CHECKOUT_PATHS.CHECKOUTS, body: {} }),
);
checkoutRoutes.get('/checkout/api/v1/checkouts/:checkoutId', signedIn, validParams(CheckoutIdParams), (c) =>
  forward(c, CheckoutResponseSchema, { path: CHECKOUT_PATHS.checkout(c.req.valid('param').checkoutId) }),
);
checkoutRoutes.post(
  '/checkout/api/v1/checkouts/:checkoutId',
  signedIn,
  validParams(CheckoutIdParams),
  validJson(ModifyCheckoutSchema),
  (c) =>
    forward(c, CheckoutResponseSchema, {
      method: 'POST',
      path: CHECKOUT_PATHS.checkout(c.req.valid('param').checkoutId),
      body: c.req.valid('json'),
      ...claimPreview(c), // a page whose flash-sale claim is under way asks for its prices (decision 680)
    }),
);
// the banner's public origin goes with the order, for the link in its confirmation email (never the request's Host)
checkoutRoutes.post(CHECKOUT_PATHS.ORDERS, signedIn, validJson(PlaceOrderSchema), (c) =>
  forward(c, OrderResponseSchema, {
    method: 'POST',
    path: CHECKOUT_PATHS.ORDERS,
    body: { ...c.req.valid('json'), linkBase: c.get('publicOrigin') },
  }),
);
checkoutRoutes.post(CHECKOUT_PATHS.FLASH_SALES, signedIn, validJson(FlashSaleRequestSchema), async (c) => {
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
checkoutRoutes.get('/checkout/api/v1/orders/:orderNumber', signedIn, validParams(OrderParams), (c) =>
  forward(c, OrderResponseSchema, { path: CHECKOUT_PATHS.order(c.req.valid('param').orderNumber) }),
);

// ---- the checkout page's forms (issue 22 §4; docs/decisions/561) ---------------------------------
// A form post (no JavaScript) comes back to the checkout with 303, or goes on to the confirmation;
// what went wrong rides in a short-lived cookie, never in the URL. The same fields sent as JSON
// answer JSON (the checkout, or the order), for callers that are not a browser form.
const FieldsSchema = v.record(v.string(), v.union([v.string(), v.number()]));

async function formFields(c: CheckoutContext, form: boolean): Promise<FormFields> {
  const raw: unknown = form
    ? await c.req.parseBody().catch(() => ({}))
    : await c.req.json().catch(() => {
        throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.NOT_JSON, 400);
      });
  const parsed = v.safeParse(FieldsSchema, raw ?? {});
  if (!parsed.success)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_BODY, 400, describeIssues(parsed.issues));
  return Object.fromEntries(Object.entries(parsed.output).map(([key, value]) => [key, String(value)]));
}

function backToCheckout(c: CheckoutContext, section: CheckoutFormIntent, error: string | null) {
  c.header(
    'set-cookie',
    `${CHECKOUT_NOTICE_COOKIE}=${encodeNotice({ section, error })}; Path=${CHECKOUT_PAGE}; Max-Age=60; HttpOnly; Secure; SameSite=Lax`,
    { append: true },
  );
  return c.redirect(`${CHECKOUT_PAGE}#${section}`, 303);
}

/** The contact form with the address book's address the shopper chose in place of the typed one. */
async function withSavedAddress(c: CheckoutContext, fields: FormFields): Promise<FormFields> {
  const id = fields.savedAddressId;
  if (!id) return fields;
  const book = await c.get('upstream').json({ path: ADDRESS_PATHS.LIST }, AddressBookResponseSchema);
  const chosen = book.data.data.addresses.find((entry) => entry.addressId === id);
  if (!chosen) return fields;
  return {
    ...fields,
    addressLine1: chosen.addressLine1,
    addressLine2: chosen.addressLine2,
    city: chosen.city,
    state: chosen.state,
    zipCode: chosen.zipCode.slice(0, 5),
  };
}

checkoutRoutes.post(CHECKOUT_FORM_PATH, async (c) => {
  const form = isFormPost(c);
  if (!form && !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.JSON_TYPE_REQUIRED, 400);
  // signed out: told so before the fields are looked at (shopping §6)
  if (!c.get('session')) {
    if (form) return c.redirect(signInUrl(CHECKOUT_PAGE), 303);
    throw new HttpError(ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.CHECKOUT, 401);
  }
  const fields = await formFields(c, form);
  const intent = (CHECKOUT_FORM_INTENTS as readonly string[]).includes(fields.intent ?? '')
    ? (fields.intent as CheckoutFormIntent)
    : null;
  const refuse = (message: string, section: CheckoutFormIntent = intent ?? 'place') => {
    if (form) return backToCheckout(c, section, message);
    // a JSON caller gets the validators' reason, with the shopper's message as its root cause
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_BODY, 400, [message]);
  };
  if (!intent) return refuse('Please choose what to change.');
  const checkoutId = fields.checkoutId ?? '';
  if (!/^[0-9a-f-]{36}$/.test(checkoutId)) return refuse('This checkout has changed. Please review it again.');
  try {
    if (intent === 'place') {
      const parsed = v.safeParse(PlaceOrderFormSchema, {
        checkoutId,
        expectedTotalCents: fields.expectedTotalCents ?? '',
        expectedCardCents: fields.expectedCardCents,
        idempotencyKey: fields.idempotencyKey ?? c.req.header('idempotency-key') ?? '',
      });
      if (!parsed.success) return refuse('Please review your order and place it again.');
      const { idempotencyKey, ...body } = parsed.output;
      const result = await placeFormOrder(c, body, idempotencyKey, fields[CLAIM_FIRST_FIELD] === '1');
      if (form) return c.redirect(`/checkout/confirmation/${result.data.orderNumber}`, 303);
      return c.json(result, 201);
    }
    const asked = formChange(intent, intent === 'contact' ? await withSavedAddress(c, fields) : fields);
    if ('error' in asked) return refuse(asked.error);
    const result = await c.get('upstream').json(formModifyCall(checkoutId, asked.change), CheckoutResponseSchema);
    if (form) return backToCheckout(c, intent, null);
    return c.json(result.data, 200);
  } catch (error) {
    if (!form || !(error instanceof HttpError)) throw error;
    if (error.statusCode === 401 || error.statusCode === 403) return c.redirect(signInUrl(CHECKOUT_PAGE), 303);
    // the spec's messages for a refused change (a full slot, a changed total) are the shopper's to read
    return backToCheckout(
      c,
      intent,
      error.statusCode < 500 ? error.message : checkoutFailure(c.get('banner').customerServicePhone),
    );
  }
});
