export interface CartCountProps {
  initialCount: number | null;
}

/** The header's cart count, shared with every add-to-cart island through Jotai (filled in by the cart work). */
export default function CartCount({ initialCount }: CartCountProps) {
  return <span data-testid="cart-count">{initialCount ?? 0}</span>;
}
