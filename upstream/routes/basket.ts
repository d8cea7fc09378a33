import { Hono, type Context } from 'hono';
import {
  AddItemRequestSchema,
  BASKET_PATHS,
  BasketItemsUpdateRequestSchema,
  CART_ITEM_LIMIT_REASON,
  ChangeModalityRequestSchema,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  PutBasketRequestSchema,
  RemoveItemsRequestSchema,
  UpdateItemRequestSchema,
  eTagVersion,
  type BasketOutput,
} from '../../src/lib/basket/contracts.ts';
import { MODALITIES, type Modality } from '../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { SHOPPING_MESSAGES, cartOnlyLeft } from '../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { parseBody } from '../validate.ts';
import { activeBasket, catalogItems, storedLines, writeBasket, type BasketRow, type StoredLine } from '../db/basket.ts';
import { pricedBasket } from '../db/basket-pricing.ts';
import { WriteConflictError, idempotentWrite } from '../db/idempotency.ts';
import { upstreamError } from '../errors.ts';
import { serialised } from '../db/serial.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { normalizeSubstitution } from '../../src/lib/basket/substitution.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';

// The basket service (shopping §3-§5, §7 Cart). Every call needs a live session; writes honour
// Idempotency-Key (upstream/db/idempotency.ts) and If-Match (the basket version as eTag).
// docs/decisions/030-cart.md

type BasketContext = Context<UpstreamEnv>;

/**
 * How often a write without If-Match is re-applied after losing a race. Writes of one isolate are
 * serialised (db/serial.ts), so only writes from other isolates can race; each retry waits a
 * little, with jitter.
 */
const MAX_WRITE_ATTEMPTS = 12;
const retryPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

export const basketService = new Hono<UpstreamEnv>();
basketService.use('/basket/api/*', requireCustomer());

function customerOf(c: BasketContext) {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
}

function modalityOf(c: BasketContext): Modality {
  const modality = c.get('call').modality;
  return (MODALITIES as readonly string[]).includes(modality) ? (modality as Modality) : 'PICKUP';
}

/**
 * Every line a write adds or raises must be a catalog item with a price at the shopper's location
 * and at least that many units in stock there (decision 475). Lines kept or lowered pass: a
 * shopper may always take an out-of-stock item out, or down, without being refused. Stock is not
 * reserved by a cart; the order's batch decrements it (checkout), so this is the shopper's early,
 * honest answer and the pages' "Out of stock" may be up to a page-cache lifetime stale.
 */
async function checkRaised(c: BasketContext, before: readonly StoredLine[], after: readonly StoredLine[]) {
  const had = new Map(before.map((line) => [line.gtin13, line.quantity]));
  const raised = after.filter((line) => line.quantity > (had.get(line.gtin13) ?? 0));
  if (raised.length === 0) return;
  const catalog = await catalogItems(
    c.env.DB,
    raised.map((line) => line.gtin13),
    c.get('call').locationId,
  );
  for (const { gtin13, quantity } of raised) {
    const item = catalog.get(gtin13);
    if (!item) throw new HttpError(ERROR_CODES.NOT_FOUND, `No product with gtin13 ${gtin13}`, 404);
    // spec: shopping §5 Gift cards and carts, §8 Cart: code PRICE, 'item is missing price'
    if (item.unitPriceCents === null)
      throw new HttpError(ERROR_CODES.PRICE, SHOPPING_MESSAGES.ITEM_MISSING_PRICE, 422, [gtin13]);
    // refused, never clamped: the shopper is told how many there are and the cart stays as it was
    if (quantity > item.stock) throw new HttpError(ERROR_CODES.OUT_OF_STOCK, cartOnlyLeft(item.stock), 422, [gtin13]);
  }
}

function checkLimits(lines: readonly StoredLine[]) {
  if (lines.length > MAX_CART_LINES) throw new HttpError(ERROR_CODES.UNPROCESSABLE, CART_ITEM_LIMIT_REASON, 422);
  const over = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (over)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, `quantity must be at most ${MAX_LINE_QUANTITY}`, 400, [over.gtin13]);
}

async function answerBasket(c: BasketContext, basket: BasketRow, lines: readonly StoredLine[]): Promise<BasketOutput> {
  return pricedBasket(c.env.DB, c.get('call'), basket, lines);
}

/**
 * One basket write: read the basket, check If-Match, compute the new lines with `apply`, then
 * commit lines, version and idempotency record in one guarded batch. Writes to one cart are
 * serialised; only a failed If-Match (or a race lost against every retry) answers 412.
 */
async function mutate(
  c: BasketContext,
  input: unknown,
  apply: (before: readonly StoredLine[], modality: Modality) => Promise<StoredLine[]>,
  /** the basket's modality after the write (a modality switch); else it keeps its own */
  switchTo?: Modality,
) {
  const customer = customerOf(c);
  const key = idempotencyKey(c);
  const ifMatch = c.req.header('if-match') ?? null;
  const db = c.env.DB;
  try {
    const answer = await serialised(`basket:${customer.customerGUID}:${c.get('call').banner}`, () =>
      idempotentWrite(
        {
          db,
          scope: `basket:${customer.customerGUID}`,
          key,
          method: c.req.method,
          path: new URL(c.req.url).pathname,
          body: input,
        },
        async (record) => {
          // Without If-Match the caller asked for no precondition: a write that loses a race with
          // another one is simply re-applied to the newer basket (a few times at most).
          for (let attempt = 1; ; attempt++) {
            const basket = await activeBasket(db, customer.customerGUID, c.get('call').banner, modalityOf(c));
            if (ifMatch !== null && ifMatch.trim() !== '*' && eTagVersion(ifMatch.trim()) !== basket.version) {
              throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The cart was changed since it was read', 412);
            }
            const before = await storedLines(db, basket.id);
            const after = await apply(before, modalityOf(c));
            checkLimits(after);
            await checkRaised(c, before, after);
            const modality = switchTo ?? basket.modality;
            const body = { data: await answerBasket(c, { ...basket, version: basket.version + 1, modality }, after) };
            const applied = await writeBasket(
              db,
              basket,
              before,
              after,
              (guard) => record({ status: 200, body }, guard),
              modality,
            );
            if (applied) return { status: 200, body };
            if (ifMatch !== null || attempt >= MAX_WRITE_ATTEMPTS) throw new WriteConflictError();
            await retryPause(attempt);
          }
        },
      ),
    );
    const data = (answer.body as { data: BasketOutput }).data;
    c.header('ETag', data.eTag);
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body as { data: BasketOutput }, answer.status as 200);
  } catch (error) {
    if (error instanceof WriteConflictError) {
      return upstreamError(c, ERROR_CODES.PRECONDITION_FAILED, 'The cart was changed by another request', 412);
    }
    throw error;
  }
}

/**
 * A line's substitution after a change, by the spec's rule (src/lib/basket/substitution.ts); the
 * chosen replacements must be catalog items.
 */
async function substitutionOf(
  c: BasketContext,
  line: StoredLine,
  asked: {
    substitutionPolicy?: StoredLine['substitutionPolicy'] | undefined;
    substitutionItems?: string[] | undefined;
  },
): Promise<Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'>> {
  const { policy, items } = normalizeSubstitution(
    line.gtin13,
    { policy: asked.substitutionPolicy, items: asked.substitutionItems },
    { policy: line.substitutionPolicy, items: line.substitutionItems },
  );
  if (asked.substitutionItems?.length) {
    const catalog = await catalogItems(c.env.DB, items, c.get('call').locationId);
    const unknown = items.find((gtin13) => !catalog.has(gtin13));
    if (unknown) throw new HttpError(ERROR_CODES.NOT_FOUND, `No product with gtin13 ${unknown}`, 404, [unknown]);
  }
  return { substitutionPolicy: policy, substitutionItems: items };
}

/** The cart PUT names a policy only: an existing line keeps its chosen items while it stays CUSTOMER_CHOICE. */
function normalizeSubstitutionOf(
  line: StoredLine,
  policy: StoredLine['substitutionPolicy'],
): Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'> {
  const out = normalizeSubstitution(
    line.gtin13,
    { policy },
    { policy: line.substitutionPolicy, items: line.substitutionItems },
  );
  return { substitutionPolicy: out.policy, substitutionItems: out.items };
}

function newLine(
  gtin13: string,
  quantity: number,
  substitutionPolicy: StoredLine['substitutionPolicy'],
  modalityType: Modality,
  order = 0,
): StoredLine {
  // `order` keeps the lines of one PUT in the order given (lines are listed oldest first)
  return {
    id: crypto.randomUUID(),
    gtin13,
    quantity,
    substitutionPolicy,
    substitutionItems: [],
    modalityType,
    created: Date.now() + order,
  };
}

basketService.get(BASKET_PATHS.BASKET, async (c) => {
  const customer = customerOf(c);
  const basket = await activeBasket(c.env.DB, customer.customerGUID, c.get('call').banner, modalityOf(c));
  const data = await answerBasket(c, basket, await storedLines(c.env.DB, basket.id));
  c.header('ETag', data.eTag);
  return c.json({ data }, 200);
});

basketService.post(BASKET_PATHS.ADD_ITEM, async (c) => {
  const input = await parseBody(c, AddItemRequestSchema);
  return mutate(c, input, async (before, modality) => {
    const existing = before.find((line) => line.gtin13 === input.gtin13);
    if (!existing)
      return [
        ...before,
        newLine(input.gtin13, input.quantity, input.substitutionPolicy, input.modalityType ?? modality),
      ];
    return before.map((line) => (line === existing ? { ...line, quantity: line.quantity + input.quantity } : line));
  });
});

basketService.post(BASKET_PATHS.UPDATE_ITEM, async (c) => {
  const input = await parseBody(c, UpdateItemRequestSchema);
  return mutate(c, input, async (before) => {
    const existing = before.find((line) => line.gtin13 === input.gtin13);
    if (!existing) throw new HttpError(ERROR_CODES.NOT_FOUND, `The cart has no item ${input.gtin13}`, 404);
    // spec: shopping §4 Cart: a quantity of 0 becomes a removal
    if (input.quantity === 0) return before.filter((line) => line !== existing);
    const substitution = await substitutionOf(c, existing, input);
    return before.map((line) => (line === existing ? { ...line, quantity: input.quantity, ...substitution } : line));
  });
});

basketService.post(BASKET_PATHS.REMOVE_ITEM, async (c) => {
  const input = await parseBody(c, RemoveItemsRequestSchema);
  const removed = new Set(input.gtin13s);
  return mutate(c, input, async (before) => before.filter((line) => !removed.has(line.gtin13)));
});

basketService.put(BASKET_PATHS.BASKET, async (c) => {
  const input = await parseBody(c, PutBasketRequestSchema);
  return mutate(c, input, async (before, modality) => {
    const byGtin = new Map(before.map((line) => [line.gtin13, line]));
    return input.lineItems.map((item, index) => {
      const old = byGtin.get(item.gtin13);
      const modalityType = item.modalityType ?? old?.modalityType ?? modality;
      return old
        ? { ...old, quantity: item.quantity, ...normalizeSubstitutionOf(old, item.substitutionPolicy), modalityType }
        : newLine(item.gtin13, item.quantity, item.substitutionPolicy, modalityType, index);
    });
  });
});

// spec: shopping §7 Cart, the older update path: several lines at once; a line pinned by `id`
// that is no longer that line (changed on another device) refuses the whole update with 409 and
// the spec's message (§8 Cart line-item id mismatch).
basketService.post(BASKET_PATHS.BASKET_ITEMS_UPDATE, async (c) => {
  const input = await parseBody(c, BasketItemsUpdateRequestSchema);
  return mutate(c, input, async (before) => {
    const byGtin = new Map(before.map((line) => [line.gtin13, line]));
    for (const item of input.items) {
      const line = byGtin.get(item.gtin13);
      if (item.id !== undefined && line?.id !== item.id) {
        throw new HttpError(ERROR_CODES.CONFLICT, SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH, 409, [item.gtin13]);
      }
      if (!line) throw new HttpError(ERROR_CODES.NOT_FOUND, `The cart has no item ${item.gtin13}`, 404);
    }
    const changes = new Map(input.items.map((item) => [item.gtin13, item]));
    const substitutions = new Map<string, Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'>>();
    for (const item of input.items) {
      const line = byGtin.get(item.gtin13);
      if (line && item.quantity > 0) substitutions.set(item.gtin13, await substitutionOf(c, line, item));
    }
    return before.flatMap((line) => {
      const change = changes.get(line.gtin13);
      if (!change) return [line];
      // spec: shopping §4 Cart: a quantity of 0 becomes a removal
      if (change.quantity === 0) return [];
      return [{ ...line, quantity: change.quantity, ...substitutions.get(line.gtin13) }];
    });
  });
});

// The cart's modality switch (shopping §3 Cart changeBasketModality, §8 Cart): the basket and every
// line move to the new modality; lines not offered for it (or not sold at the store) come back
// with eligible false, so the cart page marks them. Nothing is removed: the shopper decides.
basketService.post(BASKET_PATHS.CHANGE_MODALITY, async (c) => {
  const input = await parseBody(c, ChangeModalityRequestSchema);
  return mutate(
    c,
    input,
    async (before) => before.map((line) => ({ ...line, modalityType: input.modalityType })),
    input.modalityType,
  );
});
