import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { PROMO_CODE_INVALID, type PromoOutcome } from './memberships.ts';

// The promo-code form without JavaScript (decision 637): it posts to the validate call, and the
// edge answers 303 to the rewards page with `promo=<outcome>`: account §4's outcome names, or why
// the code was refused. Never the code itself, so the page says it without the code.

/** The query parameter of the outcome on the rewards page. */
export const PROMO_PARAM = 'promo';
/** Where the promo-code form comes back to. */
export const PROMO_FORM_RETURN = '/account/rewards';

/** The outcomes (account §4) and refusals the plain form comes back with. */
export type PromoFormOutcome = PromoOutcome | 'INVALID' | 'EMPTY' | 'ERROR';
/** What the page says after the plain form. */
export interface PromoFormNotice {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * What the page says for each, in the island's words without the code (PROMO_MESSAGES; the spec
 * names the outcomes, not their text).
 */
const PROMO_FORM_NOTICES: Readonly<Record<PromoFormOutcome, PromoFormNotice>> = {
  LINKED: { tone: 'ok', text: 'The promo code is linked to your card.' },
  ALREADY_LINKED: { tone: 'ok', text: 'The promo code is already linked to your card.' },
  DEFAULT_SUCCESS: { tone: 'ok', text: 'Your first promo code is linked to your card.' },
  INVALID: { tone: 'error', text: PROMO_CODE_INVALID },
  EMPTY: { tone: 'error', text: 'Enter a promo code.' },
  ERROR: { tone: 'error', text: ACCOUNT_MESSAGES.GENERIC },
};

/** The rewards page with the outcome. `promoFormBack('LINKED') === '/account/rewards?promo=LINKED'` */
export function promoFormBack(outcome: PromoFormOutcome): string {
  return `${PROMO_FORM_RETURN}?${PROMO_PARAM}=${outcome}`;
}

/** The notice for a `promo` value, or null. `promoFormNotice('INVALID')?.tone === 'error'` */
export function promoFormNotice(value: string | null | undefined): PromoFormNotice | null {
  return value && Object.hasOwn(PROMO_FORM_NOTICES, value) ? PROMO_FORM_NOTICES[value as PromoFormOutcome] : null;
}
