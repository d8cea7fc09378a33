import { Hono, type Context } from 'hono';
import { MODALITIES, type Modality } from '../../src/lib/catalog/product.ts';
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
import {
  ageOn,
  gratuityFor,
  minimumAgeOf,
  snapEligible,
  splitPayment,
  summarize,
  tipProblem,
} from '../../src/lib/checkout/rules.ts';
import { orderConfirmationEmail, orderPlace } from '../../src/lib/checkout/confirmation.ts';
import { BANNERS, type BannerId } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { lineOffer, linePrice } from '../../src/lib/pricing/price.ts';
import type { UpstreamEnv } from '../context.ts';
import { customerEmail, outboxStatement } from '../db/account.ts';
import { activeBasket, pricedBasket, storedLines } from '../db/basket.ts';
import {
  checkoutById,
  claimFlashSale,
  draftCheckout,
  flashSales,
  holdSlot,
  newOrderNumber,
  orderByNumber,
  orderOfCheckout,
  productFacts,
  openTimeslot,
  slotHold,
  storeToday,
  timeslots,
  type CheckoutDocument,
  type CheckoutRow,
} from '../db/checkout.ts';
import { insertDraft, moveDraft, placeOrder, startingContact, updateDraft } from '../db/checkout-writes.ts';
import { idempotentWrite, storeAnswer, WriteConflictError, type RecordAnswer } from '../db/idempotency.ts';
import { isAssertionFailure, stockAt, type OrderTakes } from '../db/ledger.ts';
import { serialised } from '../db/serial.ts';
import { bannerStore } from '../db/stores.ts';
import { activeCards, appliedGiftCards, cardForPayment, ebtBalanceCents } from '../db/wallet.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { parseBody, parseQuery } from '../validate.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';

// The checkout service (issue 13; shopping §3-§5, §7 Checkout and wallet): a DRAFT checkout made
// from the cart, modified with an idempotency key and a versionKey precondition, priced again from
// the cart on every read; time slots held with one conditional statement; flash sales claimed
// without overselling; an order placed exactly once. docs/decisions/340-checkout.md

export const checkoutService = new Hono<UpstreamEnv>();
checkoutService.use('/checkout/api/*', requireCustomer());
type CheckoutContext = Context<UpstreamEnv>;

function customerOf(c: CheckoutContext) {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
}
const modalityOf = (c: CheckoutContext): Modality => {
  const modality = c.get('call').modality;
  return (MODALITIES as readonly string[]).includes(modality) ? (modality as Modality) : 'PICKUP';
};

const needsSlot = (modality: Modality) => modality === 'PICKUP' || modality === 'DELIVERY';
const versionKey = (version: number) => `"c${version}"`;

/** The checkout as the API answers it: lines priced from the cart now, the summary, the payment split. */
async function checkoutView(c: CheckoutContext, row: CheckoutRow): Promise<Checkout> {
  return (await pricedCheckout(c, row)).view;
}

/** What an order of the checkout would take of the ledgers beyond its lines (docs/decisions/470). */
type CheckoutTakes = Pick<OrderTakes, 'coupons' | 'flashSales'>;

/**
 * The checkout view, the cart lines no longer sold at the store or offered for the modality
 * (these block an order), and the coupons and flash-sale offers its lines are priced with. Lines
 * the store has too few of are fallout, left out of the lines and the total (issue 20 §2).
 */
async function pricedCheckout(
  c: CheckoutContext,
  row: CheckoutRow,
): Promise<{ view: Checkout; ineligible: string[]; takes: CheckoutTakes }> {
  if (row.status === 'PLACED') {
    // checkouts placed before unfilled lines existed have none
    const { placed } = JSON.parse(row.document) as {
      placed: Omit<Checkout, 'unfilled'> & Partial<Pick<Checkout, 'unfilled'>>;
    };
    return {
      view: { ...placed, unfilled: placed.unfilled ?? [] },
      ineligible: [],
      takes: { coupons: [], flashSales: [] },
    };
  }
  const db = c.env.DB;
  const call = c.get('call');
  const doc = JSON.parse(row.document) as CheckoutDocument;
  const now = Date.now();
  const basket = await activeBasket(db, row.customer_guid, row.banner, doc.modalityType);
  const lines = await storedLines(db, basket.id);
  const priced = await pricedBasket(
    db,
    { ...call, locationId: doc.locationId, division: doc.locationId.slice(0, 3) },
    basket,
    lines,
  );
  const gtins = lines.map((line) => line.gtin13);
  const [facts, sales, ebtBalance, giftCards, card, stock] = await Promise.all([
    productFacts(db, gtins),
    flashSales(db, row.banner, row.customer_guid, gtins, now),
    ebtBalanceCents(db, row.customer_guid),
    appliedGiftCards(db, row.customer_guid),
    doc.cardId ? cardForPayment(db, row.customer_guid, doc.cardId) : Promise.resolve(null),
    stockAt(db, doc.locationId, gtins),
  ]);
  // a line the store cannot fill falls out whole: nothing of it is ordered or charged
  const short = (line: { gtin13: string; quantity: number; eligible: boolean }) =>
    line.eligible && line.quantity > (stock.get(line.gtin13) ?? 0);
  const unfilled = priced.lineItems.filter(short).map((line) => ({
    gtin13: line.gtin13,
    name: line.name,
    quantity: line.quantity,
    available: Math.max(0, stock.get(line.gtin13) ?? 0),
  }));
  const filled = priced.lineItems.filter((line) => !short(line));
  const flashUsed: Array<{ couponId: string; quantity: number }> = [];
  const lineItems = filled.map((line) => {
    const fact = facts.get(line.gtin13) ?? { minimumAge: null, departmentId: '' };
    const extras = doc.lineExtras[line.gtin13];
    // the cart's line by the one pricing function: before its flash sales, and what they take off
    const price = linePrice(lineOffer(line), line.quantity);
    for (const used of price.flashUnits) flashUsed.push({ couponId: used.couponId, quantity: used.units });
    return {
      id: line.id,
      gtin13: line.gtin13,
      quantity: line.quantity,
      substitutionPolicy: extras?.substitutionPolicy ?? line.substitutionPolicy,
      instructions: extras?.instructions ?? '',
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: price.beforeAdjustmentsCents,
      minimumAge: fact.minimumAge,
      snapEligible: snapEligible(fact),
      priceAdjustments: price.adjustments,
      eligible: line.eligible,
    };
  });
  // the tip's suggestions and maximum follow the items; the total then includes the tip
  const untipped = summarize(lineItems, doc.modalityType, doc.slot?.feeCents ?? null, 0);
  const gratuityBase = gratuityFor(doc.modalityType, untipped.itemTotal, 'DRAFT', doc.gratuityCents);
  const summary = { ...untipped, gratuity: gratuityBase.amount, total: untipped.total + gratuityBase.amount };
  const split = splitPayment(
    summary,
    doc.ebtRequestedCents > 0 && ebtBalance !== null ? { requested: doc.ebtRequestedCents, balance: ebtBalance } : null,
    giftCards,
  );
  const transactions: Checkout['payment']['transactions'] = [
    ...(split.ebt > 0 ? [{ paymentMethod: { type: 'EBT' as const }, amountCents: split.ebt }] : []),
    ...split.giftCards.map((entry) => ({
      paymentMethod: {
        type: 'GIFT_CARD' as const,
        reference: entry.reference,
        lastFour: giftCards.find((gift) => gift.reference === entry.reference)?.lastFour ?? '',
      },
      amountCents: entry.amount,
    })),
    ...(split.card > 0 && card
      ? [
          {
            paymentMethod: { type: 'CARD' as const, cardId: card.cardId, brand: card.brand, lastFour: card.lastFour },
            amountCents: split.card,
          },
        ]
      : []),
  ];
  // fallout (shopping §4): items no longer offered for the modality, and flash sales that sold out before the shopper got one
  const soldOut = sales.filter((sale) => sale.offers_left === 0 && sale.claimed === 0).map((sale) => sale.gtin13);
  const fallout = [
    ...new Set([
      ...lineItems.filter((line) => !line.eligible).map((line) => line.gtin13),
      ...soldOut,
      ...unfilled.map((line) => line.gtin13),
    ]),
  ];
  const coupons = [
    ...new Set(filled.flatMap((line) => (line.coupon && line.couponSavingsCents > 0 ? [line.coupon.couponId] : []))),
  ];
  const minimumAge = minimumAgeOf(lineItems);
  const view: Checkout = {
    id: row.id,
    status: 'DRAFT',
    versionKey: versionKey(row.version),
    modalityType: doc.modalityType,
    locationId: doc.locationId,
    lineItems: lineItems.map(({ eligible: _eligible, ...line }) => line),
    fulfillment: {
      contact: { ...doc.contact, dateOfBirth: doc.dateOfBirth },
      promiseSelections: doc.slot ? [doc.slot] : [],
      instructions: doc.instructions,
      deliveryType: doc.modalityType,
    },
    buyer: { dateOfBirth: doc.dateOfBirth },
    checkoutOptions: { dateOfBirth: doc.dateOfBirth, minimumAge },
    summary,
    payment: { cardId: card ? card.cardId : null, ebtRequestedCents: doc.ebtRequestedCents, transactions },
    gratuity: gratuityBase,
    fallout,
    unfilled,
    orderNumber: null,
  };
  return {
    view,
    ineligible: lineItems.filter((line) => !line.eligible).map((line) => line.gtin13),
    takes: { coupons, flashSales: flashUsed },
  };
}

async function answer(c: CheckoutContext, row: CheckoutRow, status: 200 | 201 = 200) {
  const data = await checkoutView(c, row);
  c.header('ETag', data.versionKey);
  return c.json({ data }, status);
}

async function ownCheckout(c: CheckoutContext, id: string = c.req.param('checkoutId') ?? ''): Promise<CheckoutRow> {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await checkoutById(c.env.DB, id, customerOf(c).customerGUID) : null;
  // a checkout (and its order) belongs to the banner it was made on
  if (!row || row.banner !== c.get('call').banner)
    throw new HttpError(ERROR_CODES.NOT_FOUND, CHECKOUT_MESSAGES.NOT_FOUND, 404);
  return row;
}

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
      async (record) => {
        const row = await ownCheckout(c);
        if (row.status !== 'DRAFT')
          throw new HttpError(ERROR_CODES.CONFLICT, 'This order has already been placed', 409);
        if (ifMatch !== null && ifMatch !== '*' && ifMatch !== versionKey(row.version))
          throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The checkout was changed since it was read', 412);
        const doc = JSON.parse(row.document) as CheckoutDocument;
        const next: CheckoutDocument = { ...doc, lineExtras: { ...doc.lineExtras } };
        const now = c.get('call').now;
        const before = await checkoutView(c, row);
        if (body.slotId !== undefined) {
          if (!needsSlot(doc.modalityType) || !body.slotId.startsWith(`${doc.locationId}-${doc.modalityType}-`))
            throw new HttpError(
              ERROR_CODES.UNPROCESSABLE,
              'That time slot is not for this store and way to shop',
              422,
              ['slotId'],
            );
          // a slot that started on the store's clock is gone
          const slot = await openTimeslot(db, body.slotId, now);
          if (!slot) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such time slot', 404, ['slotId']);
          const heldUntil = await holdSlot(db, slot.slot_id, row.id, now);
          if (heldUntil === null)
            throw new HttpError(ERROR_CODES.CONFLICT, CHECKOUT_MESSAGES.SLOT_FULL, 409, ['slotId']);
          next.slot = {
            slotId: slot.slot_id,
            date: slot.slot_date,
            startTime: slot.start_time,
            endTime: slot.end_time,
            feeCents: slot.fee_cents,
            heldUntil: new Date(heldUntil).toISOString(),
            timeZone: slot.time_zone,
          };
        }
        if (body.contact) {
          const address = body.contact.address === undefined ? doc.contact.address : body.contact.address;
          next.contact = {
            ...doc.contact,
            firstName: body.contact.firstName,
            lastName: body.contact.lastName,
            phone: body.contact.phone,
            email: body.contact.email ?? doc.contact.email,
            address,
          };
        }
        if (body.instructions !== undefined) next.instructions = body.instructions;
        if (body.gratuityCents !== undefined) {
          // shopping §4: only while DRAFT and when the server says the tip can be updated
          const problem = tipProblem(body.gratuityCents, before.gratuity);
          if (problem) throw new HttpError(ERROR_CODES.UNPROCESSABLE, problem, 422, ['gratuityCents']);
          next.gratuityCents = body.gratuityCents;
        }
        if (body.dateOfBirth !== undefined) {
          const age = ageOn(body.dateOfBirth, await storeToday(db, doc.locationId, now));
          if (age === null)
            throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'Enter a real birth date', 422, ['dateOfBirth']);
          const minimum = before.checkoutOptions.minimumAge;
          if (minimum !== null && age < minimum)
            throw new HttpError(ERROR_CODES.UNPROCESSABLE, CHECKOUT_MESSAGES.UNDER_AGE(minimum), 422, ['dateOfBirth']);
          next.dateOfBirth = body.dateOfBirth;
        }
        if (body.cardId !== undefined) {
          if (!(await cardForPayment(db, customer.customerGUID, body.cardId)))
            throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such card in your wallet', 404, ['cardId']);
          next.cardId = body.cardId;
        }
        if (body.ebtRequestedCents !== undefined) next.ebtRequestedCents = body.ebtRequestedCents;
        for (const line of body.lineItems ?? []) {
          if (!before.lineItems.some((item) => item.gtin13 === line.gtin13))
            throw new HttpError(ERROR_CODES.NOT_FOUND, `No line for ${line.gtin13} in this checkout`, 404, [
              line.gtin13,
            ]);
          const current = next.lineExtras[line.gtin13] ?? { instructions: '' };
          next.lineExtras[line.gtin13] = {
            ...current,
            ...(line.substitutionPolicy ? { substitutionPolicy: line.substitutionPolicy } : {}),
            ...(line.instructions !== undefined ? { instructions: line.instructions } : {}),
          };
        }
        const written = { ...row, version: row.version + 1, document: JSON.stringify(next) };
        const view = await checkoutView(c, written);
        const updated = await updateDraft(
          db,
          row,
          written.document,
          now,
          record({ status: 200, body: { data: view } }),
        );
        if (!updated) throw new WriteConflictError();
        return { status: 200, body: { data: view } };
      },
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
      (record) => place(c, body.checkoutId, body.expectedTotalCents, record, body.linkBase ?? null),
    ),
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as { data: Order }, result.status as 200 | 201);
});

/** The would-be email confirming an order (the development outbox shows it), or null without an address to send to. */
async function confirmationEmail(c: CheckoutContext, order: Order, contactEmail: string, linkBase: string | null) {
  const call = c.get('call');
  const to = contactEmail || (await customerEmail(c.env.DB, customerOf(c).customerGUID));
  if (!to) return null;
  const store = order.deliverTo ? null : await bannerStore(c.env.DB, call.banner, order.locationId);
  const link = `${linkBase ?? ''}/checkout/confirmation/${order.orderNumber}`;
  const banner = BANNERS[call.banner as BannerId]?.name ?? call.banner;
  const { subject, body } = orderConfirmationEmail(order, banner, orderPlace(order, store), link);
  return { to, kind: 'ORDER_CONFIRMATION', subject, body, link, now: call.now };
}

/** How often placing reads the checkout again after its batch lost a race (stock, a coupon, an offer, a balance) before it answers 409. */
const PLACE_ATTEMPTS = 2;

async function place(
  c: CheckoutContext,
  checkoutId: string,
  expectedTotalCents: number,
  record: RecordAnswer,
  linkBase: string | null,
  attempt = 1,
): Promise<{ status: number; body: { data: Order } }> {
  const db = c.env.DB;
  const row = await ownCheckout(c, checkoutId);
  if (row.status === 'PLACED') {
    const order = await orderOfCheckout(db, row.id);
    if (order) return { status: 200, body: { data: order } };
  }
  const doc = JSON.parse(row.document) as CheckoutDocument;
  const { view, ineligible: blocked, takes } = await pricedCheckout(c, row);
  const now = c.get('call').now;
  const refuse = (
    reason: string,
    status: number,
    rootCause: string[] = [],
    code: string = ERROR_CODES.UNPROCESSABLE,
  ): never => {
    throw new HttpError(code, reason, status, rootCause);
  };
  const soldOut = view.unfilled.map((line) => line.gtin13);
  if (view.lineItems.length === 0) {
    if (soldOut.length > 0) refuse(CHECKOUT_MESSAGES.SOLD_OUT, 409, soldOut, ERROR_CODES.CONFLICT);
    refuse(CHECKOUT_MESSAGES.EMPTY_CART, 422, ['lineItems']);
  }
  if (blocked.length > 0)
    refuse(
      `Some items can't be ordered for ${doc.modalityType.toLowerCase()}. Remove them from your cart.`,
      409,
      blocked,
      ERROR_CODES.CONFLICT,
    );
  if (needsSlot(doc.modalityType)) {
    if (!doc.slot) refuse('Choose a time for your order', 422, ['slotId']);
    else if ((await slotHold(db, doc.slot.slotId, row.id, now)) === 'expired')
      refuse(CHECKOUT_MESSAGES.SLOT_EXPIRED, 409, ['slotId'], ERROR_CODES.CONFLICT);
  }
  const contact = view.fulfillment.contact;
  if (!contact.firstName || !contact.lastName || !/^\d{10}$/.test(contact.phone))
    refuse('Add a name and a 10-digit phone number for your order', 422, ['contact']);
  if ((doc.modalityType === 'DELIVERY' || doc.modalityType === 'SHIP') && !contact.address)
    refuse('Add the address to deliver to', 422, ['contact.address']);
  const minimum = view.checkoutOptions.minimumAge;
  if (minimum !== null) {
    const age = doc.dateOfBirth ? ageOn(doc.dateOfBirth, await storeToday(db, doc.locationId, now)) : null;
    if (age === null)
      refuse(`Some items in your order are for buyers ${minimum} or older: enter your birth date`, 422, [
        'dateOfBirth',
      ]);
    else if (age < minimum) refuse(CHECKOUT_MESSAGES.UNDER_AGE(minimum), 422, ['dateOfBirth']);
  }
  // the price a shopper sees is the price they are charged: a total that moved (a line that sold out since) is never charged
  if (expectedTotalCents !== view.summary.total) {
    if (soldOut.length > 0)
      refuse(CHECKOUT_MESSAGES.SOLD_OUT, 409, [...soldOut, `total ${view.summary.total}`], ERROR_CODES.CONFLICT);
    refuse(CHECKOUT_MESSAGES.TOTAL_CHANGED, 409, [`total ${view.summary.total}`], ERROR_CODES.CONFLICT);
  }
  const paid = view.payment.transactions.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (paid !== view.summary.total) refuse('Choose a payment card for the rest of your order', 422, ['cardId']);

  const orderNumber = newOrderNumber();
  const order: Order = {
    orderNumber,
    checkoutId: row.id,
    status: 'PLACED',
    placedAt: new Date(now).toISOString(),
    modalityType: view.modalityType,
    locationId: view.locationId,
    promiseSelection: view.fulfillment.promiseSelections[0] ?? null,
    lineItems: view.lineItems,
    summary: view.summary,
    transactions: view.payment.transactions,
    deliverTo: view.modalityType === 'DELIVERY' || view.modalityType === 'SHIP' ? contact.address : null,
  };
  // the order confirmation email (issue 22 §4): written with the order, in its batch, so once
  const email = await confirmationEmail(c, order, contact.email, linkBase);
  const placed: Checkout = {
    ...view,
    status: 'PLACED',
    versionKey: versionKey(row.version + 1),
    orderNumber,
    gratuity: { ...view.gratuity, modifiable: false },
  };
  const basket = await activeBasket(db, row.customer_guid, row.banner, doc.modalityType);
  const ledger: OrderTakes = {
    orderNumber,
    customerGUID: row.customer_guid,
    locationId: view.locationId,
    lines: view.lineItems,
    ...takes,
    slot: doc.slot ? { slotId: doc.slot.slotId, checkoutId: row.id } : null,
    payments: view.payment.transactions.flatMap((entry): Array<OrderTakes['payments'][number]> =>
      entry.paymentMethod.type === 'GIFT_CARD'
        ? [{ kind: 'GIFT_CARD' as const, reference: entry.paymentMethod.reference, cents: entry.amountCents }]
        : entry.paymentMethod.type === 'EBT'
          ? [{ kind: 'EBT' as const, cents: entry.amountCents }]
          : [],
    ),
  };
  const response = { status: 201, body: { data: order } };
  try {
    await placeOrder(
      db,
      { row, document: JSON.stringify({ ...doc, placed }), order, ledger, basketId: basket.id, now },
      // the confirmation email is written with the order, once (issue 22 §4)
      [...record(response), ...(email ? [outboxStatement(db, email)] : [])],
    );
  } catch (error) {
    if (!isAssertionFailure(error)) throw error;
    // a concurrent request placed it first, or stock, a coupon, an offer or a balance changed: read again
    const again = await checkoutById(db, row.id, row.customer_guid);
    const order = again?.status === 'PLACED' ? await orderOfCheckout(db, row.id) : null;
    if (order) return { status: 200, body: { data: order } };
    if (attempt < PLACE_ATTEMPTS) return place(c, checkoutId, expectedTotalCents, record, linkBase, attempt + 1);
    throw new HttpError(ERROR_CODES.CONFLICT, CHECKOUT_MESSAGES.TOTAL_CHANGED, 409);
  }
  return response;
}

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
