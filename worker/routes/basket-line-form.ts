import type { Context } from 'hono';
import * as v from 'valibot';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import {
  BASKET_PATHS,
  BasketItemFormSchema,
  BasketResponseSchema,
  SUBSTITUTION_SAVED_PARAM,
} from '../../src/lib/basket/contracts.ts';
import { CART_ERROR_PARAM, type CartFormError } from '../../src/lib/basket/form-fallback.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, readFormFields, singleValues, type FormFields } from '../validate.ts';
import { withParam } from './basket-add-all.ts';

// The cart page's plain line forms (BASKET_ITEMS_UPDATE before hydration or without JavaScript):
// the quantity buttons (a quantity, 0 removes) and the substitution choice (its substitutionPolicy,
// the line keeping the quantity it has now; decision 637). The line's id pins what the shopper saw (a 409 is
// the spec's "updated on another device" message); the answer is 303 back to returnTo, with
// `cartError=<reason>` after a refusal and `substitutionSaved=1` once a choice is saved.

/** Sends the form's change as one item of the update call; 303 back, or to sign-in. */
export async function basketLineForm(c: Context<EdgeEnv>): Promise<Response> {
  const fields = await readFormFields(c).catch((): FormFields => ({}));
  const returnTo = sanitizeRedirectUrl(formField(fields, 'returnTo'));
  const parsed = v.safeParse(BasketItemFormSchema, singleValues(fields));
  if (!parsed.success) return c.redirect(withParam(returnTo, CART_ERROR_PARAM, 'update'), 303);
  const { gtin13, id, substitutionPolicy } = parsed.output;
  let { quantity } = parsed.output;
  try {
    if (substitutionPolicy) {
      // the choice changes the policy only: the line keeps the quantity it has now, not the one
      // the page was drawn with (another tab may have changed it since)
      const basket = (await c.get('upstream').json({ path: BASKET_PATHS.BASKET }, BasketResponseSchema)).data.data;
      const line = basket.lineItems.find((entry) => entry.gtin13 === gtin13 && (!id || entry.id === id));
      if (!line) return c.redirect(withParam(returnTo, CART_ERROR_PARAM, 'changed'), 303);
      quantity = line.quantity;
    }
    await c.get('upstream').json(
      {
        method: 'POST',
        path: BASKET_PATHS.BASKET_ITEMS_UPDATE,
        body: {
          items: [{ gtin13, quantity, ...(id ? { id } : {}), ...(substitutionPolicy ? { substitutionPolicy } : {}) }],
        },
      },
      BasketResponseSchema,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(returnTo), 303);
    const reason: CartFormError =
      error instanceof HttpError && error.statusCode === 409 ? 'changed' : quantity === 0 ? 'remove' : 'update';
    return c.redirect(withParam(returnTo, CART_ERROR_PARAM, reason), 303);
  }
  if (!substitutionPolicy) return c.redirect(returnTo, 303);
  const saved = new URL(returnTo, 'https://return.invalid');
  saved.searchParams.set(SUBSTITUTION_SAVED_PARAM, '1');
  return c.redirect(`${saved.pathname}${saved.search}${saved.hash}`, 303);
}
