import * as v from 'valibot';
import { cardFormReturn } from './card-form.ts';
import { CARD_ID_PATTERN, NicknameSchema } from './contracts.ts';
import { WALLET_MESSAGES } from './messages.ts';

// A saved card's own plain forms (decision 637): make default, rename and delete, for a shopper
// without JavaScript or before the island runs. A form can neither PUT nor DELETE, so they post to
// the cards path (the add-card form's endpoint, decision 631) naming their `_action`; the edge
// makes the island's call and answers 303 to the wallet with `cardChange=<outcome>`: a flag, never
// the card's id, name or number.

/** What a card form asks for (its `_action` field); the add-card form names none. */
const CARD_ACTIONS = ['default', 'rename', 'delete'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];
/** The field that tells a card's own form from the add-card form. */
export const CARD_ACTION_FIELD = '_action';

/** The fields of a card's own form; `nickname` is the rename's ('' clears it). */
export const CardChangeFormSchema = v.object({
  [CARD_ACTION_FIELD]: v.picklist(CARD_ACTIONS),
  cardId: v.pipe(v.string(), v.regex(CARD_ID_PATTERN, 'must be a card id')),
  nickname: v.optional(NicknameSchema, ''),
  returnTo: v.optional(v.string()),
});

/** The query parameter of the outcome on the way back to the wallet. */
export const CARD_CHANGE_PARAM = 'cardChange';

/** What the wallet says after a card's form (ours; the generic and not-found texts as shopping §8 has them). */
const CARD_CHANGE_NOTICES = {
  default: { tone: 'ok', text: 'That card is now your default card.' },
  renamed: { tone: 'ok', text: 'Nickname saved.' },
  deleted: { tone: 'ok', text: 'The card was deleted.' },
  gone: { tone: 'error', text: WALLET_MESSAGES.CARD_GONE },
  failed: { tone: 'error', text: WALLET_MESSAGES.WALLET_GENERIC },
} as const;
export type CardChangeOutcome = keyof typeof CARD_CHANGE_NOTICES;

/** The outcome of an action the upstream took. */
export const CARD_ACTION_DONE: Readonly<Record<CardAction, CardChangeOutcome>> = {
  default: 'default',
  rename: 'renamed',
  delete: 'deleted',
};

/**
 * The wallet with the outcome, keeping the way back to the checkout (cardFormReturn).
 * `cardChangeBack('renamed', '/checkout') === '/account/wallet?cardChange=renamed&returnTo=%2Fcheckout'`
 */
export function cardChangeBack(outcome: CardChangeOutcome, returnTo: string | undefined): string {
  const query = new URLSearchParams({ [CARD_CHANGE_PARAM]: outcome });
  if (cardFormReturn(returnTo) === '/checkout') query.set('returnTo', '/checkout');
  return `/account/wallet?${query.toString()}`;
}

/** The notice for a `cardChange` value, or null. `cardChangeNotice('gone')?.tone === 'error'` */
export function cardChangeNotice(value: string | null | undefined) {
  return value && Object.hasOwn(CARD_CHANGE_NOTICES, value) ? CARD_CHANGE_NOTICES[value as CardChangeOutcome] : null;
}
