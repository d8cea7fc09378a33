// The one pricing function (issue 9 §4; ARCHITECTURE: the price a shopper sees is the price they
// are charged). Cards, the product page, the cart (in the browser and in the upstream's basket)
// and later lists and checkout all price a line here, in integer cents, from the same offer: the
// store's regular and promo price and the current weekly-ad deal. docs/decisions/260-one-price.md

/** A weekly-ad deal's terms, read from its price string (the forms the chain's circulars use). */
export type DealTerms =
  | { kind: 'PRICE'; cents: number } // "$3.99", "$2.99/lb": the deal price per unit
  | { kind: 'MULTI'; count: number; totalCents: number } // "3 for $5": each at $5/3, no minimum
  | { kind: 'BOGO' } // "Buy 1 Get 1 Free": every second unit free
  | { kind: 'AMOUNT_OFF'; cents: number } // "Save $1.00" per unit
  | { kind: 'PERCENT_OFF'; percent: number } // "20% Off" the regular price
  | { kind: 'INFO' }; // "Save up to 30%": the items' own promo prices are the deal

const MONEY = String.raw`\$(\d{1,5})(?:\.(\d{2}))?`;
const cents = (dollars: string, fraction: string | undefined) => Number(dollars) * 100 + Number(fraction ?? '0');

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

/** What a line is priced from: the store's prices (integer cents) and the deal, if any. */
export interface Offer {
  regularCents: number;
  promoCents: number | null;
  /** the current weekly-ad deal's price string, or null */
  dealPriceString: string | null;
}

export interface LinePrice {
  /** the price of one unit as shown on the shelf tag (the deal's, else the promo's, else the regular) */
  unitCents: number;
  regularUnitCents: number;
  /** what the line costs at `quantity` */
  totalCents: number;
  regularTotalCents: number;
  savingsCents: number;
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
 * Prices `quantity` units of an offer. `linePrice({ regularCents: 500, promoCents: null, dealPriceString: '20% Off' }, 2)`
 * -> `{ unitCents: 400, regularUnitCents: 500, totalCents: 800, regularTotalCents: 1000, savingsCents: 200 }`
 */
export function linePrice(offer: Offer, quantity: number): LinePrice {
  const units = Math.max(0, Math.floor(quantity));
  const regular = Math.max(0, Math.round(offer.regularCents));
  const promo = offer.promoCents !== null && offer.promoCents >= 0 && offer.promoCents < regular ? Math.round(offer.promoCents) : null;
  const base = promo ?? regular;
  const terms = offer.dealPriceString ? dealTerms(offer.dealPriceString) : null;
  const unitCents = terms ? dealUnit(terms, regular, base) : base;
  // Buy 1 Get 1 Free: every second unit is free.
  const paidUnits = terms?.kind === 'BOGO' ? Math.ceil(units / 2) : units;
  const totalCents = unitCents * paidUnits;
  const regularTotalCents = regular * units;
  return { unitCents, regularUnitCents: regular, totalCents, regularTotalCents, savingsCents: regularTotalCents - totalCents };
}

/** The totals of a cart: what it costs and what the shopper saves, in cents. */
export function cartTotals(lines: ReadonlyArray<{ offer: Offer; quantity: number }>): { subtotalCents: number; savingsCents: number } {
  let subtotalCents = 0;
  let savingsCents = 0;
  for (const line of lines) {
    const price = linePrice(line.offer, line.quantity);
    subtotalCents += price.totalCents;
    savingsCents += price.savingsCents;
  }
  return { subtotalCents, savingsCents };
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
  const { unitCents, regularUnitCents } = linePrice({ regularCents: price.regularCents, promoCents: price.promoCents, dealPriceString }, 1);
  return { regularCents: regularUnitCents, promoCents: unitCents < regularUnitCents ? unitCents : null, unit: price.unit };
}

/** The offer a priced cart line carries (src/lib/basket/contracts.ts LineItemSchema). */
export function lineOffer(line: { regularUnitPriceCents: number; promoUnitPriceCents: number | null; dealPriceString: string | null }): Offer {
  return { regularCents: line.regularUnitPriceCents, promoCents: line.promoUnitPriceCents, dealPriceString: line.dealPriceString };
}
