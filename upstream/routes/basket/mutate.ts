import type { Context } from 'hono';
import {
  CART_ITEM_LIMIT_REASON,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  eTagVersion,
  type BasketOutput,
} from '../../../src/lib/basket/contracts.ts';
import { MODALITIES, type Modality } from '../../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { SHOPPING_MESSAGES, cartOnlyLeft } from '../../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../../context.ts';
import {
  activeBasket,
  catalogItems,
  storedLines,
  writeBasket,
  type BasketRow,
  type StoredLine,
} from '../../db/basket.ts';
import { pricedBasket } from '../../db/basket-pricing.ts';
import { WriteConflictError, idempotentWrite } from '../../db/idempotency.ts';
import { serialised } from '../../db/serial.ts';
import { upstreamError } from '../../errors.ts';
import { idempotencyKey } from '../../middleware/idempotency-key.ts';

// One basket write, as every basket route makes it (shopping §4, §7 Cart): the limits, the stock
// and price of raised lines, If-Match, Idempotency-Key, and a guarded batch re-applied after a
// lost race. docs/decisions/030-cart.md

export type BasketContext = Context<UpstreamEnv>;

/**
 * How often a write without If-Match is re-applied after losing a race. Writes of one isolate are
 * serialised (db/serial.ts), so only writes from other isolates can race; each retry waits a
 * little, with jitter.
 */
const MAX_WRITE_ATTEMPTS = 12;
const retryPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

export function customerOf(c: BasketContext) {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
}

export function modalityOf(c: BasketContext): Modality {
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

export async function answerBasket(
  c: BasketContext,
  basket: BasketRow,
  lines: readonly StoredLine[],
): Promise<BasketOutput> {
  // the cart prices the flash-sale offers the checkout would claim (docs/decisions/658)
  return pricedBasket(c.env.DB, c.get('call'), basket, lines, 'claimable');
}

/**
 * One basket write: read the basket, check If-Match, compute the new lines with `apply`, then
 * commit lines, version and idempotency record in one guarded batch. Writes to one cart are
 * serialised; only a failed If-Match (or a race lost against every retry) answers 412.
 */
export async function mutate(
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
