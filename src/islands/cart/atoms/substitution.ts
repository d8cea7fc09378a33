import { atom } from 'jotai';
import { newOpId, redirectToSignIn, sendSubstitution } from '../api.ts';
import { dispatch, isAuthFailure } from './cart-state.ts';

// A line's substitution choice (shopping §4 Cart), saved as the server answers it.

/** Per line, the last substitution save's state. */
const substitutionStateAtom = atom<Readonly<Record<string, 'loading' | 'loaded' | 'error'>>>({});
export const cartSubstitutionStateAtom = atom((get) => get(substitutionStateAtom));

/**
 * Saves a line's substitution choice (shopping §4 Cart: the policy follows the items; the server
 * applies the rule). Not an optimistic op: the picker shows the server's answer. Answers whether it was saved.
 */
export const setCartSubstitutionAtom = atom(
  null,
  async (
    get,
    set,
    change: {
      gtin13: string;
      quantity: number;
      substitutionPolicy: 'SHOPPER_CHOICE' | 'CUSTOMER_CHOICE' | 'NONE';
      substitutionItems: string[];
    },
  ) => {
    set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'loading' });
    try {
      dispatch(get, set, { type: 'loadSuccess', basket: await sendSubstitution(change, newOpId()) });
      set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'loaded' });
      return true;
    } catch (error) {
      set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'error' });
      if (isAuthFailure(error)) redirectToSignIn();
      return false;
    }
  },
);
