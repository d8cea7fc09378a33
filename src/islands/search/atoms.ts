import { atom } from 'jotai';
import {
  INITIAL_REQUEST_IDS,
  invalidateRequests,
  isLatestRequest,
  issueRequestId,
} from '../../lib/search/request-ids.ts';
import {
  meetsSuggestionMinimum,
  productSuggestionGtins,
  suggestionText,
  type SuggestionOutput,
} from '../../lib/search/suggestions.ts';
import { EdgeCallError } from '../shared/call-edge.ts';
import { fetchSuggestionPrices, fetchSuggestions, type SuggestionPrice } from './api.ts';

// The header search box's suggestions (docs/decisions/060-search-pages.md). Nothing is seeded
// from props, so the module-level default store is safe on the server too (docs/decisions/003):
// the server only ever reads the initial values. Base atoms are private.

type SuggestStatus = 'idle' | 'loading' | 'loaded' | 'offline';

interface SuggestState {
  status: SuggestStatus;
  /** The text the suggestions are for. */
  text: string;
  suggestions: SuggestionOutput[];
  /** The highlighted option, or -1. */
  active: number;
  open: boolean;
  /** gtin13 -> the price of a product suggestion at the shopper's store, once fetched. */
  prices: ReadonlyMap<string, SuggestionPrice>;
}

const NO_PRICES: ReadonlyMap<string, SuggestionPrice> = new Map();
const INITIAL: SuggestState = { status: 'idle', text: '', suggestions: [], active: -1, open: false, prices: NO_PRICES };

const stateAtom = atom<SuggestState>(INITIAL);
const requestIdsAtom = atom(INITIAL_REQUEST_IDS);
let controller: AbortController | null = null;

/** What the island renders. */
export const suggestViewAtom = atom((get) => get(stateAtom));

/**
 * Asks for suggestions for `text` (the caller debounces). Text under the banner's minimum closes
 * the list and makes any answer in flight late. spec: shopping §4 Search: each request gets an
 * incrementing id; only the latest one's answer is used.
 */
export const requestSuggestionsAtom = atom(
  null,
  async (get, set, { text, minChars }: { text: string; minChars: number }) => {
    controller?.abort();
    controller = null;
    if (!meetsSuggestionMinimum(text, minChars)) {
      set(requestIdsAtom, invalidateRequests(get(requestIdsAtom)));
      set(stateAtom, INITIAL);
      return;
    }
    const wanted = suggestionText(text);
    const { ids, id } = issueRequestId(get(requestIdsAtom));
    set(requestIdsAtom, ids);
    set(stateAtom, (state) => ({ ...state, status: 'loading' }));
    const own = new AbortController();
    controller = own;
    try {
      const suggestions = await fetchSuggestions(wanted, own.signal);
      if (!isLatestRequest(get(requestIdsAtom), id)) return;
      set(stateAtom, {
        status: 'loaded',
        text: wanted,
        suggestions,
        active: -1,
        open: suggestions.length > 0,
        prices: NO_PRICES,
      });
      // The pictures show at once; the prices for the shopper's store follow in one call.
      const gtins = productSuggestionGtins(suggestions);
      if (gtins.length > 0) {
        const prices = await fetchSuggestionPrices(gtins, own.signal);
        if (isLatestRequest(get(requestIdsAtom), id) && prices.size > 0)
          set(stateAtom, (state) => ({ ...state, prices }));
      }
    } catch (error) {
      if (!isLatestRequest(get(requestIdsAtom), id)) return;
      // spec: shopping §8: no answer at all is "no network connection" (code -1), shown as a quiet
      // hint; any other failure just shows no suggestions (the plain search still works).
      const offline = error instanceof EdgeCallError && error.kind === 'network';
      set(stateAtom, { ...INITIAL, status: offline ? 'offline' : 'idle', text: wanted });
    } finally {
      if (controller === own) controller = null;
    }
  },
);

/** Moves the highlight by `delta` (wrapping), opening the list when it has options. */
export const moveActiveAtom = atom(null, (get, set, delta: 1 | -1) => {
  const state = get(stateAtom);
  const count = state.suggestions.length;
  if (count === 0) return;
  if (!state.open) {
    set(stateAtom, { ...state, open: true, active: delta === 1 ? 0 : count - 1 });
    return;
  }
  const next = state.active === -1 ? (delta === 1 ? 0 : count - 1) : (state.active + delta + count) % count;
  set(stateAtom, { ...state, active: next });
});

/** Closes the list (Escape, blur, a choice); the suggestions stay for ArrowDown to reopen. */
export const closeSuggestionsAtom = atom(null, (get, set) => {
  set(stateAtom, { ...get(stateAtom), open: false, active: -1 });
});

/** Highlights one option (pointer hover). */
export const setActiveAtom = atom(null, (get, set, index: number) => {
  set(stateAtom, { ...get(stateAtom), active: index });
});
