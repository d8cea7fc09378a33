import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect, useState } from 'react';
import { cartCountAtom, loadCartAtom, seedCartCountAtom, seedLateBasketAtom } from './atoms/index.ts';
import { withIslandStore } from '../shared/island-store.tsx';
import { cartCountLabel } from '../../lib/basket/count-label.ts';

interface CartCountProps {
  initialCount: number | null;
  /** The shopper is signed in (the cart fetch runs only then, shopping §4 Cart). */
  signedIn?: boolean;
  /** The banner's toggles.cartFetch: false on the banner that skips the cart fetch. */
  cartFetch?: boolean;
}

/** The header's cart count, shared with every add-to-cart island through Jotai. */
function CartCountBadge({ initialCount, signedIn = false, cartFetch = false }: CartCountProps) {
  useHydrateAtoms([[seedCartCountAtom, initialCount]] as const);
  const shared = useAtomValue(cartCountAtom);
  const load = useSetAtom(loadCartAtom);
  const seedLate = useSetAtom(seedLateBasketAtom);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    // the page's personal call may have fetched the basket already (late-personal.ts)
    if (signedIn && cartFetch && !seedLate()) void load();
  }, [signedIn, cartFetch, load, seedLate]);
  const count = mounted ? shared : initialCount;
  // Not known (the banner that skips the cart fetch, before its first cart call): no figure rather
  // than a 0 the cart may not hold (issue 22 §2, decision 650).
  if (count === null) return <span data-testid="cart-count" role="status" aria-label="Cart" hidden></span>;
  return (
    <span data-testid="cart-count" role="status" aria-label={cartCountLabel(count)}>
      {count}
    </span>
  );
}

/** The island: CartCountBadge inside its own store on the server, the page's in the browser. */
export default withIslandStore(CartCountBadge);
