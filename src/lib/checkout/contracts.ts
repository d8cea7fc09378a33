import * as v from 'valibot';
import { PriceAdjustmentSchema, SubstitutionPolicySchema } from '../basket/contracts.ts';
import { Gtin13Schema, ModalitySchema } from '../catalog/product.ts';

// Checkout, time slots, flash sales and orders (issue 13; shopping §3 Checkout and Flash sale,
// §7 Checkout and wallet). The spec does not show the paths or shapes; ours are in
// docs/decisions/340-checkout.md. Money is integer cents; dates YYYY-MM-DD, times HH:mm (§9).

export const CHECKOUT_PATHS = {
  CHECKOUTS: '/checkout/api/v1/checkouts',
  checkout: (id: string) => `/checkout/api/v1/checkouts/${encodeURIComponent(id)}`,
  ORDERS: '/checkout/api/v1/orders',
  TIMESLOTS: '/checkout/api/v1/timeslots',
  FLASH_SALES: '/checkout/api/v1/flash-sales',
  order: (orderNumber: string) => `/checkout/api/v1/orders/${encodeURIComponent(orderNumber)}`,
} as const;

export const CHECKOUT_ID_PATTERN = /^[0-9a-f-]{36}$/;
export const ORDER_NUMBER_PATTERN = /^\d{10}$/;
const SLOT_ID_PATTERN = /^[0-9A-Z]{3}\d{5}-(PICKUP|DELIVERY)-\d{4}-\d{2}-\d{2}-\d{4}$/;
/** How long a chosen slot is held for the checkout before someone else may take it. */
export const SLOT_HOLD_MINUTES = 15;
/** How long claimed flash-sale offers stay the shopper's without an order (from the latest claim, never past the sale's end): as long as a slot hold. @alias */
export const FLASH_CLAIM_MINUTES = SLOT_HOLD_MINUTES;
/** The tenant header of the flash-sales call (shopping §7): the banner. */
export const TENANT_HEADER = 'x-tenant-id';
/** `claimable`: the answer prices the flash-sale offers the claim would get, as the cart does: a render fetched ahead
 * (decision 658), a change saved while the claim is under way (the edge passes that value only, 680); orders price held offers. */
export const FLASH_SALE_PREVIEW_HEADER = 'x-flash-sale-preview';

const Cents = v.pipe(v.number(), v.integer());
const DateString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'));
const TimeString = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, 'must be HH:mm'));
const Text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

const AddressSchema = v.object({
  addressLine1: v.pipe(Text(100), v.minLength(1, 'Enter a street address')),
  addressLine2: v.optional(Text(100)),
  city: v.pipe(Text(60), v.minLength(1, 'Enter a city')),
  state: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be a 2-letter state')),
  zipCode: v.pipe(v.string(), v.regex(/^\d{5}$/, 'must be a 5-digit ZIP code')),
});

const ContactSchema = v.object({
  firstName: Text(60),
  lastName: Text(60),
  phone: v.pipe(v.string(), v.regex(/^$|^\d{10}$/, 'must be a 10-digit phone number')),
  email: Text(254),
  address: v.nullable(AddressSchema),
  dateOfBirth: v.nullable(DateString),
});

const CheckoutLineSchema = v.object({
  id: v.string(),
  gtin13: Gtin13Schema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  substitutionPolicy: SubstitutionPolicySchema,
  instructions: v.string(),
  name: v.string(),
  unitPriceCents: Cents,
  /** the line before its price adjustments; what it costs is netLineTotal (src/lib/pricing): this less the adjustments */
  lineTotalCents: Cents,
  minimumAge: v.nullable(v.number()),
  snapEligible: v.boolean(),
  priceAdjustments: v.array(PriceAdjustmentSchema),
});

/** An IANA time zone name, e.g. America/Los_Angeles. */
const TimeZoneString = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'must be an IANA time zone'),
  v.maxLength(64),
);

/**
 * The chosen slot: date and times on the store's wall clock (shopping §9), heldUntil an instant
 * (ISO 8601, UTC), timeZone the store's, to read that instant on the store's clock (absent on
 * selections stored before issue 20).
 */
const PromiseSelectionSchema = v.object({
  slotId: v.string(),
  date: DateString,
  startTime: TimeString,
  endTime: TimeString,
  feeCents: Cents,
  heldUntil: v.string(),
  timeZone: v.optional(TimeZoneString),
});

const PaymentMethodSchema = v.variant('type', [
  v.object({ type: v.literal('CARD'), cardId: v.string(), brand: v.string(), lastFour: v.string() }),
  v.object({ type: v.literal('GIFT_CARD'), reference: v.string(), lastFour: v.string() }),
  v.object({ type: v.literal('EBT') }),
]);
const PaymentTransactionSchema = v.object({ paymentMethod: PaymentMethodSchema, amountCents: Cents });

/**
 * shopping §3 Checkout "summary: itemCount and cost itemTotal": the item total is also answered as
 * `cost.itemTotal` (the flat `itemTotal` stays for the pages and orders stored before), added on
 * the way out so every checkout and order the edge answers carries it.
 */
const SummaryFieldsSchema = v.object({
  itemCount: v.number(),
  itemTotal: Cents,
  serviceFee: Cents,
  tax: Cents,
  gratuity: Cents,
  total: Cents,
  snapEligibleTotal: Cents,
});
// typed optional: the upstream's own documents are built without it, and the edge's parse adds it
type SummaryWithCost = v.InferOutput<typeof SummaryFieldsSchema> & { cost?: { itemTotal: number } };
const SummarySchema = v.pipe(
  SummaryFieldsSchema,
  v.transform((summary): SummaryWithCost => ({ ...summary, cost: { itemTotal: summary.itemTotal } })),
);

const CheckoutSchema = v.object({
  id: v.string(),
  status: v.picklist(['DRAFT', 'PLACED']),
  versionKey: v.string(),
  modalityType: ModalitySchema,
  locationId: v.string(),
  lineItems: v.array(CheckoutLineSchema),
  fulfillment: v.object({
    contact: ContactSchema,
    promiseSelections: v.array(PromiseSelectionSchema),
    instructions: v.string(),
    deliveryType: v.picklist(['PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE']),
  }),
  buyer: v.object({ dateOfBirth: v.nullable(DateString) }),
  /** shopping §4 Age verification: the birth date is held here (and on the buyer and contact) */
  // the cart's checkoutOptions name it birthDate (shopping §3 Cart): answered under both names
  checkoutOptions: v.pipe(
    v.object({ dateOfBirth: v.nullable(DateString), minimumAge: v.nullable(v.number()) }),
    v.transform((options): { dateOfBirth: string | null; minimumAge: number | null; birthDate?: string | null } => ({
      ...options,
      birthDate: options.dateOfBirth,
    })),
  ),
  summary: SummarySchema,
  payment: v.object({
    cardId: v.nullable(v.string()),
    ebtRequestedCents: Cents,
    transactions: v.array(PaymentTransactionSchema),
  }),
  gratuity: v.object({ suggestions: v.array(Cents), maximumAmount: Cents, modifiable: v.boolean(), amount: Cents }),
  /** gtin13s that fell out (flash sale sold out, no longer offered for the modality, not enough stock): the cart marks them */
  fallout: v.array(Gtin13Schema),
  /** cart lines the store cannot fill (fewer in stock than asked): fallout, left out of the lines, the total and the order (docs/decisions/470) */
  unfilled: v.optional(
    v.array(v.object({ gtin13: Gtin13Schema, name: v.string(), quantity: v.number(), available: v.number() })),
    [],
  ),
  orderNumber: v.nullable(v.string()),
});
export type Checkout = v.InferOutput<typeof CheckoutSchema>;
export const CheckoutResponseSchema = v.object({ data: CheckoutSchema });

/** POST /checkout/api/v1/checkouts/{id}: what a modification may change; each part optional. */
export const ModifyCheckoutSchema = v.object({
  slotId: v.optional(v.pipe(v.string(), v.regex(SLOT_ID_PATTERN, 'must be a time slot id'))),
  contact: v.optional(
    v.object({
      firstName: v.pipe(Text(60), v.minLength(1, 'Enter a first name')),
      lastName: v.pipe(Text(60), v.minLength(1, 'Enter a last name')),
      phone: v.pipe(v.string(), v.regex(/^\d{10}$/, 'must be a 10-digit phone number')),
      email: v.optional(v.pipe(v.string(), v.maxLength(254), v.email('must be an email address'))),
      address: v.optional(v.nullable(AddressSchema)),
    }),
  ),
  instructions: v.optional(Text(250)),
  gratuityCents: v.optional(v.pipe(v.number(), v.integer('must be whole cents'), v.minValue(0), v.maxValue(100_000))),
  dateOfBirth: v.optional(DateString),
  cardId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a card id'))),
  ebtRequestedCents: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000))),
  lineItems: v.optional(
    v.pipe(
      v.array(
        v.object({
          gtin13: Gtin13Schema,
          substitutionPolicy: v.optional(SubstitutionPolicySchema),
          instructions: v.optional(Text(250)),
        }),
      ),
      v.maxLength(250),
    ),
  ),
});
export type ModifyCheckout = v.InferOutput<typeof ModifyCheckoutSchema>;

/** POST /checkout/api/v1/orders: place the checkout's order, at the total the shopper saw (another total is refused with 409, never charged). */
export const PlaceOrderSchema = v.object({
  checkoutId: v.pipe(v.string(), v.regex(CHECKOUT_ID_PATTERN, 'must be a checkout id')),
  expectedTotalCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** what the shopper saw the payment card pay (decision 630); a place whose card would pay another amount is refused */
  expectedCardCents: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
/** What the edge sends the upstream to place an order: the shopper's call and the banner's public origin, for the confirmation email's link. */
export const PlaceOrderUpstreamSchema = v.object({
  ...PlaceOrderSchema.entries,
  linkBase: v.optional(v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[^/\s]+$/, 'must be an origin'))),
});

export const TimeslotQuerySchema = v.object({ modality: v.optional(v.picklist(['PICKUP', 'DELIVERY'])) });
const TimeslotSchema = v.object({
  slotId: v.string(),
  date: DateString,
  startTime: TimeString,
  endTime: TimeString,
  feeCents: Cents,
  available: v.number(),
  capacity: v.number(),
});
/** The store's open slots: dates and times on the store's wall clock, in its timeZone. */
export const TimeslotsResponseSchema = v.object({
  data: v.object({
    locationId: v.string(),
    modalityType: v.picklist(['PICKUP', 'DELIVERY']),
    timeZone: TimeZoneString,
    timeslots: v.array(TimeslotSchema),
  }),
});

/** shopping §3 Flash sale; §7: POST with gtin13s, idempotency and tenant headers. */
export const FlashSaleRequestSchema = v.object({
  gtin13s: v.pipe(v.array(Gtin13Schema), v.minLength(1), v.maxLength(250)),
});
export const FlashSaleResponseSchema = v.object({
  data: v.object({
    /** gtin13 -> the quantity the shopper got the sale price for (0: sold out) */
    flashSales: v.record(v.string(), v.number()),
    refetch: v.boolean(),
    items: v.array(v.object({ gtin13: Gtin13Schema, couponId: v.string(), numberOfOffersReceived: v.number() })),
  }),
});

const OrderSchema = v.object({
  orderNumber: v.string(),
  checkoutId: v.string(),
  /** CANCELLED once the shopper cancelled it (docs/decisions/470) */
  status: v.picklist(['PLACED', 'CANCELLED']),
  placedAt: v.string(),
  modalityType: ModalitySchema,
  locationId: v.string(),
  promiseSelection: v.nullable(PromiseSelectionSchema),
  lineItems: v.array(CheckoutLineSchema),
  summary: SummarySchema,
  transactions: v.array(PaymentTransactionSchema),
  /** a delivery's address (issue 22 §4: the confirmation says where); absent on orders placed before */
  deliverTo: v.optional(v.nullable(AddressSchema)),
});
export type Order = v.InferOutput<typeof OrderSchema>;
export const OrderResponseSchema = v.object({ data: OrderSchema });

/** shopping §8 Gift card, checkout and wallet; the under-age message is ours (decision 340). */
export const CHECKOUT_MESSAGES = {
  UNDER_AGE: (age: number) =>
    `You must be ${age} or older to buy some items in your order. Remove them or check the birth date.`,
  NO_CONTACTLESS:
    'Items in your order need an ID check: someone 21 or older must show a valid photo ID at pickup or delivery. This order can’t be contactless.',
  SLOT_FULL: 'That time is no longer available. Please choose another.',
  SLOT_EXPIRED: 'Your time slot hold expired. Please choose a time again.',
  TOTAL_CHANGED: 'Your order total changed. Please review it before placing your order.',
  /** ours (decision 630): a gift card or SNAP balance paid less than shown, so the card would pay more */
  PAYMENT_CHANGED:
    'How your order is paid changed: your card would pay more than shown. Please review the payment before placing your order.',
  /** ours (decision 470): a line the store can no longer fill fell out since the shopper looked */
  SOLD_OUT: 'Some items just sold out and were left out of your order. Please review it before placing your order.',
  EMPTY_CART: 'Your cart is empty.',
  NOT_FOUND: 'Not Found',
} as const;

/** The generic checkout failure carries the customer-service contact (shopping §8). */
export function checkoutFailure(phone: string): string {
  return `We're sorry, we're currently experiencing technical difficulties. Please try again, or call Customer Service at ${phone}.`;
}

/** The part of the wallet (GET /wallet/api/v1/cards, docs/decisions/330) the checkout shows. */
export const WALLET_CARDS_PATH = '/wallet/api/v1/cards';
export const CheckoutWalletSchema = v.object({
  cards: v.array(
    v.looseObject({
      cardId: v.string(),
      brand: v.string(),
      lastFour: v.string(),
      default: v.boolean(),
      expirationMonth: v.string(),
      expirationYear: v.string(),
      nickname: v.string(),
    }),
  ),
  walletV2: v.optional(
    v.array(v.looseObject({ id: v.string(), paymentType: v.string(), balance: v.optional(v.string()) })),
    [],
  ),
});
export type CheckoutWalletEntry = v.InferOutput<typeof CheckoutWalletSchema>['walletV2'][number];
export type CheckoutWalletCard = v.InferOutput<typeof CheckoutWalletSchema>['cards'][number];
