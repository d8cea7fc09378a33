import { useEffect, useRef } from 'react';
import { MAX_CART_LINES } from '../../lib/basket/contracts.ts';

// The item-limit-exceeded modal (shopping §2 Modals): an add refused because the cart holds the
// most distinct items it may (MAX_CART_LINES). The spec shows no wording: ours says what happened
// and what to do (docs/decisions/250-guest-add-to-cart.md).

export function ItemLimitModal({ productName, onClose }: { productName: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="item-limit-title"
      data-testid="item-limit-modal"
      onClose={onClose}
    >
      <h2 id="item-limit-title">Your cart is full</h2>
      <p>
        A cart can hold up to {MAX_CART_LINES} different items, so {productName} could not be added. Remove something
        from your cart, then try again.
      </p>
      <p className="modal__actions">
        <a className="button" href="/cart">
          View cart
        </a>
        <button type="button" className="link-button" onClick={() => ref.current?.close()}>
          Close
        </button>
      </p>
    </dialog>
  );
}
