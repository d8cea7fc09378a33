import type { Context } from 'hono';
import * as v from 'valibot';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import {
  CARD_ACTION_DONE,
  CARD_ACTION_FIELD,
  CardChangeFormSchema,
  cardChangeBack,
  type CardChangeOutcome,
} from '../../src/lib/wallet/card-change.ts';
import { CardSchema, WALLET_PATHS } from '../../src/lib/wallet/contracts.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, singleValues, type FormFields } from '../validate.ts';

// A saved card's plain forms (decision 637): make default, rename and delete without JavaScript.
// They post to the cards path with `_action` (a form can neither PUT nor DELETE); the edge makes
// the island's own call (the card's PUT or DELETE) and answers 303 to the wallet with the outcome
// as a flag (src/lib/wallet/card-change.ts). No If-Match: like the island's delete, the card's id
// names what the shopper saw, and a write without a precondition is serialised, not refused.

/** True for a card's own form (it names its `_action`); the add-card form names none. */
export const isCardChangeForm = (fields: FormFields): boolean => fields[CARD_ACTION_FIELD] !== undefined;

/** Makes the change the form asks for; 303 to the wallet with its outcome, or to sign-in. */
export async function cardChangeForm(c: Context<EdgeEnv>, fields: FormFields): Promise<Response> {
  const back = (outcome: CardChangeOutcome) => c.redirect(cardChangeBack(outcome, formField(fields, 'returnTo')), 303);
  const parsed = v.safeParse(CardChangeFormSchema, singleValues(fields));
  if (!parsed.success) return back('failed');
  const { _action: action, cardId, nickname } = parsed.output;
  const path = WALLET_PATHS.card(cardId);
  try {
    await c
      .get('upstream')
      .json(
        action === 'delete'
          ? { method: 'DELETE', path }
          : { method: 'PUT', path, body: action === 'rename' ? { nickname } : { default: true } },
        CardSchema,
      );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 401 || error.statusCode === 403) return c.redirect(signInUrl('/account/wallet'), 303);
    // shopping §8: 'Not Found' is handled as such (deleted on another device); anything else is the generic message
    return back(error.statusCode === 404 ? 'gone' : 'failed');
  }
  return back(CARD_ACTION_DONE[action]);
}
