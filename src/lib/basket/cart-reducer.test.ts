import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { basketETag, type BasketOutput, type LineItemOutput } from './contracts.ts';
import {
  INITIAL_CART_STATE,
  cartReducer,
  cartView,
  nextOpToSend,
  type CartAction,
  type CartOp,
  type CartState,
} from './cart-reducer.ts';

const MILK = '0000000000017';
const BREAD = '0000000000024';
const EGGS = '0000000000031';

function line(gtin13: string, quantity: number): LineItemOutput {
  return {
    id: `line-${gtin13}`,
    gtin13,
    quantity,
    modalityType: 'PICKUP',
    substitutionPolicy: 'SHOPPER_CHOICE',
    substitutionItems: [],
    created: '2026-11-22T00:00:00.000Z',
    name: `item ${gtin13}`,
    unitPriceCents: 100,
    regularUnitPriceCents: 100,
    promoUnitPriceCents: null,
    dealPriceString: null,
    lineTotalCents: 100 * quantity,
    savingsCents: 0,
    coupon: null,
    couponSavingsCents: 0,
    flashSales: [],
    priceAdjustments: [],
    eligible: true,
  };
}

function basket(version: number, lines: LineItemOutput[]): BasketOutput {
  return {
    id: 'b1',
    eTag: basketETag(version),
    type: 'ACTIVE',
    orderId: null,
    modality: 'PICKUP',
    lineItems: lines,
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    subtotalCents: lines.reduce((s, l) => s + l.lineTotalCents, 0),
    savingsCents: 0,
  };
}

const add = (opId: string, gtin13: string): CartAction => ({
  type: 'add',
  opId,
  gtin13,
  name: `item ${gtin13}`,
  offer: { regularCents: 100, promoCents: null, dealPriceString: null },
  modalityType: 'PICKUP',
  created: '2026-11-22T00:00:00.000Z',
});

function run(actions: CartAction[], state: CartState = INITIAL_CART_STATE): CartState {
  return actions.reduce(cartReducer, state);
}

describe('cartReducer', () => {
  test('add is optimistic with quantity 1 and shopper-choice substitution', () => {
    const state = run([add('op1', MILK)]);
    expect(cartView(state).lines).toMatchObject([
      {
        gtin13: MILK,
        quantity: 1,
        substitutionPolicy: 'SHOPPER_CHOICE',
        persistedQuantity: 0,
        activeUpdateRequests: 1,
      },
    ]);
  });

  test('the header count adds optimistic lines to the rendered count until the server answers', () => {
    const state = run([{ type: 'hydrateCount', count: 3 }, add('op1', MILK)]);
    expect(cartView(state).itemCount).toBe(4);
    const answered = cartReducer(state, {
      type: 'writeSuccess',
      opId: 'op1',
      basket: basket(5, [line(BREAD, 3), line(MILK, 1)]),
    });
    expect(cartView(answered).itemCount).toBe(4);
  });

  test('a quantity of 0 becomes a removal', () => {
    const state = run([
      { type: 'loadSuccess', basket: basket(1, [line(MILK, 2)]) },
      { type: 'setQuantity', opId: 'op1', gtin13: MILK, quantity: 0 },
    ]);
    expect(state.pending).toMatchObject([{ kind: 'remove', gtin13: MILK }]);
    expect(cartView(state).lines).toMatchObject([
      { gtin13: MILK, quantity: 0, isDeleting: true, persistedQuantity: 2 },
    ]);
    expect(cartView(state).itemCount).toBe(0);
  });

  test('a change made while an add is pending is queued behind it', () => {
    const state = run([
      add('op1', MILK),
      { type: 'sent', opId: 'op1' },
      { type: 'setQuantity', opId: 'op2', gtin13: MILK, quantity: 4 },
    ]);
    expect(cartView(state).lines).toMatchObject([{ gtin13: MILK, quantity: 4, queued: true, activeUpdateRequests: 2 }]);
    expect(nextOpToSend(state)).toBeNull();
    const afterAdd = cartReducer(state, { type: 'writeSuccess', opId: 'op1', basket: basket(2, [line(MILK, 1)]) });
    expect(nextOpToSend(afterAdd)).toMatchObject({ id: 'op2', kind: 'setQuantity', quantity: 4 });
    expect(cartView(afterAdd).lines).toMatchObject([
      { gtin13: MILK, quantity: 4, persistedQuantity: 1, queued: false },
    ]);
  });

  test('a failed add takes the changes queued behind it', () => {
    const state = run([
      add('op1', MILK),
      { type: 'sent', opId: 'op1' },
      { type: 'setQuantity', opId: 'op2', gtin13: MILK, quantity: 4 },
      { type: 'writeFailure', opId: 'op1' },
    ]);
    expect(state.pending).toEqual([]);
    expect(cartView(state).lines).toEqual([]);
  });

  test('persistedQuantity syncs and activeUpdateRequests pops when the server answers', () => {
    const loaded = run([{ type: 'loadSuccess', basket: basket(1, [line(MILK, 1)]) }]);
    const changed = run(
      [
        { type: 'setQuantity', opId: 'op1', gtin13: MILK, quantity: 3 },
        { type: 'sent', opId: 'op1' },
      ],
      loaded,
    );
    expect(cartView(changed).lines[0]).toMatchObject({ quantity: 3, persistedQuantity: 1, activeUpdateRequests: 1 });
    const done = cartReducer(changed, { type: 'writeSuccess', opId: 'op1', basket: basket(2, [line(MILK, 3)]) });
    expect(cartView(done).lines[0]).toMatchObject({ quantity: 3, persistedQuantity: 3, activeUpdateRequests: 0 });
  });

  test('an answer older than the basket held is ignored (answers may cross)', () => {
    const state = run([
      { type: 'loadSuccess', basket: basket(4, [line(MILK, 2)]) },
      { type: 'loadSuccess', basket: basket(3, [line(MILK, 1)]) },
    ]);
    expect(state.server?.eTag).toBe(basketETag(4));
  });

  test('a quantity outside 0..999 or for a line not in the cart is ignored', () => {
    const loaded = run([{ type: 'loadSuccess', basket: basket(1, [line(MILK, 1)]) }]);
    expect(cartReducer(loaded, { type: 'setQuantity', opId: 'x', gtin13: MILK, quantity: 1000 })).toBe(loaded);
    expect(cartReducer(loaded, { type: 'setQuantity', opId: 'x', gtin13: BREAD, quantity: 2 })).toBe(loaded);
  });

  test('an optimistic line is priced by the one pricing function, so multi-buy and buy one get one show the right total before the answer', () => {
    const bogo = {
      ...line(MILK, 1),
      unitPriceCents: 399,
      regularUnitPriceCents: 399,
      dealPriceString: 'Buy 1 Get 1 Free',
      lineTotalCents: 399,
    };
    const multi = {
      ...line(BREAD, 1),
      unitPriceCents: 200,
      regularUnitPriceCents: 249,
      dealPriceString: '3 for $6',
      lineTotalCents: 200,
      savingsCents: 49,
    };
    const flash = {
      ...line(EGGS, 1),
      unitPriceCents: 429,
      regularUnitPriceCents: 429,
      lineTotalCents: 379,
      savingsCents: 50,
      flashSales: [{ couponId: 'FS-1', discountCents: 50, held: 2, perShopper: 2 }],
      priceAdjustments: [{ type: 'FLASH_SALE' as const, couponId: 'FS-1', amountCents: 50 }],
    };
    const state = run([
      { type: 'loadSuccess', basket: basket(1, [bogo, multi, flash]) },
      { type: 'setQuantity', opId: 'op1', gtin13: MILK, quantity: 2 },
      { type: 'setQuantity', opId: 'op2', gtin13: BREAD, quantity: 3 },
      { type: 'setQuantity', opId: 'op3', gtin13: EGGS, quantity: 3 },
    ]);
    const totals = Object.fromEntries(cartView(state).lines.map((entry) => [entry.gtin13, entry.lineTotalCents]));
    // was unit × quantity until the server answered: 798, 600 and 1287 (the flash sale lost)
    expect(totals).toEqual({ [MILK]: 399, [BREAD]: 600, [EGGS]: 1187 });
    expect(cartView(state).lines.find((entry) => entry.gtin13 === EGGS)?.priceAdjustments).toEqual([
      { type: 'FLASH_SALE', couponId: 'FS-1', amountCents: 100 },
    ]);
  });

  test('an add is priced from the card’s offer: a buy-one-get-one item raised to 2 before the answer costs one', () => {
    const state = run([
      {
        type: 'add',
        opId: 'op1',
        gtin13: MILK,
        name: 'Milk',
        offer: { regularCents: 399, promoCents: null, dealPriceString: 'Buy 1 Get 1 Free' },
        modalityType: 'PICKUP',
        created: '2026-11-22T00:00:00.000Z',
      },
      { type: 'sent', opId: 'op1' },
      { type: 'setQuantity', opId: 'op2', gtin13: MILK, quantity: 2 },
    ]);
    expect(cartView(state).lines).toMatchObject([
      { gtin13: MILK, quantity: 2, unitPriceCents: 399, lineTotalCents: 399, savingsCents: 399 },
    ]);
  });

  test('an unknown action fails loudly', () => {
    expect(() => cartReducer(INITIAL_CART_STATE, { type: 'nope' } as unknown as CartAction)).toThrow(
      /unknown cart action/,
    );
  });

  test('a failed write restores the cart exactly as it was before it', () => {
    const loaded = run([{ type: 'loadSuccess', basket: basket(1, [line(MILK, 2), line(BREAD, 1)]) }, add('a', EGGS)]);
    for (const action of [
      add('op', MILK),
      { type: 'setQuantity', opId: 'op', gtin13: BREAD, quantity: 7 } as const,
      { type: 'remove', opId: 'op', gtin13: MILK } as const,
    ]) {
      const before = cartView(loaded);
      const failed = run([action, { type: 'sent', opId: 'op' }, { type: 'writeFailure', opId: 'op' }], loaded);
      expect(cartView(failed)).toEqual(before);
    }
  });
});

// --- property: random interleavings of shopper actions, sends, successes and failures ---------

/** A shopper action with the fate of its write (ok or failed), or `answer`: the next write is sent and answered. */
type Command = { kind: 'add' | 'set' | 'remove'; gtin: number; quantity: number; ok: boolean } | { kind: 'answer' };
const GTINS = [MILK, BREAD, EGGS];

/** A fake server: applies the writes it accepts and answers the new basket. */
class FakeServer {
  version = 1;
  lines = new Map<string, number>();
  apply(op: CartOp): boolean {
    const current = this.lines.get(op.gtin13);
    if (op.kind === 'add') this.lines.set(op.gtin13, Math.min(999, (current ?? 0) + op.quantity));
    else if (op.kind === 'setQuantity') {
      if (current === undefined) return false;
      this.lines.set(op.gtin13, op.quantity);
    } else this.lines.delete(op.gtin13);
    this.version++;
    return true;
  }
  basket(): BasketOutput {
    return basket(
      this.version,
      [...this.lines].map(([gtin13, quantity]) => line(gtin13, quantity)),
    );
  }
}

/** Runs the commands; `skip` holds op ids never dispatched (the ghost world). Returns the final state and the failed op ids. */
function simulate(commands: Command[], skip: ReadonlySet<string>) {
  const server = new FakeServer();
  let state = cartReducer(INITIAL_CART_STATE, { type: 'loadSuccess', basket: server.basket() });
  const failed = new Set<string>();
  const fate = new Map<string, boolean>();
  const step = (action: CartAction) => {
    state = cartReducer(state, action);
  };
  const answerNext = () => {
    const op = nextOpToSend(state);
    if (!op) return false;
    step({ type: 'sent', opId: op.id });
    if (fate.get(op.id) !== false && server.apply(op))
      step({ type: 'writeSuccess', opId: op.id, basket: server.basket() });
    else {
      failed.add(op.id);
      step({ type: 'writeFailure', opId: op.id });
    }
    return true;
  };
  commands.forEach((command, index) => {
    const opId = `op${index}`;
    if (command.kind === 'answer') {
      answerNext();
      return;
    }
    fate.set(opId, command.ok);
    if (skip.has(opId)) return;
    const gtin13 = GTINS[command.gtin % GTINS.length] as string;
    if (command.kind === 'add') step(add(opId, gtin13));
    else if (command.kind === 'set') step({ type: 'setQuantity', opId, gtin13, quantity: command.quantity });
    else step({ type: 'remove', opId, gtin13 });
  });
  // drain: every write left is answered with its fate
  while (answerNext());
  return { state, server, failed };
}

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('add' as const, 'set' as const, 'remove' as const),
    gtin: fc.nat(2),
    quantity: fc.integer({ min: 0, max: 12 }),
    ok: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('answer' as const) }),
);

describe('cartReducer under random success and failure interleavings', () => {
  test('once every write is answered the cart equals the server basket', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 40 }), (commands) => {
        const { state, server } = simulate(commands, new Set());
        expect(state.pending).toEqual([]);
        const view = cartView(state);
        expect(view.lines.map((l) => [l.gtin13, l.quantity])).toEqual([...server.lines]);
        expect(view.itemCount).toBe([...server.lines.values()].reduce((a, b) => a + b, 0));
      }),
      { numRuns: 1000 },
    );
  });

  test('failed writes leave no trace: the cart equals one where they were never made', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 40 }), (commands) => {
        const real = simulate(commands, new Set());
        // Replay without every write that failed (each write keeps its own fate).
        const ghost = simulate(commands, real.failed);
        expect(cartView(ghost.state)).toEqual(cartView(real.state));
        expect([...ghost.server.lines]).toEqual([...real.server.lines]);
      }),
      { numRuns: 1000 },
    );
  });

  test('at every step quantities stay within 0..999 and the count is their sum', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30 }), (commands) => {
        const { state } = simulate(commands, new Set());
        const view = cartView(state);
        for (const l of view.lines) expect(l.quantity >= 0 && l.quantity <= 999).toBe(true);
        expect(view.itemCount).toBe(view.lines.reduce((s, l) => s + l.quantity, 0));
      }),
    );
  });
});

describe('the cart’s loadingStatus (shopping §3 Cart status; §4 Async calls)', () => {
  test('notLoaded, loading, error, retry, loaded', () => {
    const statuses = [
      INITIAL_CART_STATE,
      ...[
        [{ type: 'loadRequest' }],
        [{ type: 'loadRequest' }, { type: 'loadFailure', httpStatus: 503 }],
        [{ type: 'loadRequest' }, { type: 'loadFailure', httpStatus: 503 }, { type: 'loadRequest' }],
        [
          { type: 'loadRequest' },
          { type: 'loadFailure', httpStatus: null },
          { type: 'loadRequest' },
          { type: 'loadSuccess', basket: basket(1, [line(MILK, 1)]) },
        ],
      ].map((actions) => run(actions as CartAction[])),
    ].map((state) => state.loadingStatus);
    expect(statuses).toEqual(['notLoaded', 'loading', 'error', 'retry', 'loaded']);
  });
});
