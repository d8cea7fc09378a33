// The messages shown to shoppers, verbatim from the spec. One catalogue; nothing else spells them.

/** spec: account §8 Messages shown to the user */
export const ACCOUNT_MESSAGES = {
  AUTH_STATE_FAILURE:
    "We're sorry, an unexpected error while trying to confirm your previous sign-in. Please try signing in again.",
  SIGN_IN_UNEXPECTED: "We're sorry, an unexpected error occurred. Please try signing in again.",
  SIGN_IN_TROUBLE:
    "We're having trouble with sign in right now. Please disable any pop up or ad blockers and try again.",
  ADDRESS_LIMIT:
    'You have reached the address book limit of 75 addresses. If you wish to add a new one, please consider removing an address not in use.',
  GENERIC: "We're sorry, we are currently experiencing technical difficulties. Please try again later.",
  OFFLINE: "Hmmm, looks like we've lost you. Please check your internet connection.",
  SELECT_STORE_EMAIL: 'Please select a preferred store before editing your email preferences.',
  SELECT_STORE_VIEW: 'Please select a preferred store before viewing this information.',
  NO_LOYALTY_CARD: 'There is no loyalty card linked to this account',
  EMAIL_PREFS_UPDATE_FAILURE:
    "We're sorry, but we couldn't update your email preferences at this time. Please try again later.",
  ORDER_UPDATES_LOAD_FAILURE:
    "...couldn't retrieve your Order Updates preference at this time. Please try again later.",
  ORDER_UPDATES_UPDATE_FAILURE: "...couldn't update your Order Updates preference at this time. Please try again.",
  ADVERTISING_UPDATE_FAILURE: "...couldn't update your advertising preferences at this time. Please try again later.",
} as const;

/** spec: shopping §2 and §8 */
export const SHOPPING_MESSAGES = {
  NOT_FOUND: 'Wheat a minute… that page doesn’t exist!',
  SEARCH_FAILURE: "Sorry, we're experiencing technical difficulties! Please try your search again later.",
  FAVORITE_FAILURE: "Sorry, we're experiencing technical difficulties! Please try again later.",
  RECIPE_NOT_FOUND: "Oops, that recipe can't be found",
  RECIPE_FILTER_FAILURE: "Sorry, we're experiencing technical difficulties!",
  GIFT_CARD_NO_FUNDS: 'There are no remaining funds on this gift card.',
  GIFT_CARD_OFFLINE: 'Your internet connection is down. Check your connection and try again.',
  GIFT_CARD_GENERIC: "We're sorry, we're currently experiencing technical difficulties. Please try again.",
  LIST_NAME_EMPTY: 'List name cannot be empty.',
  LIST_NAME_TOO_LONG: 'The given list name is too long. Kindly provide a shorter name.',
  LIST_NAME_DUPLICATE: 'Another list with same name already exists.',
  LIST_MAX_QUANTITY: 'Exceeded max quantity. Please check your shopping list.',
  LIST_MAX_UNIQUE_ITEMS: 'Exceeded max quantity of unique items (250) in list.',
  LIST_DOES_NOT_EXIST: 'Shopping list does not exist. Please refresh your browser.',
  LIST_MAX_LISTS: 'You have reached the maximum number of lists.',
  LIST_MAX_LISTS_OUTAGE: 'You have reached the maximum number of lists. Please try again later.',
  LIST_LOAD_FAILURE: 'Sorry, we’re having trouble loading your list(s). Please try again later.',
  PRINT_COUPONS_FAILURE: 'Sorry, something went wrong with your request to print coupons. Please try again later.',
  LIST_OUTAGE_TITLE: 'Service Outage',
  NETWORK_TITLE: 'No Network Connection',
  NETWORK_BODY: 'Please check your network settings and try again.',
  CART_ADD_FAILURE: 'Sorry, something went wrong with your request to add the item.',
  CART_REMOVE_FAILURE: 'Sorry, something went wrong with your request to remove the item(s).',
  CART_UPDATE_FAILURE: 'Sorry, something went wrong with your request to update your cart.',
  CART_LINE_ITEM_MISMATCH:
    'This item was updated in your cart on another device or browser. Refresh the screen to see your current cart.',
  ITEM_MISSING_PRICE: 'item is missing price',
} as const;

/** spec: shopping §8 Cart: "We're sorry, something went wrong when changing your item(s) to {modality}." */
export function cartModalityChangeFailure(modality: string): string {
  return `We're sorry, something went wrong when changing your item(s) to ${modality}. Please try again.`;
}

/** shopping §8 Cart load failure on 401 or 403: "the message asks the shopper to sign in again" (wording ours, decision 250). */
export const CART_SIGN_IN_AGAIN =
  "We're sorry, but we couldn't load your cart because you've been signed out. Please sign in again to see your cart.";

/**
 * An add (or a raised quantity) refused because the shopper's store has none left. Wording ours:
 * shopping §8 Cart gives only the generic add message, which would hide why (decision 475).
 */
export const CART_OUT_OF_STOCK = 'Sorry, this item is out of stock at your store.';

/**
 * A quantity above what the store has, refused with how many it has (decision 475, wording ours).
 * `cartOnlyLeft(1) === 'Sorry, only 1 of this item is left at your store.'`
 */
export function cartOnlyLeft(available: number): string {
  return available <= 0
    ? CART_OUT_OF_STOCK
    : `Sorry, only ${available} of this item ${available === 1 ? 'is' : 'are'} left at your store.`;
}

/** spec: shopping §8 Cart load failure, with the banner's customer-service phone. */
export function cartLoadFailure(phone: string): string {
  return `We're sorry, but there was a problem loading your cart. Please refresh the page. If the problem persists, please contact Customer Service at ${phone}.`;
}

/** issue 22 §2: a guest's add to cart waits for sign-in, and is kept (worker/pending-add.ts). */
export const GUEST_ADD_MESSAGES = {
  SIGN_IN: "Sign in to add items to your cart. We'll keep the item you chose and add it when you're signed in.",
  CREATE:
    "Create an account to add items to your cart. We'll keep the item you chose and add it once your account is ready.",
  KEPT: 'We kept the item you chose: it is in your cart.',
} as const;
