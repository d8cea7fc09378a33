import type { Context } from 'hono';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import { addAllFormItems, linesWithAdds } from '../../src/lib/basket/add-all.ts';
import { FORM_KEY_FIELD, formIdempotencyKey } from '../../src/lib/http/form-key.ts';
import { BASKET_PATHS, BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { CART_ERROR_PARAM, type CartFormError } from '../../src/lib/basket/form-fallback.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS } from '../../src/lib/http/messages.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, type FormFields } from '../validate.ts';

// "Add all to cart" without JavaScript (a recipe's ingredients, a reorder; docs/decisions/634): the
// add-item form with `gtin13` repeated. The edge does what the island does: one cart PUT of the
// cart's lines with the items added (src/lib/basket/add-all.ts), guarded by the cart's eTag and
// read again once when another write came first. Then the cart, which shows what was added.

/** A same-origin path with a query parameter set. `withParam('/a?b=1', 'cartError', 'add') === '/a?b=1&cartError=add'` */
export function withParam(path: string, key: string, value: CartFormError): string {
  const url = new URL(path, 'https://return.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A same-origin path with its fragment, the way back after a plain add that worked: an earlier
 * refusal's `cartError` is dropped, or the page would say both.
 * `withFragment('/search?query=milk&cartError=add', 'added-to-cart') === '/search?query=milk#added-to-cart'`
 */
export function withFragment(path: string, fragment: string): string {
  const url = new URL(path, 'https://return.invalid');
  url.searchParams.delete(CART_ERROR_PARAM);
  url.hash = fragment;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** True for the "add all" form: it says so (`addAll=1`), or it names more than one item. */
export const isAddAllForm = (fields: FormFields) => fields.addAll === '1' || Array.isArray(fields.gtin13);

/** Adds the form's items in one cart PUT; 303 to the cart, to sign-in, or back with ?cartError=add. */
export async function addAllForm(c: Context<EdgeEnv>, fields: FormFields): Promise<Response> {
  const returnTo = sanitizeRedirectUrl(formField(fields, 'returnTo'));
  const failed = () => c.redirect(withParam(returnTo, CART_ERROR_PARAM, 'add'), 303);
  const items = addAllFormItems(fields);
  if (!items) return failed();
  // the page's key for this form: a second tap or a resent form is the same add, applied once
  const idempotencyKey = formIdempotencyKey('add-all', formField(fields, FORM_KEY_FIELD));
  const upstream = c.get('upstream');
  try {
    for (let attempt = 0; ; attempt += 1) {
      const basket = (await upstream.json({ path: BASKET_PATHS.BASKET }, BasketResponseSchema)).data.data;
      try {
        await upstream.json(
          {
            method: 'PUT',
            path: BASKET_PATHS.BASKET,
            body: { lineItems: linesWithAdds(basket, items) },
            ifMatch: basket.eTag,
            ...(idempotencyKey ? { idempotencyKey } : {}),
          },
          BasketResponseSchema,
        );
        return c.redirect('/cart', 303);
      } catch (error) {
        // this form's add was made already (the cart it read holds it): that is the cart to show
        if (error instanceof HttpError && error.message === EDGE_REASONS.IDEMPOTENCY_KEY_REUSED)
          return c.redirect('/cart', 303);
        // another write came between the read and the PUT: read the cart again, once
        if (!(error instanceof HttpError && error.statusCode === 412 && attempt === 0)) throw error;
      }
    }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(returnTo), 303);
    return failed();
  }
}
