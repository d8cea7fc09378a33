import { Hono } from 'hono';
import {
  CHECKOUT_MESSAGES,
  FlashSaleRequestSchema,
  ModifyCheckoutSchema,
  PlaceOrderUpstreamSchema,
  TENANT_HEADER,
  TimeslotQuerySchema,
  type Checkout,
  type Order,
} from '../../src/lib/checkout/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { activeBasket, storedLines } from '../db/basket.ts';
import { checkoutById, draftCheckout, orderByNumber, timeslots, type CheckoutDocument } from '../db/checkout.ts';
import { claimFlashSale, flashSales } from '../db/flash-sales.ts';
import { insertDraft, moveDraft, startingContact } from '../db/checkout-writes.ts';
import { idempotentWrite, storeAnswer, WriteConflictError } from '../db/idempotency.ts';
import { isAssertionFailure } from '../db/ledger.ts';
import { serialised } from '../db/serial.ts';
import { activeCards } from '../db/wallet.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { parseBody, parseQuery } from '../validate.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';
import { customerOf, modalityOf, ownCheckout } from './checkout/context.ts';
import { modifyCheckout } from './checkout/modify.ts';
import { place } from './checkout/place.ts';
import { answer } from './checkout/priced.ts';

// The checkout service (issue 13; shopping §3-§5, §7 Checkout and wallet): a DRAFT checkout made
// from the cart, modified with an idempotency key and a versionKey precondition, priced again from
// the cart on every read; time slots held with one conditional statement; flash sales claimed
// without overselling; an order placed exactly once. docs/decisions/340-checkout.md
// The handlers are here; what they share, the pricing, a modification and placing are in ./checkout/.

export const checkoutService = new Hono<UpstreamEnv>();
checkoutService.use('/checkout/api/*', requireCustomer());

// ---- time slots ----------------------------------------------------------------------------------

checkoutService.get('/checkout/api/v1/timeslots', async (c) => {
  const query = parseQuery(c, TimeslotQuerySchema);
  const call = c.get('call');
  const modality = query.modality ?? (modalityOf(c) === 'DELIVERY' ? 'DELIVERY' : 'PICKUP');
  const { timeZone, slots } = await timeslots(c.env.DB, call.locationId, modality, call.now);
  return c.json(
    {
      data: {
        locationId: call.locationId,
        modalityType: modality,
        timeZone,
        timeslots: slots.map((row) => ({
          slotId: row.slot_id,
          date: row.slot_date,
          startTime: row.start_time,
          endTime: row.end_time,
          feeCents: row.fee_cents,
          available: row.available,
          capacity: row.capacity,
        })),
      },
    },
    200,
  );
});

// ---- create, get, modify -------------------------------------------------------------------------

/** POST: the shopper's DRAFT checkout for the cart, at the store and modality of the call (201 when new). */
checkoutService.post('/checkout/api/v1/checkouts', async (c) => {
  const customer = customerOf(c);
  const call = c.get('call');
  const db = c.env.DB;
  const modality = modalityOf(c);
  return serialised(`checkout:${customer.customerGUID}:${call.banner}`, async () => {
    const found = await draftCheckout(db, customer.customerGUID, call.banner);
    if (found) {
      const doc = JSON.parse(found.document) as CheckoutDocument;
      if (doc.modalityType === modality && doc.locationId === call.locationId) return answer(c, found);
      // another store or modality: the slot and tip no longer apply
      const next: CheckoutDocument = {
        ...doc,
        modalityType: modality,
        locationId: call.locationId,
        slot: null,
        gratuityCents: 0,
      };
      await moveDraft(db, found.id, next, Date.now());
      return answer(c, (await checkoutById(db, found.id, customer.customerGUID))!);
    }
    const doc: CheckoutDocument = {
      modalityType: modality,
      locationId: call.locationId,
      contact: await startingContact(db, customer.customerGUID),
      instructions: '',
      slot: null,
      dateOfBirth: null,
      gratuityCents: 0,
      // the wallet's default card, ready to pay with (the shopper may choose another)
      cardId: (await activeCards(db, customer.customerGUID)).find((card) => card.is_default === 1)?.card_id ?? null,
      ebtRequestedCents: 0,
      lineExtras: {},
    };
    const now = Date.now();
    const id = crypto.randomUUID();
    await insertDraft(db, { id, customerGUID: customer.customerGUID, banner: call.banner, doc }, now);
    const row = await draftCheckout(db, customer.customerGUID, call.banner);
    if (!row) throw new Error('checkout could not be created');
    return answer(c, row, row.id === id ? 201 : 200);
  });
});

checkoutService.get('/checkout/api/v1/checkouts/:checkoutId', async (c) => answer(c, await ownCheckout(c)));

/**
 * POST: a modification. A retried one (same Idempotency-Key) applies once; If-Match with a stale
 * versionKey is 412; without a precondition, modifications are serialised, never refused.
 */
checkoutService.post('/checkout/api/v1/checkouts/:checkoutId', async (c) => {
  const customer = customerOf(c);
  const body = await parseBody(c, ModifyCheckoutSchema);
  const key = idempotencyKey(c);
  const ifMatch = c.req.header('if-match')?.trim() ?? null;
  const db = c.env.DB;
  const result = await serialised(`checkout:${customer.customerGUID}:${c.get('call').banner}`, () =>
    idempotentWrite(
      { db, scope: `checkout:${customer.customerGUID}`, key, method: 'POST', path: new URL(c.req.url).pathname, body },
      (record) => modifyCheckout(c, body, ifMatch, record),
    ),
  ).catch((error: unknown) => {
    if (error instanceof WriteConflictError || isAssertionFailure(error))
      throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The checkout was changed by another request', 412);
    throw error;
  });
  const data = (result.body as { data: Checkout }).data;
  c.header('ETag', data.versionKey);
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as { data: Checkout }, 200);
});

// ---- place the order -----------------------------------------------------------------------------

/**
 * POST /checkout/api/v1/orders: the checkout's order is created once however often it is asked (a placed checkout answers
 * its order; the same Idempotency-Key replays), the slot booked, stock taken, the cart emptied,
 * gift cards and EBT debited, all in one D1 batch that commits together or not at all.
 */
checkoutService.post('/checkout/api/v1/orders', async (c) => {
  const customer = customerOf(c);
  const body = await parseBody(c, PlaceOrderUpstreamSchema);
  const key = idempotencyKey(c);
  const db = c.env.DB;
  const result = await serialised(`checkout:${customer.customerGUID}:${c.get('call').banner}`, () =>
    idempotentWrite(
      { db, scope: `checkout:${customer.customerGUID}`, key, method: 'POST', path: new URL(c.req.url).pathname, body },
      (record) =>
        place(
          c,
          body.checkoutId,
          { totalCents: body.expectedTotalCents, cardCents: body.expectedCardCents ?? null },
          record,
          body.linkBase ?? null,
        ),
    ),
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as { data: Order }, result.status as 200 | 201);
});

// ---- flash sales ---------------------------------------------------------------------------------

/**
 * POST: claim the running flash sales for these items (shopping §3, §7: idempotency and tenant
 * headers). Answers the gtin13 -> quantity map, whether the cart should be fetched again (an offer
 * ran out since), and the items with their coupon and the offers received.
 */
checkoutService.post('/checkout/api/v1/flash-sales', async (c) => {
  const customer = customerOf(c);
  const call = c.get('call');
  const tenant = c.req.header(TENANT_HEADER);
  if (tenant !== call.banner)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, `${TENANT_HEADER} must name the banner`, 400);
  const key = idempotencyKey(c, { required: true });
  const body = await parseBody(c, FlashSaleRequestSchema);
  const db = c.env.DB;
  const result = await serialised(`flash:${customer.customerGUID}`, () =>
    idempotentWrite(
      { db, scope: `flash:${customer.customerGUID}`, key, method: 'POST', path: '/checkout/api/v1/flash-sales', body },
      async (record) => {
        const now = Date.now();
        const basket = await activeBasket(db, customer.customerGUID, call.banner, modalityOf(c));
        const wanted = new Map((await storedLines(db, basket.id)).map((line) => [line.gtin13, line.quantity]));
        const sales = await flashSales(db, call.banner, customer.customerGUID, body.gtin13s, now);
        const flashSalesMap: Record<string, number> = Object.fromEntries(body.gtin13s.map((gtin13) => [gtin13, 0]));
        const items: Array<{ gtin13: string; couponId: string; numberOfOffersReceived: number }> = [];
        let refetch = false;
        for (const sale of sales) {
          const { held: got, redeemed } = await claimFlashSale(
            db,
            sale,
            customer.customerGUID,
            wanted.get(sale.gtin13) ?? 0,
            now,
          );
          if (got < Math.min(wanted.get(sale.gtin13) ?? 0, sale.per_customer - redeemed)) refetch = true;
          flashSalesMap[sale.gtin13] = (flashSalesMap[sale.gtin13] ?? 0) + got;
          items.push({ gtin13: sale.gtin13, couponId: sale.coupon_id, numberOfOffersReceived: got });
        }
        const response = { status: 200, body: { data: { flashSales: flashSalesMap, refetch, items } } };
        await storeAnswer(db, record(response));
        return response;
      },
    ),
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as object, 200);
});

// ---- orders --------------------------------------------------------------------------------------

checkoutService.get('/checkout/api/v1/orders/:orderNumber', async (c) => {
  const order = /^\d{10}$/.test(c.req.param('orderNumber'))
    ? await orderByNumber(c.env.DB, c.req.param('orderNumber'), customerOf(c).customerGUID, c.get('call').banner)
    : null;
  if (!order) throw new HttpError(ERROR_CODES.NOT_FOUND, CHECKOUT_MESSAGES.NOT_FOUND, 404);
  return c.json({ data: order }, 200);
});
