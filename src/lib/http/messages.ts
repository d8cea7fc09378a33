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

/**
 * The edge's own reasons for refusing a request before the upstream (wording ours, not the
 * spec's): the `reason` of the spec's error shape, and the messages of the path checks.
 */
export const EDGE_REASONS = {
  /** A write's Idempotency-Key seen before with another request (upstream/db/idempotency.ts). */
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key was already used with a different request',
  INVALID_QUERY: 'Invalid query',
  INVALID_BODY: 'Invalid body',
  INVALID_PATH: 'Invalid path',
  NOT_JSON: 'Body is not valid JSON',
  JSON_TYPE_REQUIRED: 'Content-Type must be application/json',
  INVALID_SIGN_IN: 'Invalid sign-in request',
  INVALID_IDEMPOTENCY_KEY: 'Invalid Idempotency-Key',
  INVALID_IF_MATCH: 'Invalid If-Match',
  IDEMPOTENCY_KEY_REQUIRED: 'Idempotency-Key is required',
  UNKNOWN_PLACEMENT: 'Unknown placement',
  BEARER_REQUIRED: 'A bearer token is required',
  SIGN_OUT_UNCONFIRMED: 'Sign-out could not be confirmed',
  NO_SUCH_STORE: 'No such store on this banner',
  NO_SUCH_DEAL: 'No such deal in the current weekly ad',
  NO_LIST_TO_ADD_TO: 'No list to add to',
  /** a plain form's fields failed with no message of their own */
  CHECK_ADDRESS: 'Please check the address.',
  CHECK_ENTRY: 'Please check your entry.',
} as const;

/** No store of the banner serves a postal code the shopper gave (wording ours). */
export function noStoreNear(bannerName: string, postalCode: string): string {
  return `No ${bannerName} store is near ${postalCode}`;
}

/** Why a signed-out caller is refused (401 AUTH_REQUIRED), by area (wording ours). */
export const SIGN_IN_REASONS = {
  GENERIC: 'Sign in required',
  LISTS: 'Sign in to use shopping lists',
  RECIPES: 'Sign in to see your recipes',
  RECIPES_OF_ANOTHER: 'Sign in as the shopper these recipes belong to',
  SAVE_RECIPES: 'Sign in to save recipes',
  REWARDS: 'Sign in to see your rewards',
  CHECKOUT: 'Sign in to check out',
  PROFILE: 'Sign in to see your profile',
  ORDERS: 'Sign in to see your orders',
  COUPONS: 'Sign in to clip coupons',
  ADDRESSES: 'Sign in to manage your addresses',
  WALLET: 'Sign in to use your wallet',
  PREFERENCES: 'Sign in to manage your preferences',
  SAVED_STORE: 'Sign in to see your saved store and way to shop',
  KEEP_STORE: 'Sign in to keep your store and way to shop',
  /** a remembered-only session asking for cards, addresses or the profile (decision 627) */
  SIGN_IN_AGAIN: 'Sign in again to see your saved cards, addresses and profile',
} as const;

/** What a path parameter must be: the rootCause of a 400 'Invalid path' (wording ours). */
export const PATH_REASONS = {
  LIST_ID: 'must be a list id',
  ORDER_NUMBER: 'must be a 10-digit order number',
  CHECKOUT_ID: 'must be a checkout id',
  RECIPE_IDS: 'must be recipe ids',
  RECIPE_ID: 'must be a recipe id',
  CUSTOMER_GUID: 'must be a customer GUID',
  COLLECTION_ID: 'must be a collection id',
  RECIPE_IMAGE: 'must be <id>-<small|medium|large>.svg',
  PRODUCT_IMAGE: 'must be {gtin13}.svg',
} as const;
