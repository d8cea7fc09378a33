import { basketETag, type BasketOutput } from '../../src/lib/basket/contracts.ts';
import { lookupModality } from '../../src/lib/catalog/product.ts';
import { unitPriceText } from '../../src/lib/catalog/unit-price.ts';
import { snapEligible } from '../../src/lib/checkout/rules.ts';
import { oneLinePerCoupon } from '../../src/lib/pricing/coupon-lines.ts';
import { cartLineTotals, linePrice, type FlashSaleTerms } from '../../src/lib/pricing/price.ts';
import type { CallContext } from '../context.ts';
import { catalogItems, type BasketRow, type CatalogItem, type StoredLine } from './basket.ts';
import { MODALITY_BITS } from './catalog-facets.ts';
import { clippedCoupons, type ClippedCoupon } from './coupons.ts';
import { claimableFlashSales, flashSales as runningFlashSales, heldFlashSales } from './flash-sales.ts';
import { dealPrices } from './promotions.ts';

// The basket priced as the API answers it: the stored lines with the store's prices, deals,
// clipped coupons and flash-sale offers (held, or for the cart those a checkout would claim),
// through the one pricing function.

/**
 * The basket as the API answers it (shopping §3 Cart), every line priced by the one pricing
 * function (src/lib/pricing/price.ts) from the store's prices and the current weekly-ad deal
 * (`deals`: gtin13 -> price string), the shopper's clipped coupons (each on the one line it takes
 * most off, docs/decisions/628), and the flash-sale offers given (`flashSales`: those the shopper
 * holds, or for the cart those the checkout would claim, docs/decisions/658), as the checkout
 * charges them. Lines the catalog lost keep a blank name and price 0.
 */
function basketView(
  basket: BasketRow,
  lines: readonly StoredLine[],
  catalog: Map<string, CatalogItem>,
  deals: ReadonlyMap<string, string> = new Map(),
  coupons: ReadonlyMap<string, ClippedCoupon> = new Map(),
  flashSales: ReadonlyMap<string, readonly FlashSaleTerms[]> = new Map(),
  short: ReadonlySet<string> = new Set(),
): BasketOutput {
  const bit = MODALITY_BITS[lookupModality(basket.modality)];
  // Eligible: sold at the store (priced) and offered for the basket's modality (issue 9 §2).
  const eligible = (item: CatalogItem | undefined) =>
    item !== undefined && item.unitPriceCents !== null && (item.flags & bit) !== 0;
  // a clipped coupon comes off one line of the cart, chosen here once: the checkout prices these lines
  const chosen = oneLinePerCoupon(
    lines.map((line) => ({
      line,
      item: catalog.get(line.gtin13),
      quantity: line.quantity,
      coupon: coupons.get(line.gtin13) ?? null,
      offer: {
        regularCents: catalog.get(line.gtin13)?.regularCents ?? 0,
        promoCents: catalog.get(line.gtin13)?.promoCents ?? null,
        dealPriceString: deals.get(line.gtin13) ?? null,
        flashSales: flashSales.get(line.gtin13) ?? [],
      },
    })),
    // a line the order would leave out (not offered for the way to shop, too few in stock) holds one last
    ({ line, item }) => eligible(item) && !short.has(line.gtin13),
  );
  const lineItems = chosen.map(({ line, item, coupon, offer: base }) => {
    const offer = { ...base, coupon };
    const price = linePrice(offer, line.quantity);
    return {
      id: line.id,
      gtin13: line.gtin13,
      quantity: line.quantity,
      modalityType: line.modalityType,
      substitutionPolicy: line.substitutionPolicy,
      substitutionItems: line.substitutionItems,
      created: new Date(line.created).toISOString(),
      name: item?.name ?? '',
      unitPriceCents: price.unitCents,
      regularUnitPriceCents: offer.regularCents,
      promoUnitPriceCents: offer.promoCents,
      dealPriceString: offer.dealPriceString,
      lineTotalCents: price.totalCents,
      savingsCents: price.savingsCents,
      unitPrice: item ? unitPriceText(price.unitCents, item.size, item.soldByWeight) : null,
      coupon: coupon
        ? {
            couponId: coupon.couponId,
            title: coupon.title,
            kind: coupon.kind,
            value: coupon.value,
            minQuantity: coupon.minQuantity,
          }
        : null,
      couponSavingsCents: price.couponCents,
      flashSales: [...offer.flashSales],
      priceAdjustments: price.adjustments,
      eligible: eligible(item),
      // taxed unless SNAP covers it, as the checkout taxes it (the cart's estimated tax, issue 22 §3)
      snapEligible: item ? snapEligible(item) : true,
    };
  });
  // the cart's totals as the browser adds them up (the mini cart and the cart page): from each line's offer
  const totals = cartLineTotals(lineItems);
  return {
    id: basket.id,
    eTag: basketETag(basket.version),
    type: basket.type,
    orderId: basket.order_id,
    modality: basket.modality,
    lineItems,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: totals.subtotalCents,
    savingsCents: totals.savingsCents,
  };
}

/**
 * The basket priced for the call's store: the store's prices, the current weekly-ad deals of its
 * division, the shopper's clipped coupons and their flash-sale offers, through basketView (the one
 * pricing function). `flash`: `'held'` prices the offers the shopper holds (the checkout, which
 * charges and redeems them); `'claimable'` those its claim would get them now (the cart and the
 * mini cart, which claim nothing: docs/decisions/658). `short`: the gtin13s the store has too few
 * of for their line (the checkout's fallout), which a clipped coupon goes to only when no other
 * covered line stays.
 */
export async function pricedBasket(
  db: D1Database,
  call: Pick<CallContext, 'locationId' | 'division' | 'banner' | 'customer'>,
  basket: BasketRow,
  lines: readonly StoredLine[],
  flash: 'held' | 'claimable',
  short: ReadonlySet<string> | Promise<ReadonlySet<string>> = new Set(),
): Promise<BasketOutput> {
  const gtins = lines.map((line) => line.gtin13);
  const now = Date.now();
  const [catalog, deals, coupons, flashSales, shortLines] = await Promise.all([
    catalogItems(db, gtins, call.locationId),
    gtins.length === 0
      ? []
      : dealPrices(db, { banner: call.banner, division: call.division || call.locationId.slice(0, 3), now, gtins }),
    call.customer
      ? clippedCoupons(db, { banner: call.banner, customerGUID: call.customer.customerGUID, now, gtins })
      : new Map<string, ClippedCoupon>(),
    call.customer
      ? flash === 'held'
        ? heldFlashSales(db, call.banner, call.customer.customerGUID, gtins, now)
        : runningFlashSales(db, call.banner, call.customer.customerGUID, gtins, now).then(claimableFlashSales)
      : new Map<string, FlashSaleTerms[]>(),
    // read beside the rest (the checkout's stock), not before it
    short,
  ]);
  const dealOf = new Map<string, string>();
  for (const deal of deals) if (!dealOf.has(deal.gtin13)) dealOf.set(deal.gtin13, deal.priceString);
  return basketView(basket, lines, catalog, dealOf, coupons, flashSales, shortLines);
}
