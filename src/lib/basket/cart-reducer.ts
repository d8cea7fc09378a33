import { nextLoadingStatus, type LoadingStatus } from '../async/loading-status.ts';
import { INITIAL_REQUEST_STATE, requestStateReducer, type RequestState } from '../async/request-state.ts';
import type { Modality } from '../catalog/product.ts';
import { lineOffer, linePrice, type Offer } from '../pricing/price.ts';
import {
  DEFAULT_ADD_QUANTITY,
  MAX_LINE_QUANTITY,
  cartItemCount,
  eTagVersion,
  type BasketOutput,
  type LineItemOutput,
  type SubstitutionPolicy,
} from './contracts.ts';

// spec: shopping §3 Cart / Cart line item, §4 Cart. The optimistic cart is derived from the last
// server answer plus the pending writes (the Hydrogen habit, STYLE.md): a write is snapshot-free
// to roll back because removing it from `pending` restores exactly what the cart was without it,
// and every server answer replaces the server part wholesale. Every line the shopper sees is priced
// by the one pricing function from the line's pricing data (src/lib/pricing), so a changed
// quantity shows, before the server answers, the total the server will answer (issue 20 §3).

/** What an add knows of the item's price before the server prices the line: the card's offer. */
export type AddOffer = Pick<Offer, 'regularCents' | 'promoCents' | 'dealPriceString'>;

/** One optimistic write; its id is also the write's Idempotency-Key (reused on retry). */
export type CartOp =
  | {
      id: string;
      kind: 'add';
      gtin13: string;
      quantity: number;
      sent: boolean;
      name: string;
      offer: AddOffer;
      modalityType: Modality;
      created: string;
    }
  | { id: string; kind: 'setQuantity'; gtin13: string; quantity: number; sent: boolean }
  | { id: string; kind: 'remove'; gtin13: string; sent: boolean };

export interface CartState {
  /** the last server answer, or null before the cart was loaded or written */
  server: BasketOutput | null;
  /** the count the page was rendered with (header prop), used until a server answer arrives */
  baseCount: number | null;
  /** optimistic writes in the order the shopper made them; they are sent one at a time */
  pending: readonly CartOp[];
  load: RequestState;
  /** shopping §3 Cart status loadingStatus (§4: notLoaded, loading, loaded, error, retry) */
  loadingStatus: LoadingStatus;
}

export type CartAction =
  | { type: 'hydrateCount'; count: number | null }
  | { type: 'loadRequest' }
  | { type: 'loadSuccess'; basket: BasketOutput }
  | { type: 'loadFailure'; httpStatus: number | null }
  | {
      type: 'add';
      opId: string;
      gtin13: string;
      name: string;
      offer: AddOffer;
      modalityType: Modality;
      created: string;
    }
  | { type: 'setQuantity'; opId: string; gtin13: string; quantity: number }
  | { type: 'remove'; opId: string; gtin13: string }
  | { type: 'sent'; opId: string }
  | { type: 'writeSuccess'; opId: string; basket: BasketOutput }
  | { type: 'writeFailure'; opId: string };

/** A line as the shopper sees it: the server line with the pending writes applied. */
interface CartLineView extends Omit<LineItemOutput, 'quantity'> {
  quantity: number;
  persistedQuantity: number;
  activeUpdateRequests: number;
  isDeleting: boolean;
  /** true while a write for this line waits behind a pending add (shopping §4 Cart) */
  queued: boolean;
}

export interface CartView {
  lines: CartLineView[];
  itemCount: number;
}

export const INITIAL_CART_STATE: CartState = {
  server: null,
  baseCount: null,
  pending: [],
  load: INITIAL_REQUEST_STATE,
  loadingStatus: 'notLoaded',
};

/** Takes a server basket unless it is older than the one held (answers may cross). */
function newerServer(current: BasketOutput | null, next: BasketOutput): BasketOutput {
  if (!current || current.id !== next.id) return next;
  const held = eTagVersion(current.eTag);
  const incoming = eTagVersion(next.eTag);
  return held !== null && incoming !== null && incoming < held ? current : next;
}

/** True when the shopper sees a line for `gtin13` (a line being deleted still counts: the shopper may change their mind). */
function inView(state: CartState, gtin13: string): boolean {
  return cartView(state).lines.some((line) => line.gtin13 === gtin13);
}

/** The pure cart reducer over the shopper's and the server's actions. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'hydrateCount':
      return { ...state, baseCount: action.count };
    case 'loadRequest':
      return {
        ...state,
        load: requestStateReducer(state.load, { type: 'request' }),
        loadingStatus: nextLoadingStatus(state.loadingStatus, 'request'),
      };
    case 'loadSuccess':
      return {
        ...state,
        server: newerServer(state.server, action.basket),
        load: requestStateReducer(state.load, { type: 'success' }),
        loadingStatus: nextLoadingStatus(state.loadingStatus, 'success'),
      };
    case 'loadFailure':
      return {
        ...state,
        load: requestStateReducer(
          state.load,
          action.httpStatus === null
            ? { type: 'clientError' }
            : { type: 'responseError', httpStatus: action.httpStatus },
        ),
        loadingStatus: nextLoadingStatus(state.loadingStatus, 'failure'),
      };
    case 'add': {
      // spec: add is optimistic, with quantity 1 and shopper-choice substitution
      const op: CartOp = {
        id: action.opId,
        kind: 'add',
        gtin13: action.gtin13,
        quantity: DEFAULT_ADD_QUANTITY,
        sent: false,
        name: action.name,
        offer: action.offer,
        modalityType: action.modalityType,
        created: action.created,
      };
      return { ...state, pending: [...state.pending, op] };
    }
    case 'setQuantity': {
      if (!Number.isInteger(action.quantity) || action.quantity < 0 || action.quantity > MAX_LINE_QUANTITY)
        return state;
      if (!inView(state, action.gtin13)) return state;
      // spec: a quantity of 0 becomes a removal
      const op: CartOp =
        action.quantity === 0
          ? { id: action.opId, kind: 'remove', gtin13: action.gtin13, sent: false }
          : { id: action.opId, kind: 'setQuantity', gtin13: action.gtin13, quantity: action.quantity, sent: false };
      return { ...state, pending: [...state.pending, op] };
    }
    case 'remove':
      if (!inView(state, action.gtin13)) return state;
      return {
        ...state,
        pending: [...state.pending, { id: action.opId, kind: 'remove', gtin13: action.gtin13, sent: false }],
      };
    case 'sent':
      return { ...state, pending: state.pending.map((op) => (op.id === action.opId ? { ...op, sent: true } : op)) };
    case 'writeSuccess':
      // the server answer replaces the optimistic state of this write
      return {
        ...state,
        server: newerServer(state.server, action.basket),
        pending: state.pending.filter((op) => op.id !== action.opId),
      };
    case 'writeFailure': {
      const failed = state.pending.find((op) => op.id === action.opId);
      if (!failed) return state;
      // A failed add takes the writes queued behind it for a line the server never had.
      const orphaned = (op: CartOp) =>
        failed.kind === 'add' &&
        !op.sent &&
        op.gtin13 === failed.gtin13 &&
        !state.server?.lineItems.some((line) => line.gtin13 === failed.gtin13) &&
        !state.pending.some(
          (other) => other.kind === 'add' && other.gtin13 === failed.gtin13 && other.id !== failed.id,
        );
      return { ...state, pending: state.pending.filter((op) => op.id !== failed.id && !orphaned(op)) };
    }
    default: {
      const unknown: never = action;
      throw new Error(`unknown cart action ${JSON.stringify(unknown)}`);
    }
  }
}

/** The next write to send: the oldest unsent one, and only when none is in flight (writes are serial, so each carries the latest eTag). */
export function nextOpToSend(state: CartState): CartOp | null {
  if (state.pending.some((op) => op.sent)) return null;
  return state.pending[0] ?? null;
}

/** The cart as the shopper sees it: server lines with pending writes applied, plus the item count. */
export function cartView(state: CartState): CartView {
  const lines = new Map<string, CartLineView>();
  for (const line of state.server?.lineItems ?? []) {
    lines.set(line.gtin13, {
      ...line,
      persistedQuantity: line.quantity,
      activeUpdateRequests: 0,
      isDeleting: false,
      queued: false,
    });
  }
  const addsSeen = new Set<string>();
  for (const op of state.pending) {
    const line = lines.get(op.gtin13);
    const queued = op.kind !== 'add' && addsSeen.has(op.gtin13);
    if (op.kind === 'add') {
      addsSeen.add(op.gtin13);
      if (line) {
        lines.set(op.gtin13, {
          ...line,
          quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + op.quantity),
          isDeleting: false,
          activeUpdateRequests: line.activeUpdateRequests + 1,
        });
      } else {
        lines.set(op.gtin13, {
          id: `pending:${op.id}`,
          gtin13: op.gtin13,
          quantity: op.quantity,
          persistedQuantity: 0,
          activeUpdateRequests: 1,
          isDeleting: false,
          queued: false,
          modalityType: op.modalityType,
          eligible: true, // until the server says otherwise
          substitutionPolicy: 'SHOPPER_CHOICE' satisfies SubstitutionPolicy,
          substitutionItems: [],
          created: op.created,
          name: op.name,
          // until the server prices it: the offer the card showed (priced below, like every line)
          regularUnitPriceCents: op.offer.regularCents,
          promoUnitPriceCents: op.offer.promoCents,
          dealPriceString: op.offer.dealPriceString,
          coupon: null,
          flashSales: [],
          ...priced(
            {
              regularUnitPriceCents: op.offer.regularCents,
              promoUnitPriceCents: op.offer.promoCents,
              dealPriceString: op.offer.dealPriceString,
            },
            op.quantity,
          ),
        });
      }
      continue;
    }
    if (!line) continue;
    const counted = { ...line, activeUpdateRequests: line.activeUpdateRequests + 1, queued: line.queued || queued };
    lines.set(
      op.gtin13,
      op.kind === 'remove'
        ? { ...counted, quantity: 0, isDeleting: true }
        : { ...counted, quantity: op.quantity, isDeleting: false },
    );
  }
  // every line at the quantity the shopper sees, by the one pricing function (the server's lines come out as it priced them)
  const all = [...lines.values()].map((line) => ({ ...line, ...priced(line, line.quantity) }));
  const base = state.server ? 0 : (state.baseCount ?? 0);
  return { lines: all, itemCount: base + cartItemCount(all) };
}

/** The priced fields of a line at `quantity`, from its pricing data. */
function priced(line: Parameters<typeof lineOffer>[0], quantity: number) {
  const price = linePrice(lineOffer(line), quantity);
  return {
    unitPriceCents: price.unitCents,
    lineTotalCents: price.totalCents,
    savingsCents: price.savingsCents,
    couponSavingsCents: price.couponCents,
    priceAdjustments: price.adjustments,
  };
}
