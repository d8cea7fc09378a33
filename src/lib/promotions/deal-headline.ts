import { dealTerms, linePrice, type Offer } from '../pricing/price.ts';

// A weekly-ad deal's headline ('2 for $5', 'Save $1.00', '20% Off', 'Save up to 30%') and the
// prices of the items under it must agree (issue 8 §9): both come from the one pricing function,
// so the headline a shopper reads is what each item shows and what the cart charges.
// docs/decisions/420-weekly-ad.md

/** The store prices of one item, in integer cents (a product's price, a seed row). */
export type ItemPrices = Pick<Offer, 'regularCents' | 'promoCents'>;

const SAVE_UP_TO = /^save up to (\d{1,2})%$/i;

/**
 * The whole-number percent a shopper saves on one unit. `savingsPercent(500, 400) === 20`
 */
export function savingsPercent(regularCents: number, unitCents: number): number {
  if (regularCents <= 0) return 0;
  return Math.round(((regularCents - unitCents) * 100) / regularCents);
}

/** What one item shows under a deal (and the cart charges for one), by linePrice. */
export function dealItemUnit(priceString: string, item: ItemPrices): { unitCents: number; regularCents: number } {
  const price = linePrice({ ...item, dealPriceString: priceString }, 1);
  return { unitCents: price.unitCents, regularCents: price.regularUnitCents };
}

/**
 * True when the item's price under the deal is what the headline says:
 * '$3.99' and '$2.99/lb' — it costs exactly that; '2 for $5' — two cost exactly $5;
 * 'Save $1.00' — it is exactly $1.00 off; '20% Off' — it is 20% off (rounded to a whole percent);
 * 'Buy 1 Get 1 Free' — two cost what one does; 'Save up to 30%' — it is on sale by at most 30%.
 * `dealItemAgrees('2 for $5', { regularCents: 349, promoCents: null }) === true`
 */
export function dealItemAgrees(priceString: string, item: ItemPrices): boolean {
  const terms = dealTerms(priceString);
  const offer: Offer = { ...item, dealPriceString: priceString };
  const one = linePrice(offer, 1);
  switch (terms.kind) {
    case 'PRICE':
      return one.unitCents === terms.cents;
    case 'MULTI':
      return linePrice(offer, terms.count).totalCents === terms.totalCents;
    case 'AMOUNT_OFF':
      return one.savingsCents === terms.cents;
    case 'PERCENT_OFF':
      return one.savingsCents > 0 && savingsPercent(one.regularUnitCents, one.unitCents) === terms.percent;
    case 'BOGO':
      return one.totalCents > 0 && linePrice(offer, 2).totalCents === one.totalCents;
    case 'INFO': {
      const upTo = SAVE_UP_TO.exec(priceString.trim());
      if (!upTo) return false;
      const percent = savingsPercent(one.regularUnitCents, one.unitCents);
      return one.savingsCents > 0 && percent <= Number(upTo[1]);
    }
    default: {
      const unknown: never = terms;
      throw new Error(`unknown deal ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * True when every item agrees with the headline and, for 'Save up to N%', one item saves the N%.
 * `dealHeadlineAgrees('Save up to 30%', [{ regularCents: 1000, promoCents: 700 }]) === true`
 */
export function dealHeadlineAgrees(priceString: string, items: readonly ItemPrices[]): boolean {
  if (items.length === 0 || !items.every((item) => dealItemAgrees(priceString, item))) return false;
  const upTo = SAVE_UP_TO.exec(priceString.trim());
  if (dealTerms(priceString).kind !== 'INFO' || !upTo) return true;
  return items.some((item) => {
    const { unitCents, regularCents } = dealItemUnit(priceString, item);
    return savingsPercent(regularCents, unitCents) === Number(upTo[1]);
  });
}
