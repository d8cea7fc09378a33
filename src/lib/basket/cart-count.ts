import { BASKET_PATHS, BasketResponseSchema } from './contracts.ts';
import type { PageContext } from '../http/page-context.ts';

/**
 * The signed-in shopper's cart item count for the header, or null when anonymous, on a banner
 * that skips the cart fetch (shopping §4 Cart, toggles.cartFetch) or when the basket cannot be
 * read. Never throws: a header must render without its count.
 */
export async function loadCartCount(
  context: Pick<PageContext, 'banner' | 'session' | 'upstream'>,
): Promise<number | null> {
  if (!context.session || !context.banner.toggles.cartFetch) return null;
  try {
    const result = await context.upstream.json({ method: 'GET', path: BASKET_PATHS.BASKET }, BasketResponseSchema);
    return result.data.data.itemCount;
  } catch {
    return null;
  }
}
