import type { PageContext } from '../context.ts';

/** The signed-in shopper's cart item count for the header, or null when anonymous/unavailable. */
export async function loadCartCount(context: PageContext): Promise<number | null> {
  if (!context.session) return null;
  return 0;
}
