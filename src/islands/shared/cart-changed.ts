// The server's cart can change under the cart islands by another feature's call: the checkout's
// flash-sale claim prices lines down (issue 20 §3). That feature announces it, and the cart islands
// fetch the cart again, so the pinned mini cart shows what the checkout charges. An event on
// window, because no feature imports another (ARCHITECTURE.md: Folders).

/** Dispatched on window when a call changed the shopper's cart on the server. */
export const CART_CHANGED_EVENT = 'hm:cart-changed';

/** Tells the page's cart islands that the server's cart changed. */
export function announceCartChanged(): void {
  globalThis.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Runs `listener` on each announcement; returns the function that stops it. */
export function onCartChanged(listener: () => void): () => void {
  globalThis.addEventListener(CART_CHANGED_EVENT, listener);
  return () => globalThis.removeEventListener(CART_CHANGED_EVENT, listener);
}
