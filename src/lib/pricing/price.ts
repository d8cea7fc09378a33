// The one pricing function (issue 9 §4, issue 20 §3; ARCHITECTURE: the price a shopper sees is the
// price they are charged). Cards, the product page, lists, the cart (in the browser, optimistic
// lines included, and in the upstream's basket), the checkout and the order record all price a
// line here, in integer cents, from the same offer: the store's regular and promo price, the
// current weekly-ad deal, the clipped coupon and the flash-sale offers the shopper holds.
// docs/decisions/260-one-price.md, docs/decisions/480-one-price-everywhere.md

/** A weekly-ad deal's terms, read from its price string (the forms the chain's circulars use). */
export type DealTerms =
  | { kind: 'PRICE'; cents: number } // "$3.99", "$2.99/lb": the deal price per unit
  | { kind: 'MULTI'; count: number; totalCents: number } // "3 for $5": each at $5/3, no minimum
  | { kind: 'BOGO' } // "Buy 1 Get 1 Free": every second unit free
  | { kind: 'AMOUNT_OFF'; cents: number } // "Save $1.00" per unit
  | { kind: 'PERCENT_OFF'; percent: number } // "20% Off" the regular price
  | { kind: 'INFO' }; // "Save up to 30%": the items' own promo prices are the deal

// dollars as src/lib/money writes them: "$5", "$5.99", "$1,250.00"
const MONEY = String.raw`\$(\d{1,3}(?:,\d{3})+|\d{1,5})(?:\.(\d{2}))?`;
const cents = (dollars: string, fraction: string | undefined) =>
  Number(dollars.replaceAll(',', '')) * 100 + Number(fraction ?? '0');

/**
 * The terms of a deal price string; INFO for a form that does not change the price by itself.
 * `dealTerms('3 for $5') -> { kind: 'MULTI', count: 3, totalCents: 500 }`
 */
export function dealTerms(priceString: string): DealTerms {
  const text = priceString.trim();
  let match = new RegExp(`^(\\d{1,2}) for ${MONEY}$`, 'i').exec(text);
  if (match) {
    const count = Number(match[1]);
    if (count >= 1) return { kind: 'MULTI', count, totalCents: cents(match[2] as string, match[3]) };
  }
  match = new RegExp(`^${MONEY}(?:\\s*/\\s*(?:lb|ea))?$`, 'i').exec(text);
  if (match) return { kind: 'PRICE', cents: cents(match[1] as string, match[2]) };
  if (/^buy 1 get 1 free$/i.test(text)) return { kind: 'BOGO' };
  match = new RegExp(`^save ${MONEY}$`, 'i').exec(text);
  if (match) return { kind: 'AMOUNT_OFF', cents: cents(match[1] as string, match[2]) };
  match = /^(\d{1,2})% off$/i.exec(text);
  if (match) return { kind: 'PERCENT_OFF', percent: Number(match[1]) };
  return { kind: 'INFO' };
}

/** A clipped coupon's terms (migrations/0014_coupons.sql): from a minimum quantity, on one line an order (./coupon-lines.ts). */
export interface CouponTerms {
  kind: 'AMOUNT' | 'PERCENT';
  /** cents off (AMOUNT) or percent off (PERCENT) */
  value: number;
  minQuantity: number;
}

/**
 * A flash-sale offer the shopper holds on an item (shopping §3 Flash sale; migrations/0022
 * flash_sales and flash_sale_claims): cents off each unit, for as many units as offers claimed.
 */
export interface FlashSaleTerms {
  couponId: string;
  /** cents off each unit the offer covers */
  discountCents: number;
  /**
   * the offers the shopper claimed (the checkout claims them; they are kept until the order is
   * placed); in the cart's answer, the offers the checkout's claim would get them now (decision 658)
   */
  held: number;
  /** the sale's limit per shopper: no more units than this get the discount, whatever was held */
  perShopper: number;
}

/** What came off a line after its price: a flash sale (the checkout's priceAdjustments, shopping §3 Checkout). */
interface PriceAdjustment {
  type: 'FLASH_SALE';
  couponId: string;
  amountCents: number;
}

/** What a line is priced from: the store's prices (integer cents), the deal, the clipped coupon and the flash sales held, if any. */
export interface Offer {
  regularCents: number;
  promoCents: number | null;
  /** the current weekly-ad deal's price string, or null */
  dealPriceString: string | null;
  /** a coupon the shopper clipped that covers the item, or null */
  coupon?: CouponTerms | null;
  /** the running flash sales on the item the shopper holds offers of */
  flashSales?: readonly FlashSaleTerms[] | null;
}

export interface LinePrice {
  /** the price of one unit as shown on the shelf tag (the deal's, else the promo's, else the regular) */
  unitCents: number;
  regularUnitCents: number;
  /** what the line costs at `quantity`: what the shopper pays, flash sales taken off */
  totalCents: number;
  regularTotalCents: number;
  savingsCents: number;
  /** the part of the savings the clipped coupon gives (0 below its minimum quantity) */
  couponCents: number;
  /** the line before its price adjustments (a checkout line's lineTotalCents): totalCents + flashSaleCents */
  beforeAdjustmentsCents: number;
  /** what the flash sales take off, in all, and each (the checkout's priceAdjustments) */
  flashSaleCents: number;
  adjustments: PriceAdjustment[];
  /** how many units each flash sale covered (what an order redeems of the shopper's claims) */
  flashUnits: Array<{ couponId: string; units: number }>;
}

/** The unit price a deal gives, never above `base` (a deal never costs the shopper more). */
function dealUnit(terms: DealTerms, regularCents: number, base: number): number {
  switch (terms.kind) {
    case 'PRICE':
      return Math.min(base, terms.cents);
    case 'MULTI':
      return Math.min(base, Math.round(terms.totalCents / terms.count));
    case 'AMOUNT_OFF':
      return Math.min(base, Math.max(0, regularCents - terms.cents));
    case 'PERCENT_OFF':
      return Math.min(base, Math.round((regularCents * (100 - Math.min(100, terms.percent))) / 100));
    case 'BOGO':
    case 'INFO':
      return base;
    default: {
      const unknown: never = terms;
      throw new Error(`unknown deal ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Prices `quantity` units of an offer: deal, then coupon, then flash sales.
 * `linePrice({ regularCents: 500, promoCents: null, dealPriceString: '20% Off' }, 2)`
 * -> `{ unitCents: 400, regularUnitCents: 500, totalCents: 800, regularTotalCents: 1000, savingsCents: 200, … }`
 */
export function linePrice(offer: Offer, quantity: number): LinePrice {
  const units = Math.max(0, Math.floor(quantity));
  const regular = Math.max(0, Math.round(offer.regularCents));
  const promo =
    offer.promoCents !== null && offer.promoCents >= 0 && offer.promoCents < regular
      ? Math.round(offer.promoCents)
      : null;
  const base = promo ?? regular;
  const terms = offer.dealPriceString ? dealTerms(offer.dealPriceString) : null;
  const unitCents = terms ? dealUnit(terms, regular, base) : base;
  // Buy 1 Get 1 Free: every second unit is free.
  const paidUnits = terms?.kind === 'BOGO' ? Math.ceil(units / 2) : units;
  const beforeCoupon = unitCents * paidUnits;
  // A clipped coupon comes off the line once it reaches the coupon's quantity: an amount once,
  // a percent of the line (after deals); never below zero. Only one line of an order carries it.
  const coupon = offer.coupon;
  const couponCents =
    coupon && units >= coupon.minQuantity && units > 0
      ? Math.min(
          beforeCoupon,
          coupon.kind === 'AMOUNT'
            ? Math.max(0, Math.round(coupon.value))
            : Math.round((beforeCoupon * Math.min(100, Math.max(0, coupon.value))) / 100),
        )
      : 0;
  const beforeAdjustmentsCents = beforeCoupon - couponCents;
  // Flash sales come off last, each on as many units as the shopper holds offers for (never past
  // the sale's per-shopper limit, nor below zero), in the order given: what the checkout charges.
  let left = units;
  let totalCents = beforeAdjustmentsCents;
  const adjustments: PriceAdjustment[] = [];
  const flashUnits: Array<{ couponId: string; units: number }> = [];
  for (const sale of offer.flashSales ?? []) {
    const covered = Math.max(0, Math.min(left, Math.floor(sale.held), Math.floor(sale.perShopper)));
    const amountCents = Math.min(totalCents, covered * Math.max(0, Math.round(sale.discountCents)));
    left -= covered;
    totalCents -= amountCents;
    if (amountCents > 0) {
      adjustments.push({ type: 'FLASH_SALE', couponId: sale.couponId, amountCents });
      flashUnits.push({ couponId: sale.couponId, units: covered });
    }
  }
  const regularTotalCents = regular * units;
  return {
    unitCents,
    regularUnitCents: regular,
    totalCents,
    regularTotalCents,
    savingsCents: regularTotalCents - totalCents,
    couponCents,
    beforeAdjustmentsCents,
    flashSaleCents: beforeAdjustmentsCents - totalCents,
    adjustments,
    flashUnits,
  };
}

/**
 * The totals of a cart: what it costs, what the shopper saves, and the part of the cost that is
 * taxed (the lines marked `taxable`: what SNAP does not cover, src/lib/checkout/rules.ts), in cents.
 * The mini cart, the cart page and the upstream's basket all add a cart up here.
 */
export function cartTotals(lines: ReadonlyArray<{ offer: Offer; quantity: number; taxable?: boolean }>): {
  subtotalCents: number;
  savingsCents: number;
  taxableCents: number;
} {
  let subtotalCents = 0;
  let savingsCents = 0;
  let taxableCents = 0;
  for (const line of lines) {
    const price = linePrice(line.offer, line.quantity);
    subtotalCents += price.totalCents;
    savingsCents += price.savingsCents;
    if (line.taxable) taxableCents += price.totalCents;
  }
  return { subtotalCents, savingsCents, taxableCents };
}

/** A shelf price as the Price component shows it: the regular price, and the lower one (deal or promo) as promoCents. */
export interface ShelfPrice {
  regularCents: number;
  promoCents: number | null;
  unit: 'each' | 'lb';
}

/**
 * What a card or the product page shows for one unit: the same linePrice the cart charges.
 * `shelfPrice({ regularCents: 579, promoCents: null, unit: 'each' }, '20% Off') -> { regularCents: 579, promoCents: 463, unit: 'each' }`
 */
export function shelfPrice(price: ShelfPrice | null, dealPriceString: string | null): ShelfPrice | null {
  if (!price) return null;
  const { unitCents, regularUnitCents } = linePrice(
    { regularCents: price.regularCents, promoCents: price.promoCents, dealPriceString },
    1,
  );
  return {
    regularCents: regularUnitCents,
    promoCents: unitCents < regularUnitCents ? unitCents : null,
    unit: price.unit,
  };
}

/**
 * The offer a priced cart line carries (src/lib/basket/contracts.ts LineItemSchema), so a line at
 * another quantity (an optimistic change) is priced exactly as the server will price it.
 */
export function lineOffer(line: {
  regularUnitPriceCents: number;
  promoUnitPriceCents: number | null;
  dealPriceString: string | null;
  coupon?: { kind: 'AMOUNT' | 'PERCENT'; value: number; minQuantity: number } | null;
  flashSales?: readonly FlashSaleTerms[] | null;
}): Offer {
  const coupon = line.coupon
    ? { kind: line.coupon.kind, value: line.coupon.value, minQuantity: line.coupon.minQuantity }
    : null;
  return {
    regularCents: line.regularUnitPriceCents,
    promoCents: line.promoUnitPriceCents,
    dealPriceString: line.dealPriceString,
    coupon,
    flashSales: line.flashSales ?? [],
  };
}

/**
 * The totals of priced cart lines (the upstream's basket, or the browser's view of it with pending
 * changes): each line from its offer (lineOffer), taxed unless SNAP covers it (`snapEligible`; a line
 * the server has not described yet counts as food). `cartLineTotals(basket.lineItems).subtotalCents`
 */
export function cartLineTotals(
  lines: ReadonlyArray<Parameters<typeof lineOffer>[0] & { quantity: number; snapEligible?: boolean | undefined }>,
): ReturnType<typeof cartTotals> {
  return cartTotals(
    lines.map((line) => ({ offer: lineOffer(line), quantity: line.quantity, taxable: line.snapEligible === false })),
  );
}

/**
 * The "with coupon" price of one unit a card shows for an available coupon: what each unit costs
 * when the coupon's quantity is bought. `withCouponUnit({ regularCents: 400, … }, { kind: 'AMOUNT', value: 100, minQuantity: 1 }) === 300`
 */
export function withCouponUnit(offer: Offer, coupon: CouponTerms): number {
  const quantity = Math.max(1, coupon.minQuantity);
  return Math.round(linePrice({ ...offer, coupon }, quantity).totalCents / quantity);
}
