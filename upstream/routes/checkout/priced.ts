import { FLASH_SALE_PREVIEW_HEADER, type Checkout } from '../../../src/lib/checkout/contracts.ts';
import { gratuityFor, minimumAgeOf, snapEligible, splitPayment, summarize } from '../../../src/lib/checkout/rules.ts';
import { normalizeSubstitution } from '../../../src/lib/basket/substitution.ts';
import { lineOffer, linePrice } from '../../../src/lib/pricing/price.ts';
import { activeBasket, storedLines } from '../../db/basket.ts';
import { pricedBasket } from '../../db/basket-pricing.ts';
import { productFacts, type CheckoutDocument, type CheckoutRow } from '../../db/checkout.ts';
import { flashSales } from '../../db/flash-sales.ts';
import { stockAt, type OrderTakes } from '../../db/ledger.ts';
import { appliedGiftCards, cardForPayment, ebtBalanceCents } from '../../db/wallet.ts';
import { versionKey, type CheckoutContext } from './context.ts';

// The checkout priced again from the cart on every read (shopping §4): its lines by the one
// pricing function, the summary with the tip, the payment split, and the fallout.

/**
 * The checkout as the API answers it: lines priced from the cart now, the summary, the payment
 * split. `flash`: the flash-sale offers it prices, as in pricedCheckout.
 */
export async function checkoutView(
  c: CheckoutContext,
  row: CheckoutRow,
  flash: 'held' | 'claimable' = 'held',
): Promise<Checkout> {
  return (await pricedCheckout(c, row, flash)).view;
}

/** What an order of the checkout would take of the ledgers beyond its lines (docs/decisions/470). */
type CheckoutTakes = Pick<OrderTakes, 'coupons' | 'flashSales'>;

/**
 * The checkout view, the cart lines no longer sold at the store or offered for the modality
 * (these block an order), and the coupons and flash-sale offers its lines are priced with. Lines
 * the store has too few of are fallout, left out of the lines and the total (issue 20 §2).
 * `flash`: the flash-sale offers the lines are priced with: those the shopper holds (what an order
 * charges and redeems), or for a page fetched ahead, those its claim would get (decision 658).
 */
export async function pricedCheckout(
  c: CheckoutContext,
  row: CheckoutRow,
  flash: 'held' | 'claimable' = 'held',
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
  const gtins = lines.map((line) => line.gtin13);
  const reading = stockAt(db, doc.locationId, gtins);
  const priced = await pricedBasket(
    db,
    { ...call, locationId: doc.locationId, division: doc.locationId.slice(0, 3) },
    basket,
    lines,
    // an order charges (and redeems) only the offers the shopper holds
    flash,
    // a clipped coupon goes to a covered line the order keeps, not to one that falls out (decision 632)
    reading.then(
      (stock) =>
        new Set(lines.filter((line) => line.quantity > (stock.get(line.gtin13) ?? 0)).map((line) => line.gtin13)),
    ),
  );
  const stock = await reading;
  // a line the store cannot fill falls out whole: nothing of it is ordered or charged
  const short = (line: { gtin13: string; quantity: number; eligible: boolean }) =>
    line.eligible && line.quantity > (stock.get(line.gtin13) ?? 0);
  const [facts, sales, ebtBalance, giftCards, card] = await Promise.all([
    productFacts(db, gtins),
    flashSales(db, row.banner, row.customer_guid, gtins, now),
    ebtBalanceCents(db, row.customer_guid),
    appliedGiftCards(db, row.customer_guid),
    // no card chosen: the default one, as a new checkout starts with (a first card added since, decision 631)
    cardForPayment(db, row.customer_guid, doc.cardId ?? null),
  ]);
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
      // the checkout may ask for another policy; the rule of the cart's items still decides it (shopping §4)
      substitutionPolicy: normalizeSubstitution(
        line.gtin13,
        { policy: extras?.substitutionPolicy },
        { policy: line.substitutionPolicy, items: line.substitutionItems },
      ).policy,
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

/**
 * The offers a checkout answer is priced with: those its claim will give when the call asks
 * (`x-flash-sale-preview: claimable`: a page fetched ahead, decision 658, or a change saved while the
 * page's claim is under way, decision 680), else those held. An order always prices those held.
 */
export const answerPricing = (c: CheckoutContext): 'held' | 'claimable' =>
  c.req.header(FLASH_SALE_PREVIEW_HEADER) === 'claimable' ? 'claimable' : 'held';

export async function answer(c: CheckoutContext, row: CheckoutRow, status: 200 | 201 = 200) {
  const data = await checkoutView(c, row, answerPricing(c));
  c.header('ETag', data.versionKey);
  return c.json({ data }, status);
}
