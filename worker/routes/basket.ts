import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import {
  AddItemFormSchema,
  AddItemRequestSchema,
  BASKET_PATHS,
  BasketItemsUpdateRequestSchema,
  BasketResponseSchema,
  ChangeModalityFormSchema,
  ChangeModalityRequestSchema,
  DEFAULT_ADD_QUANTITY,
  IdempotencyKeySchema,
  IfMatchSchema,
  PutBasketRequestSchema,
  RemoveItemsRequestSchema,
  UpdateItemRequestSchema,
} from '../../src/lib/basket/contracts.ts';
import { CART_ADDED_FRAGMENT, CART_ERROR_PARAM, type CartFormError } from '../../src/lib/basket/form-fallback.ts';
import { ERROR_CODES, HttpError, describeIssues } from '../../src/lib/http/errors.ts';
import { FORM_KEY_FIELD, formIdempotencyKey } from '../../src/lib/http/form-key.ts';
import { EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { rememberPendingAdd } from '../pending-add.ts';
import { checkChoice, keepChoice } from './stores.ts';
import type { Modality } from '../../src/lib/catalog/product.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, isFormPost, readFormFields, validJson, type FormFields } from '../validate.ts';
import { addAllForm, isAddAllForm, withFragment, withParam } from './basket-add-all.ts';
import { basketLineForm } from './basket-line-form.ts';
import { SAMPLE_GTIN, type Capability } from '../capability.ts';

// The cart on the spec's own paths (shopping §7 Cart; payloads in docs/decisions/030-cart.md).
// Only the body, Idempotency-Key and If-Match of the client are forwarded; the upstream gets the
// customer, location and banner from the edge's own context. Anonymous callers are answered here.

type EdgeContext = Context<EdgeEnv>;

const basketRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const basketCapability: Capability = {
  routes: basketRoutes,
  apiPrefixes: ['/basket/api/'],
  // the add form, the cart page's line and modality forms (decisions 250, 270)
  formEndpoints: [BASKET_PATHS.ADD_ITEM, BASKET_PATHS.BASKET_ITEMS_UPDATE, BASKET_PATHS.CHANGE_MODALITY],
  personalPages: ['/cart'],
  registry: {
    api: [
      { method: 'GET', path: '/basket/api/basket/', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/basket/api/v2/user/add-item',
        sample: { body: { gtin13: SAMPLE_GTIN, quantity: 1 } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/basket/api/v2/user/update-item',
        sample: { body: { gtin13: SAMPLE_GTIN, quantity: 2 } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/basket/api/user/remove-item',
        sample: { body: { gtin13s: [SAMPLE_GTIN] } },
        needsSignIn: true,
      },
      {
        method: 'PUT',
        path: '/basket/api/basket/',
        sample: { body: { lineItems: [{ gtin13: SAMPLE_GTIN, quantity: 3 }] } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/basket/api/user/basket-items/update',
        sample: { body: { items: [{ gtin13: SAMPLE_GTIN, quantity: 2 }] } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/basket/api/v2/user/change-modality',
        sample: { body: { modalityType: 'DELIVERY' } },
        needsSignIn: true,
      },
    ],
    pages: [{ name: 'cart', path: '/cart', file: 'cart.astro', kind: 'interactive', needsSignIn: true }],
  },
};

/** The basket paths that also take the plain forms: the ones it declares, which the CSRF check reads too. */
const FORM_PATHS = new Set<string>(basketCapability.formEndpoints);

basketRoutes.use('/basket/api/*', async (c, next) => {
  if (c.get('session')) return next();
  const isPost = c.req.method === 'POST';
  // The no-JavaScript forms send the anonymous shopper to sign in and back; an add is kept and
  // completed when they come back signed in (worker/pending-add.ts).
  if (isPost && FORM_PATHS.has(c.req.path) && isFormPost(c)) {
    const form = await readForm(c);
    // one item is kept for after the sign-in; an "add all" form is pressed again once signed in
    const several = isAddAllForm(await readFormFields(c).catch((): FormFields => ({})));
    const add = c.req.path === BASKET_PATHS.ADD_ITEM && !several ? v.safeParse(AddItemFormSchema, form ?? {}) : null;
    if (add?.success) await rememberPendingAdd(c, add.output.gtin13, add.output.quantity ?? DEFAULT_ADD_QUANTITY);
    return c.redirect(signInUrl(sanitizeRedirectUrl(form?.returnTo)), 303);
  }
  // The islands' add answers 401 (they send the shopper to sign-in) and keeps the add the same way.
  if (isPost && c.req.path === BASKET_PATHS.ADD_ITEM) {
    const add = v.safeParse(AddItemRequestSchema, await c.req.json().catch(() => null));
    if (add.success) await rememberPendingAdd(c, add.output.gtin13, add.output.quantity);
  }
  return errorResponse(c, ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.GENERIC, 401);
});

/** The write headers the client may send, validated; nothing else of the client's is forwarded. */
export function writeHeaders(c: EdgeContext): { idempotencyKey?: string; ifMatch?: string } {
  const out: { idempotencyKey?: string; ifMatch?: string } = {};
  const key = c.req.header('idempotency-key');
  if (key !== undefined) {
    const parsed = v.safeParse(IdempotencyKeySchema, key);
    if (!parsed.success)
      throw new HttpError(
        ERROR_CODES.CLIENT_ERROR,
        EDGE_REASONS.INVALID_IDEMPOTENCY_KEY,
        400,
        describeIssues(parsed.issues),
      );
    out.idempotencyKey = parsed.output;
  }
  const ifMatch = c.req.header('if-match');
  if (ifMatch !== undefined) {
    const parsed = v.safeParse(IfMatchSchema, ifMatch.trim());
    if (!parsed.success)
      throw new HttpError(ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_IF_MATCH, 400, describeIssues(parsed.issues));
    out.ifMatch = parsed.output;
  }
  return out;
}

/** The answer header of a write replayed from its Idempotency-Key. */
export const IDEMPOTENT_REPLAYED = 'Idempotent-Replayed';

async function forward(
  c: EdgeContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  /** runs once the upstream accepted the write, before the answer is built (its headers count) */
  accepted?: () => Promise<void>,
) {
  const headers = method === 'GET' ? {} : writeHeaders(c);
  const result = await c.get('upstream').json({ method, path, body, ...headers }, BasketResponseSchema);
  await accepted?.();
  c.header('ETag', result.data.data.eTag);
  c.header('Cache-Control', 'private, no-store');
  // A retried write the upstream answered from its idempotency record says so (030-cart.md).
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 200);
}

async function readForm(
  c: EdgeContext,
): Promise<{ gtin13?: string; quantity?: string; id?: string; modalityType?: string; returnTo?: string } | null> {
  try {
    const form = await readFormFields(c);
    const text = (key: string) => (form[key] === undefined ? undefined : formField(form, key));
    return {
      gtin13: text('gtin13'),
      quantity: text('quantity'),
      id: text('id'),
      modalityType: text('modalityType'),
      returnTo: text('returnTo'),
    };
  } catch {
    return null;
  }
}

/** Why a plain-form add failed, as the page's `cartError` value. */
function formAddError(error: unknown): CartFormError {
  if (!(error instanceof HttpError)) return 'add';
  if (error.code === ERROR_CODES.PRICE) return 'price';
  return error.code === ERROR_CODES.OUT_OF_STOCK ? 'stock' : 'add';
}

basketRoutes.get(BASKET_PATHS.BASKET, (c) => forward(c, 'GET', BASKET_PATHS.BASKET));

// spec: shopping §7 Cart add; JSON from the islands, a form post from the plain form (no JavaScript).
basketRoutes.post(BASKET_PATHS.ADD_ITEM, async (c, next) => {
  if (!isFormPost(c)) return next();
  const fields = await readFormFields(c).catch((): FormFields => ({}));
  if (isAddAllForm(fields)) return addAllForm(c, fields);
  const form = await readForm(c);
  const returnTo = sanitizeRedirectUrl(form?.returnTo);
  const parsed = v.safeParse(AddItemFormSchema, form ?? {});
  if (!parsed.success) return c.redirect(withParam(returnTo, CART_ERROR_PARAM, 'add'), 303);
  // the page's key for this form (worker/form-keys.ts): a second tap is the same add, applied once
  const idempotencyKey = formIdempotencyKey('form-add', formField(fields, FORM_KEY_FIELD));
  try {
    await c.get('upstream').json(
      {
        method: 'POST',
        path: BASKET_PATHS.ADD_ITEM,
        body: { gtin13: parsed.output.gtin13, quantity: parsed.output.quantity ?? 1 },
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
      BasketResponseSchema,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(returnTo), 303);
    return c.redirect(withParam(returnTo, CART_ERROR_PARAM, formAddError(error)), 303);
  }
  // the page says "Added to your cart" at this fragment (BaseLayout), with no JavaScript
  return c.redirect(withFragment(returnTo, CART_ADDED_FRAGMENT), 303);
});
basketRoutes.post(BASKET_PATHS.ADD_ITEM, validJson(AddItemRequestSchema), (c) =>
  forward(c, 'POST', BASKET_PATHS.ADD_ITEM, c.req.valid('json')),
);
basketRoutes.post(BASKET_PATHS.UPDATE_ITEM, validJson(UpdateItemRequestSchema), (c) =>
  forward(c, 'POST', BASKET_PATHS.UPDATE_ITEM, c.req.valid('json')),
);
basketRoutes.post(BASKET_PATHS.REMOVE_ITEM, validJson(RemoveItemsRequestSchema), (c) =>
  forward(c, 'POST', BASKET_PATHS.REMOVE_ITEM, c.req.valid('json')),
);
basketRoutes.put(BASKET_PATHS.BASKET, validJson(PutBasketRequestSchema), (c) =>
  forward(c, 'PUT', BASKET_PATHS.BASKET, c.req.valid('json')),
);

// The older update path (shopping §7): JSON from clients, and the cart page's plain line forms
// before hydration (a quantity, 0 removes; a substitution choice, decision 637): basket-line-form.ts.
basketRoutes.post(BASKET_PATHS.BASKET_ITEMS_UPDATE, (c, next) => (isFormPost(c) ? basketLineForm(c) : next()));
basketRoutes.post(BASKET_PATHS.BASKET_ITEMS_UPDATE, validJson(BasketItemsUpdateRequestSchema), (c) =>
  forward(c, 'POST', BASKET_PATHS.BASKET_ITEMS_UPDATE, c.req.valid('json')),
);

// The cart's modality switch: JSON from the cart island, the plain form before hydration. It is
// the shopper's one way to shop (docs/decisions/562): checked like the store picker's choice
// (the store offers it; delivery inside its area) and kept in the store cookie and preferences
// that the header, prices and checkout read, once the basket has moved.
const cartChoice = (c: EdgeContext, modality: Modality) =>
  checkChoice(c, { locationId: c.get('locationId'), modality }, { destinationOptional: true });

basketRoutes.post(BASKET_PATHS.CHANGE_MODALITY, async (c, next) => {
  if (!isFormPost(c)) return next();
  const form = await readForm(c);
  const returnTo = sanitizeRedirectUrl(form?.returnTo);
  const parsed = v.safeParse(ChangeModalityFormSchema, form ?? {});
  if (!parsed.success) return c.redirect(withParam(returnTo, CART_ERROR_PARAM, 'update'), 303);
  try {
    const checked = await cartChoice(c, parsed.output.modalityType);
    await c
      .get('upstream')
      .json(
        { method: 'POST', path: BASKET_PATHS.CHANGE_MODALITY, body: { modalityType: parsed.output.modalityType } },
        BasketResponseSchema,
      );
    await keepChoice(c, checked);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(returnTo), 303);
    return c.redirect(
      withParam(returnTo, CART_ERROR_PARAM, `modality-${parsed.output.modalityType}` as CartFormError),
      303,
    );
  }
  return c.redirect(returnTo, 303);
});
basketRoutes.post(BASKET_PATHS.CHANGE_MODALITY, validJson(ChangeModalityRequestSchema), async (c) => {
  const body = c.req.valid('json');
  writeHeaders(c); // a malformed Idempotency-Key or If-Match is refused before the store is asked
  const checked = await cartChoice(c, body.modalityType);
  return forward(c, 'POST', BASKET_PATHS.CHANGE_MODALITY, body, () => keepChoice(c, checked));
});
