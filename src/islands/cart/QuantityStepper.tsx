import type { ReactNode } from 'react';
import { MAX_LINE_QUANTITY } from '../../lib/basket/contracts.ts';

export interface QuantityStepperProps {
  /** The product name the buttons speak of ("Remove one …", "Add one more …"). */
  name: string;
  quantity: number;
  /** Asks for a new quantity; 0 is a removal (shopping §4 Cart). */
  onChange: (quantity: number) => void;
  /** The group's accessible name. */
  label: string;
  className: string;
  busy?: boolean;
  /**
   * Inside a plain form (the cart page before hydration): the buttons submit `quantity` = the new
   * quantity, so the control works without JavaScript; once hydrated, onChange runs and the form's
   * onSubmit stops the post.
   */
  submitsForm?: boolean;
  children?: ReactNode;
}

/** The −/quantity/+ control (cards, product page, cart: one component, one look), capped at MAX_LINE_QUANTITY. */
export function QuantityStepper({
  name,
  quantity,
  onChange,
  label,
  className,
  busy,
  submitsForm = false,
  children,
}: QuantityStepperProps) {
  const as = (next: number) =>
    submitsForm ? ({ type: 'submit', name: 'quantity', value: String(next) } as const) : ({ type: 'button' } as const);
  return (
    <div className={`qty-stepper ${className}`} role="group" aria-label={label} aria-busy={busy}>
      <button {...as(quantity - 1)} aria-label={`Remove one ${name}`} onClick={() => onChange(quantity - 1)}>
        −
      </button>
      <output aria-live="polite" data-testid="cart-line-quantity">
        {quantity}
      </output>
      <button
        {...as(quantity + 1)}
        aria-label={`Add one more ${name}`}
        data-step="more"
        disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
      {children}
    </div>
  );
}
