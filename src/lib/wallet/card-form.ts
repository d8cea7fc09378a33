// The add-card form's fields (issue 13 §6; decision 631): one mapping from the form to the call's
// body, for the island (which sends JSON) and the edge (which takes the same form posted without
// JavaScript). The number and the security code go in a POST body only, never in a URL.

/** Where a card added by the plain form may send the shopper back to: the wallet or the checkout. */
const CARD_FORM_RETURNS = ['/account/wallet', '/checkout'] as const;
export type CardFormReturn = (typeof CARD_FORM_RETURNS)[number];

/** `returnTo` when it is one of CARD_FORM_RETURNS, else the wallet. */
export function cardFormReturn(value: string | null | undefined): CardFormReturn {
  return (CARD_FORM_RETURNS as readonly string[]).includes(value ?? '') ? (value as CardFormReturn) : '/account/wallet';
}

/** The add-card body of the form's fields (`field(name)` is a field's value, '' when absent). */
export function addCardInputOf(field: (name: string) => string) {
  return {
    cardNumber: field('cardNumber'),
    expirationMonth: field('expirationMonth'),
    expirationYear: field('expirationYear'),
    cvv: field('cvv'),
    cardHolderFirstName: field('cardHolderFirstName'),
    cardHolderLastName: field('cardHolderLastName'),
    billingAddress: {
      addressLine1: field('addressLine1'),
      city: field('city'),
      state: field('state'),
      zipCode: field('zipCode'),
    },
    nickname: field('nickname'),
    default: field('default') === 'on',
  };
}

/** What the wallet says after the plain form (ours, decision 631). */
export const WALLET_FORM_MESSAGES = {
  ADDED: 'Card added.',
  NOT_ADDED:
    "We couldn't add that card. Check the number, the expiry date, the security code and the billing address, and try again.",
} as const;
