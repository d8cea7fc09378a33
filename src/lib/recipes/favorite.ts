// The favourite toggle (shopping §4 Recipes): if the recipe is a favourite the call unfavourites
// it, otherwise it favourites it; the flag (on the list and the detail) flips only after the
// server call succeeds. A failure leaves the flag and shows the spec's toast.

export interface FavoriteState {
  favorite: boolean;
  /** a call is under way: a second click waits */
  pending: boolean;
  /** favoriteToggled: the flag changed in this visit */
  toggled: boolean;
  error: string | null;
}

export type FavoriteAction =
  | { type: 'request' }
  | { type: 'sync'; favorite: boolean }
  | { type: 'success' }
  | { type: 'failure'; message: string };

/** Which call a toggle makes. `favoriteCall(true) === 'unfavorite'` */
export function favoriteCall(favorite: boolean): 'favorite' | 'unfavorite' {
  return favorite ? 'unfavorite' : 'favorite';
}

export function favoriteReducer(state: FavoriteState, action: FavoriteAction): FavoriteState {
  switch (action.type) {
    case 'request':
      return state.pending ? state : { ...state, pending: true, error: null };
    case 'sync':
      // what the server says the flag is (a cached page does not know the shopper's favourites)
      return { ...state, favorite: action.favorite };
    case 'success':
      return { favorite: !state.favorite, pending: false, toggled: !state.toggled, error: null };
    case 'failure':
      return { ...state, pending: false, error: action.message };
  }
}
