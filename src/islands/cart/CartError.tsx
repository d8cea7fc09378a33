import { SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { CART_PATH } from './cart-path.ts';

/** A failure message; the line-item mismatch comes with the spec's Refresh Cart link (shopping §8 Cart). */
export function CartError({ message, className }: { message: string; className?: string }) {
  return (
    <p role="alert" className={className}>
      {message}
      {message === SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH ? (
        <>
          {' '}
          <a href={CART_PATH} data-testid="refresh-cart">
            Refresh Cart
          </a>
        </>
      ) : null}
    </p>
  );
}
