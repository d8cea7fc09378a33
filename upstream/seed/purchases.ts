import type { Order } from '../../src/lib/checkout/contracts.ts';
import { linePrice } from '../../src/lib/pricing/price.ts';
import { DEMO_SHOPPER } from './identity.ts';
import { sqlLiteral } from './sql.ts';

// The demo shopper's order history (issue 12 part 4; docs/decisions/360-order-history.md): three
// in-store receipts, a pickup order fulfilled five days ago with its receipt (the order is kept),
// and an Instacart delivery placed two hours before the seed ran, still pending, with the
// partner's receipt (kept while the order is under 24 hours old). Deterministic for a catalog.

const STORE = '70100101';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Product {
  docId: number;
  gtin13: string;
  name: string;
  minimumAge: number | null;
}
interface Price {
  locationId: string;
  gtin13: string;
  regularCents: number;
}

const row = (values: (string | number | null)[]) => values.map(sqlLiteral).join(', ');

export function purchaseSeedStatements(
  catalog: { products: readonly Product[]; prices: readonly Price[] },
  options: { now?: number } = {},
): string[] {
  const now = options.now ?? Date.now();
  const priceOf = new Map(
    catalog.prices.filter((price) => price.locationId === STORE).map((price) => [price.gtin13, price.regularCents]),
  );
  const sold = [...catalog.products]
    .filter((product) => priceOf.has(product.gtin13) && product.minimumAge === null)
    .sort((a, b) => a.docId - b.docId);
  const pick = (from: number, count: number) =>
    sold.slice(from, from + count).map((product, index) => {
      const quantity = 1 + (index % 3);
      // priced by the one pricing function at the store's regular price (src/lib/pricing)
      const price = linePrice(
        { regularCents: priceOf.get(product.gtin13) ?? 0, promoCents: null, dealPriceString: null },
        quantity,
      );
      return {
        gtin13: product.gtin13,
        name: product.name,
        quantity,
        unitCents: price.unitCents,
        lineTotalCents: price.totalCents,
      };
    });
  const total = (items: ReadonlyArray<{ lineTotalCents: number }>) =>
    items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  const statements: string[] = [];
  const receipt = (
    id: string,
    orderNumber: string | null,
    source: string,
    fulfillment: string,
    at: number,
    items: ReturnType<typeof pick>,
  ) =>
    statements.push(
      `INSERT OR IGNORE INTO receipts (receipt_id, customer_guid, banner, location_id, order_number, source, fulfillment_type, transaction_time, time_zone, total_cents, items) VALUES (${row([id, DEMO_SHOPPER.customerGUID, 'harvest', STORE, orderNumber, source, fulfillment, at, 'America/Los_Angeles', total(items), JSON.stringify(items.map(({ unitCents: _unit, ...item }) => item))])});`,
    );
  receipt('R-70100101-0001', null, 'STORE', 'IN_STORE', now - 12 * DAY, pick(0, 6));
  receipt('R-70100101-0002', null, 'STORE', 'IN_STORE', now - 9 * DAY, pick(6, 4));
  receipt('R-70100101-0003', null, 'STORE', 'IN_STORE', now - 3 * DAY, pick(10, 8));

  const order = (
    orderNumber: string,
    checkoutId: string,
    modality: 'PICKUP' | 'DELIVERY',
    at: number,
    items: ReturnType<typeof pick>,
    status: string,
    partner: string | null,
  ) => {
    const itemTotal = total(items);
    const date = new Date(at + DAY).toISOString().slice(0, 10);
    const document: Order = {
      orderNumber,
      checkoutId,
      status: 'PLACED',
      placedAt: new Date(at).toISOString(),
      modalityType: modality,
      locationId: STORE,
      promiseSelection: {
        slotId: `${STORE}-${modality}-${date}-1000`,
        date,
        startTime: '10:00',
        endTime: modality === 'PICKUP' ? '11:00' : '12:00',
        feeCents: modality === 'PICKUP' ? 0 : 395,
        heldUntil: new Date(at).toISOString(),
      },
      lineItems: items.map((item, index) => ({
        id: `${orderNumber}-${index}`,
        gtin13: item.gtin13,
        quantity: item.quantity,
        substitutionPolicy: 'SHOPPER_CHOICE',
        instructions: '',
        name: item.name,
        unitPriceCents: item.unitCents,
        lineTotalCents: item.lineTotalCents,
        minimumAge: null,
        snapEligible: true,
        priceAdjustments: [],
      })),
      summary: {
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        itemTotal,
        serviceFee: modality === 'PICKUP' ? 0 : 395,
        tax: 0,
        gratuity: 0,
        total: itemTotal + (modality === 'PICKUP' ? 0 : 395),
        snapEligibleTotal: itemTotal,
      },
      transactions: [
        {
          paymentMethod: {
            type: 'CARD',
            cardId: '3b0e7c2a-5d41-4f8e-9a26-c1d7e4b8f053',
            brand: 'VISA',
            lastFour: '1111',
          },
          amountCents: itemTotal + (modality === 'PICKUP' ? 0 : 395),
        },
      ],
    };
    statements.push(
      `INSERT OR IGNORE INTO checkouts (id, customer_guid, banner, status, version, document, order_number, created_at, updated_at) VALUES (${row([checkoutId, DEMO_SHOPPER.customerGUID, 'harvest', 'PLACED', 2, '{}', orderNumber, at, at])});`,
      `INSERT OR IGNORE INTO orders (order_number, checkout_id, customer_guid, banner, location_id, modality, placed_at, document) VALUES (${row([orderNumber, checkoutId, DEMO_SHOPPER.customerGUID, 'harvest', STORE, modality, at, JSON.stringify(document)])});`,
      `INSERT OR IGNORE INTO order_status (order_number, status, delivery_partner, updated_at) VALUES (${row([orderNumber, status, partner, at])});`,
    );
    return document;
  };
  const pickupItems = pick(20, 5);
  order('5000000001', '00000000-0000-4000-8000-00000000a001', 'PICKUP', now - 5 * DAY, pickupItems, 'COMPLETED', null);
  receipt('R-70100101-0004', '5000000001', 'ONLINE', 'PICKUP', now - 4 * DAY, pickupItems);
  const deliveryItems = pick(26, 4);
  order(
    '5000000002',
    '00000000-0000-4000-8000-00000000a002',
    'DELIVERY',
    now - 2 * HOUR,
    deliveryItems,
    'PENDING',
    'INSTACART',
  );
  receipt('R-IC-0002', '5000000002', 'INSTACART', 'DELIVERY', now - HOUR, deliveryItems);
  return statements;
}
