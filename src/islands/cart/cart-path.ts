/** The cart page's own path: where the plain forms come back to, and what Refresh Cart reloads. */
export const CART_PATH = '/cart';
