import { atom } from 'jotai';
import { MODALITY_LABELS, type Modality } from '../../../lib/catalog/product.ts';
import { showModalityInHeader } from '../../shared/store-indicator.ts';
import { changeBasketModality, newOpId, redirectToSignIn } from '../api.ts';
import { cartStateAtom, dispatch, isAuthFailure } from './cart-state.ts';

// Switching the cart's way to shop (shopping §3 Cart status.changeBasketModality).

/** Per modality, the last switch's state (shopping §3 Cart status.changeBasketModality). */
type ModalityChangeState = Readonly<Partial<Record<Modality, 'loading' | 'loaded' | 'error'>>>;
const modalityChangeAtom = atom<ModalityChangeState>({});

/** The cart's modality as the server last said, or null before a basket is known. */
export const cartModalityAtom = atom((get) => get(cartStateAtom).server?.modality ?? null);

/** The switch's request state per modality. */
export const cartModalityChangeAtom = atom((get) => get(modalityChangeAtom));

/** Switches the cart to `modality`: request, then success (the basket, ineligible lines marked) or error for that modality. */
export const changeCartModalityAtom = atom(null, async (get, set, modality: Modality) => {
  if (get(modalityChangeAtom)[modality] === 'loading') return;
  set(modalityChangeAtom, { ...get(modalityChangeAtom), [modality]: 'loading' });
  try {
    dispatch(get, set, { type: 'loadSuccess', basket: await changeBasketModality(modality, newOpId()) });
    set(modalityChangeAtom, { [modality]: 'loaded' });
    showModalityInHeader(MODALITY_LABELS[modality]);
  } catch (error) {
    set(modalityChangeAtom, { ...get(modalityChangeAtom), [modality]: 'error' });
    if (isAuthFailure(error)) redirectToSignIn();
  }
});
