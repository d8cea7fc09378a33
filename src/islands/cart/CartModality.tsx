import { useAtomValue, useSetAtom } from 'jotai';
import { BASKET_PATHS } from '../../lib/basket/contracts.ts';
import { MODALITIES, MODALITY_LABELS } from '../../lib/catalog/product.ts';
import { cartModalityChangeFailure } from '../../lib/http/messages.ts';
import { cartModalityAtom, cartModalityChangeAtom, changeCartModalityAtom } from './atoms/index.ts';
import { CART_PATH } from './cart-path.ts';

/**
 * The cart's modality switch (shopping §3 Cart changeBasketModality, §8 Cart): a plain form before
 * hydration; after, a request per modality with its own loading and error state.
 */
export function CartModality() {
  const current = useAtomValue(cartModalityAtom);
  const states = useAtomValue(cartModalityChangeAtom);
  const change = useSetAtom(changeCartModalityAtom);
  const failed = MODALITIES.find((modality) => states[modality] === 'error');
  return (
    <form
      method="post"
      action={BASKET_PATHS.CHANGE_MODALITY}
      className="cart-modality"
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name="returnTo" value={CART_PATH} />
      <fieldset>
        <legend>How would you like to get this order?</legend>
        {MODALITIES.map((modality) => (
          <button
            key={modality}
            type="submit"
            name="modalityType"
            value={modality}
            aria-pressed={current === modality}
            aria-busy={states[modality] === 'loading'}
            data-testid={`cart-modality-${modality}`}
            onClick={() => void change(modality)}
          >
            {MODALITY_LABELS[modality]}
          </button>
        ))}
      </fieldset>
      {failed ? <p role="alert">{cartModalityChangeFailure(MODALITY_LABELS[failed])}</p> : null}
    </form>
  );
}
