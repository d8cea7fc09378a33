import { BANNERS, type BannerId } from '../../../src/lib/banner/banners.ts';
import { CHECKOUT_MESSAGES, type Checkout, type Order } from '../../../src/lib/checkout/contracts.ts';
import { orderConfirmationEmail, orderPlace } from '../../../src/lib/checkout/confirmation.ts';
import { ageOn, cardPays } from '../../../src/lib/checkout/rules.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { customerEmail, outboxStatement } from '../../db/account.ts';
import { activeBasket } from '../../db/basket.ts';
import {
  checkoutById,
  newOrderNumber,
  orderOfCheckout,
  slotHold,
  storeToday,
  type CheckoutDocument,
} from '../../db/checkout.ts';
import { placeOrder } from '../../db/checkout-writes.ts';
import type { RecordAnswer } from '../../db/idempotency.ts';
import { isAssertionFailure, type OrderTakes } from '../../db/ledger.ts';
import { bannerStore } from '../../db/stores.ts';
import { customerOf, needsSlot, ownCheckout, versionKey, type CheckoutContext } from './context.ts';
import { pricedCheckout } from './priced.ts';

// Placing the order (shopping §5): every check the checkout must pass, then one D1 batch that
// books the slot, takes stock, coupons, offers and balances, empties the cart and writes the
// confirmation email, or nothing at all (docs/decisions/470).

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

export async function place(
  c: CheckoutContext,
  checkoutId: string,
  /** the total the shopper saw, and what they saw the card pay (null: not sent) */
  expected: { totalCents: number; cardCents: number | null },
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
  if (expected.totalCents !== view.summary.total) {
    if (soldOut.length > 0)
      refuse(CHECKOUT_MESSAGES.SOLD_OUT, 409, [...soldOut, `total ${view.summary.total}`], ERROR_CODES.CONFLICT);
    refuse(CHECKOUT_MESSAGES.TOTAL_CHANGED, 409, [`total ${view.summary.total}`], ERROR_CODES.CONFLICT);
  }
  const paid = view.payment.transactions.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (paid !== view.summary.total) refuse('Choose a payment card for the rest of your order', 422, ['cardId']);
  // nor is a card charged more than shown: a gift card or SNAP balance another order used meanwhile
  // (the retry below) or a payment changed in another tab is refused, never moved onto the card (decision 630)
  const cardCents = cardPays(view);
  if (expected.cardCents !== null && cardCents !== expected.cardCents)
    refuse(CHECKOUT_MESSAGES.PAYMENT_CHANGED, 409, [`card ${cardCents}`], ERROR_CODES.CONFLICT);

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
    // read again, holding the card to what this attempt would have charged it
    if (attempt < PLACE_ATTEMPTS)
      return place(
        c,
        checkoutId,
        { ...expected, cardCents: expected.cardCents ?? cardCents },
        record,
        linkBase,
        attempt + 1,
      );
    throw new HttpError(ERROR_CODES.CONFLICT, CHECKOUT_MESSAGES.TOTAL_CHANGED, 409);
  }
  return response;
}
