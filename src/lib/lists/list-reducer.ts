import { listItemIdentity, type ListItemOutput } from './contracts.ts';

// The list page's optimistic state (issue 11 §4; shopping §4 Shopping lists), as a pure reducer:
// - a quantity change is optimistic: the request counter (activeUpdateRequests) increments; on
//   success it pops and, once empty, persistedQuantity syncs; on error the quantity reverts to the
//   persisted value;
// - a removal sets isDeleting and quantity 0, then the item goes; on error the quantity comes back;
// - an add is optimistic; on error the item is removed (unless the server has it after all);
// - a check toggle is optimistic, rolled back to the opposite value on error;
// - remove all empties the items (totals 0.00).
// Writes of one list are sent one at a time, so answers come back in the order they were sent;
// every answer carries the server's item, so once every write is answered the view is the
// server's (the property tests in list-reducer.test.ts run random interleavings).

export interface ListItemState extends ListItemOutput {
  identity: string;
  persistedQuantity: number;
  activeUpdateRequests: number;
  isDeleting: boolean;
  /** check toggles not answered yet */
  checkRequests: number;
  /** the server's quantity as last answered (null: the server does not have the item) */
  lastServerQuantity: number | null;
  /** the server's checked state as last answered */
  lastServerChecked: boolean | null;
}

export interface ListState {
  items: ListItemState[];
  estimatedTotal: { subtotal: string; savings: string };
}

export type ListAction =
  | { type: 'load'; items: readonly ListItemOutput[]; estimatedTotal: ListState['estimatedTotal'] }
  | { type: 'add'; item: ListItemOutput }
  | { type: 'setQuantity'; identity: string; quantity: number }
  | { type: 'toggleCheck'; identity: string }
  | {
      type: 'succeeded';
      identity: string;
      kind: 'quantity' | 'check';
      server: ListItemOutput | null;
      estimatedTotal?: ListState['estimatedTotal'];
    }
  | { type: 'failed'; identity: string; kind: 'quantity' | 'check' }
  | { type: 'removedAll' }
  /** a write still waiting (after a refetch, or from the offline queue) shown again on the fresh list */
  | { type: 'reapply'; kind: 'quantity' | 'check'; item: ListItemOutput };

export const identityOf = (item: Pick<ListItemOutput, 'upc' | 'categoryId' | 'name'>) => listItemIdentity(item);

function fromServer(item: ListItemOutput): ListItemState {
  return {
    ...item,
    identity: identityOf(item),
    persistedQuantity: item.quantity,
    activeUpdateRequests: 0,
    isDeleting: false,
    checkRequests: 0,
    lastServerQuantity: item.quantity,
    lastServerChecked: item.checked,
  };
}

export function initialListState(
  items: readonly ListItemOutput[],
  estimatedTotal: ListState['estimatedTotal'],
): ListState {
  return { items: items.map(fromServer), estimatedTotal };
}

const replace = (
  state: ListState,
  identity: string,
  update: (item: ListItemState) => ListItemState | null,
): ListState => ({
  ...state,
  items: state.items.flatMap((item) => {
    if (item.identity !== identity) return [item];
    const next = update(item);
    return next ? [next] : [];
  }),
});

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'load':
      return initialListState(action.items, action.estimatedTotal);
    case 'add': {
      const identity = identityOf(action.item);
      const existing = state.items.find((item) => item.identity === identity);
      if (existing)
        return listReducer(state, {
          type: 'setQuantity',
          identity,
          // past 999 too: the edge refuses it with the spec's max-quantity reason, the island says so
          // and the line goes back to what the list holds (shopping §5; decision 661: capped in silence)
          quantity: existing.quantity + action.item.quantity,
        });
      const added: ListItemState = {
        ...action.item,
        identity,
        persistedQuantity: 0,
        activeUpdateRequests: 1,
        isDeleting: false,
        checkRequests: 0,
        lastServerQuantity: null,
        lastServerChecked: null,
      };
      return { ...state, items: [added, ...state.items] };
    }
    case 'setQuantity':
      // above 999 goes to the edge, which refuses it with the spec's max-quantity reason (decision 661)
      if (action.quantity < 0 || !Number.isInteger(action.quantity)) return state;
      return replace(state, action.identity, (item) => ({
        ...item,
        quantity: action.quantity,
        isDeleting: action.quantity === 0,
        activeUpdateRequests: item.activeUpdateRequests + 1,
      }));
    case 'toggleCheck':
      return replace(state, action.identity, (item) => ({
        ...item,
        checked: !item.checked,
        checkRequests: item.checkRequests + 1,
      }));
    case 'succeeded': {
      const total = action.estimatedTotal ?? state.estimatedTotal;
      const known = state.items.some((item) => item.identity === action.identity);
      if (!known) {
        // answered after a reload or a remove-all: the server's item is the truth
        return action.server
          ? { items: [fromServer(action.server), ...state.items], estimatedTotal: total }
          : { ...state, estimatedTotal: total };
      }
      const server = action.server;
      const next = replace(state, action.identity, (item) => {
        const activeUpdateRequests = Math.max(0, item.activeUpdateRequests - (action.kind === 'quantity' ? 1 : 0));
        const checkRequests = Math.max(0, item.checkRequests - (action.kind === 'check' ? 1 : 0));
        const updated: ListItemState = {
          ...item,
          ...(server ? serverFacts(server) : {}),
          activeUpdateRequests,
          checkRequests,
          lastServerQuantity: server?.quantity ?? null,
          lastServerChecked: server?.checked ?? null,
        };
        if (activeUpdateRequests === 0 && checkRequests === 0) {
          // nothing in flight: the item is the server's
          if (!server) return null;
          return {
            ...updated,
            quantity: server.quantity,
            persistedQuantity: server.quantity,
            checked: server.checked,
            isDeleting: false,
          };
        }
        if (action.kind === 'quantity' && activeUpdateRequests === 0 && server)
          return { ...updated, quantity: server.quantity, persistedQuantity: server.quantity, isDeleting: false };
        if (action.kind === 'check' && checkRequests === 0 && server) return { ...updated, checked: server.checked };
        return updated;
      });
      return { ...next, estimatedTotal: total };
    }
    case 'failed':
      return replace(state, action.identity, (item) => {
        const activeUpdateRequests = Math.max(0, item.activeUpdateRequests - (action.kind === 'quantity' ? 1 : 0));
        const checkRequests = Math.max(0, item.checkRequests - (action.kind === 'check' ? 1 : 0));
        if (activeUpdateRequests === 0 && checkRequests === 0) {
          // nothing in flight: back to what the server has (an add it never took is removed)
          if (item.lastServerQuantity === null) return null;
          return {
            ...item,
            activeUpdateRequests,
            checkRequests,
            quantity: item.lastServerQuantity,
            persistedQuantity: item.lastServerQuantity,
            checked: item.lastServerChecked ?? item.checked,
            isDeleting: false,
          };
        }
        if (action.kind === 'check') return { ...item, activeUpdateRequests, checkRequests, checked: !item.checked };
        if (activeUpdateRequests === 0) {
          // the quantity reverts to the persisted value
          const quantity = item.lastServerQuantity ?? item.quantity;
          return {
            ...item,
            activeUpdateRequests,
            checkRequests,
            quantity,
            persistedQuantity: quantity,
            isDeleting: item.lastServerQuantity === null ? item.isDeleting : false,
          };
        }
        return { ...item, activeUpdateRequests, checkRequests };
      });
    case 'reapply': {
      const identity = identityOf(action.item);
      const existing = state.items.find((item) => item.identity === identity);
      const counters = (item: ListItemState) =>
        action.kind === 'quantity'
          ? { activeUpdateRequests: item.activeUpdateRequests + 1 }
          : { checkRequests: item.checkRequests + 1 };
      if (!existing) {
        const base: ListItemState = {
          ...action.item,
          identity,
          persistedQuantity: 0,
          activeUpdateRequests: 0,
          isDeleting: action.item.quantity === 0,
          checkRequests: 0,
          lastServerQuantity: null,
          lastServerChecked: null,
        };
        return { ...state, items: [{ ...base, ...counters(base) }, ...state.items] };
      }
      return replace(state, identity, (item) => ({
        ...item,
        quantity: action.item.quantity,
        checked: action.item.checked,
        isDeleting: action.item.quantity === 0,
        ...counters(item),
      }));
    }
    case 'removedAll':
      return { items: [], estimatedTotal: { subtotal: '0.00', savings: '0.00' } };
    default: {
      const unknown: never = action;
      throw new Error(`unknown list action ${JSON.stringify(unknown)}`);
    }
  }
}

/** What the server decides about an item besides the shopper's own fields. */
function serverFacts(server: ListItemOutput): Partial<ListItemState> {
  return {
    id: server.id,
    name: server.name,
    displayName: server.displayName,
    categoryName: server.categoryName,
    aisle: server.aisle,
    regularPrice: server.regularPrice,
    promoPrice: server.promoPrice,
    lineTotal: server.lineTotal,
    savings: server.savings,
    couponDetails: server.couponDetails,
    modified: server.modified,
  };
}

/** The items the shopper sees: a removal in flight is already gone. */
export function visibleItems(state: ListState): ListItemState[] {
  return state.items.filter((item) => !item.isDeleting);
}

export type SortOption = 'category' | 'aisle';

/**
 * shopping §3: items grouped under their category or aisle names, newest modified first within a
 * group; groups by name (aisles by number, 'Aisle # May Vary' last).
 */
export function groupItems(
  items: readonly ListItemState[],
  sort: SortOption,
): Array<{ name: string; items: ListItemState[] }> {
  const groups = new Map<string, ListItemState[]>();
  for (const item of items) {
    const key = sort === 'aisle' ? item.aisle : item.categoryName;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const aisleNumber = (name: string) => Number(/^Aisle (\d+)$/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);
  return [...groups.entries()]
    .sort(([a], [b]) => (sort === 'aisle' ? aisleNumber(a) - aisleNumber(b) || a.localeCompare(b) : a.localeCompare(b)))
    .map(([name, group]) => ({
      name,
      items: [...group].sort(
        (x, y) => y.modified.value.localeCompare(x.modified.value) || x.name.localeCompare(y.name),
      ),
    }));
}
