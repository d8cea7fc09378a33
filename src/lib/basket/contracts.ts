import * as v from 'valibot';
import { Gtin13Schema, ModalitySchema } from '../catalog/product.ts';
import { MAX_SUBSTITUTION_ITEMS } from './substitution.ts';

// spec: shopping §3 Cart line item / Cart, §7 Cart (methods and payloads "not shown": chosen in
// docs/decisions/030-cart.md), §5 Gift cards and carts. Money in integer cents.

/** The largest quantity of one line (shopping §9 uses 999 for list items; the cart follows it). */
export const MAX_LINE_QUANTITY = 999;
/** The most distinct lines a cart may hold (same limit as a shopping list, shopping §9). */
export const MAX_CART_LINES = 250;
/** The reason of the 422 a cart answers when a write would pass MAX_CART_LINES (the item-limit-exceeded modal, shopping §2). */
export const CART_ITEM_LIMIT_REASON = `A cart holds at most ${MAX_CART_LINES} items`;
/** Added when an add carries no quantity (shopping §4 Cart: add is quantity 1). */
export const DEFAULT_ADD_QUANTITY = 1;

const SUBSTITUTION_POLICIES = ['SHOPPER_CHOICE', 'CUSTOMER_CHOICE', 'NONE'] as const;
export type SubstitutionPolicy = (typeof SUBSTITUTION_POLICIES)[number];
export const SubstitutionPolicySchema = v.picklist(SUBSTITUTION_POLICIES);

const BASKET_TYPES = ['ACTIVE', 'MODIFY_ORDER'] as const;
export type BasketType = (typeof BASKET_TYPES)[number];

/** spec paths (shopping §7 Cart) */
export const BASKET_PATHS = {
  BASKET: '/basket/api/basket/',
  ADD_ITEM: '/basket/api/v2/user/add-item',
  UPDATE_ITEM: '/basket/api/v2/user/update-item',
  REMOVE_ITEM: '/basket/api/user/remove-item',
  /** The older update path (shopping §7): several lines at once, each optionally pinned to its line id. */
  BASKET_ITEMS_UPDATE: '/basket/api/user/basket-items/update',
  /** Switches the cart (and every line) to another modality (shopping §3 Cart changeBasketModality). */
  CHANGE_MODALITY: '/basket/api/v2/user/change-modality',
} as const;

/**
 * Dispatched on window when another feature's call changed the shopper's cart on the server (the
 * checkout's flash-sale claim prices lines down, issue 20 §3): the cart islands fetch it again, so
 * the pinned cart shows what the checkout charges. An event, because no feature imports another.
 * When the call answered with the new basket (the `client:interaction` directive's add before its
 * island is ready, src/directives/interaction.ts), the event says so (CartChangedDetail) and the
 * basket is in `__hmBasket` (src/islands/shared/late-personal.ts): the islands take it, no fetch.
 */
export const CART_CHANGED_EVENT = 'hm:cart-changed';

/** The detail of a CART_CHANGED_EVENT whose new basket is in `__hmBasket`. */
export interface CartChangedDetail {
  basket: true;
}

/** POST /basket/api/v2/user/change-modality (JSON, or the cart page's plain form with returnTo). */
export const ChangeModalityRequestSchema = v.object({ modalityType: ModalitySchema });
export const ChangeModalityFormSchema = v.object({
  modalityType: ModalitySchema,
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/** An Idempotency-Key the edge forwards: 8-128 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8-128 characters of A-Z a-z 0-9 - _'),
);
/** An If-Match value: a quoted entity tag (optionally weak) or `*`. */
export const IfMatchSchema = v.pipe(
  v.string(),
  v.maxLength(100),
  v.regex(/^(\*|(W\/)?"[^"]{1,80}")$/, 'must be an entity tag'),
);

const QuantitySchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY));
/** 0 is a removal (shopping §4 Cart). */
const QuantityOrZeroSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_LINE_QUANTITY));

/** What came off a line after its price: a flash sale (shopping §3 Checkout priceAdjustment coupons), on cart and checkout lines alike. */
export const PriceAdjustmentSchema = v.object({
  type: v.literal('FLASH_SALE'),
  couponId: v.string(),
  amountCents: v.pipe(v.number(), v.integer()),
});

/** A flash-sale offer the shopper holds on the item (src/lib/pricing FlashSaleTerms). */
const FlashSaleTermsSchema = v.object({
  couponId: v.string(),
  discountCents: v.pipe(v.number(), v.integer()),
  held: v.pipe(v.number(), v.integer(), v.minValue(0)),
  perShopper: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const LineItemSchema = v.object({
  id: v.string(),
  gtin13: Gtin13Schema,
  quantity: QuantitySchema,
  modalityType: ModalitySchema,
  substitutionPolicy: SubstitutionPolicySchema,
  substitutionItems: v.array(Gtin13Schema),
  /** ISO timestamp of when the line was first added */
  created: v.string(),
  name: v.string(),
  /** the shelf price of one unit at the shopper's store (deal, else promo, else regular; src/lib/pricing), integer cents */
  unitPriceCents: v.pipe(v.number(), v.integer()),
  /** what the line is priced from, so the browser prices a changed quantity with the same function */
  regularUnitPriceCents: v.pipe(v.number(), v.integer()),
  promoUnitPriceCents: v.nullable(v.pipe(v.number(), v.integer())),
  dealPriceString: v.nullable(v.string()),
  /** the line at its quantity, flash sales taken off (what the checkout charges for it), and what the shopper saves on it against the regular price */
  lineTotalCents: v.pipe(v.number(), v.integer()),
  savingsCents: v.pipe(v.number(), v.integer()),
  /** the price per unit of measure of one at unitPriceCents, "3.7¢/fl oz" (issue 8 §3); absent on a line the browser added before the answer */
  unitPrice: v.optional(v.nullable(v.string())),
  /** the clipped coupon covering the item (issue 9 §3), and what it takes off at this quantity */
  coupon: v.nullable(
    v.object({
      couponId: v.string(),
      title: v.string(),
      kind: v.picklist(['AMOUNT', 'PERCENT']),
      value: v.pipe(v.number(), v.integer()),
      minQuantity: v.pipe(v.number(), v.integer()),
    }),
  ),
  couponSavingsCents: v.pipe(v.number(), v.integer()),
  /** the flash-sale offers the shopper holds on the item (claimed at checkout, kept until the order), and what they take off at this quantity (issue 20 §3) */
  flashSales: v.array(FlashSaleTermsSchema),
  priceAdjustments: v.array(PriceAdjustmentSchema),
  /** sold at the store and offered for the basket's modality; false marks an item the switch made ineligible */
  eligible: v.boolean(),
  /** SNAP/EBT covers it (food for the home): not taxed (src/lib/checkout/rules.ts); absent on a line the browser added before the answer */
  snapEligible: v.optional(v.boolean()),
});
export type LineItemOutput = v.InferOutput<typeof LineItemSchema>;

const BasketSchema = v.object({
  id: v.string(),
  eTag: v.string(),
  type: v.picklist(BASKET_TYPES),
  orderId: v.nullable(v.string()),
  modality: ModalitySchema,
  lineItems: v.array(LineItemSchema),
  itemCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** what the cart costs (the lines' totals) and what the shopper saves, integer cents */
  subtotalCents: v.pipe(v.number(), v.integer()),
  savingsCents: v.pipe(v.number(), v.integer()),
});
export type BasketOutput = v.InferOutput<typeof BasketSchema>;

export const BasketResponseSchema = v.object({ data: BasketSchema });

/** POST /basket/api/v2/user/add-item: adds `quantity` to the line (creating it). */
export const AddItemRequestSchema = v.object({
  gtin13: Gtin13Schema,
  quantity: v.optional(QuantitySchema, DEFAULT_ADD_QUANTITY),
  substitutionPolicy: v.optional(SubstitutionPolicySchema, 'SHOPPER_CHOICE'),
  modalityType: v.optional(ModalitySchema),
});

/** The replacements a shopper chose for a line (CUSTOMER_CHOICE), in order of preference. */
const SubstitutionItemsSchema = v.pipe(v.array(Gtin13Schema), v.maxLength(MAX_SUBSTITUTION_ITEMS));

/**
 * POST /basket/api/v2/user/update-item: sets the line's quantity; 0 removes it. The substitution
 * fields are made consistent by the spec's rule (src/lib/basket/substitution.ts).
 */
export const UpdateItemRequestSchema = v.object({
  gtin13: Gtin13Schema,
  quantity: QuantityOrZeroSchema,
  substitutionPolicy: v.optional(SubstitutionPolicySchema),
  substitutionItems: v.optional(SubstitutionItemsSchema),
});

/**
 * POST /basket/api/user/basket-items/update: sets the quantities of several lines at once (0
 * removes a line). A line given with `id` must still be that line: a line removed and added again
 * on another device has a new id, and the update is refused (409, shopping §8 Cart line-item id
 * mismatch) rather than applied to what the shopper did not see.
 */
export const BasketItemsUpdateRequestSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        gtin13: Gtin13Schema,
        quantity: QuantityOrZeroSchema,
        id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
        substitutionPolicy: v.optional(SubstitutionPolicySchema),
        substitutionItems: v.optional(SubstitutionItemsSchema),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_CART_LINES),
    v.check(
      (items) => new Set(items.map((item) => item.gtin13)).size === items.length,
      'items must not repeat a gtin13',
    ),
  ),
});

/**
 * The no-JavaScript cart line forms (the cart page before hydration): a quantity, 0 removes; the
 * substitution form sends the line's quantity with its `substitutionPolicy` (decision 637: the
 * upstream applies shopping §4's rule, and a CUSTOMER_CHOICE keeps the replacements chosen).
 */
export const BasketItemFormSchema = v.object({
  gtin13: Gtin13Schema,
  quantity: v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(0),
    v.maxValue(MAX_LINE_QUANTITY),
  ),
  id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  substitutionPolicy: v.optional(SubstitutionPolicySchema),
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});
/** The flag the cart comes back with once the substitution form's choice is saved (decision 637). */
export const SUBSTITUTION_SAVED_PARAM = 'substitutionSaved';

/** POST /basket/api/user/remove-item */
export const RemoveItemsRequestSchema = v.object({
  gtin13s: v.pipe(v.array(Gtin13Schema), v.minLength(1), v.maxLength(MAX_CART_LINES)),
});

/** PUT /basket/api/basket/: the cart's full line list (the "cart PUT", shopping §7). */
export const PutBasketRequestSchema = v.object({
  lineItems: v.pipe(
    v.array(
      v.object({
        gtin13: Gtin13Schema,
        // 0 is a removal (shopping §4 Cart), as on the other update paths
        quantity: QuantityOrZeroSchema,
        // none given: a line in the cart keeps its policy and chosen items, a new one is SHOPPER_CHOICE
        substitutionPolicy: v.optional(SubstitutionPolicySchema),
        modalityType: v.optional(ModalitySchema),
      }),
    ),
    v.maxLength(MAX_CART_LINES),
    v.check(
      (lines) => new Set(lines.map((line) => line.gtin13)).size === lines.length,
      'lineItems must not repeat a gtin13',
    ),
  ),
});

/** The no-JavaScript add-to-cart form (application/x-www-form-urlencoded). */
export const AddItemFormSchema = v.object({
  gtin13: Gtin13Schema,
  quantity: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(MAX_LINE_QUANTITY),
    ),
  ),
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/** Total units in the cart (what the header shows). `cartItemCount([{ quantity: 2 }, { quantity: 1 }]) === 3` */
export function cartItemCount(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The version number inside an eTag of this API (`"7"` or `W/"7"`), or null. `eTagVersion('"7"') === 7` */
export function eTagVersion(eTag: string | null | undefined): number | null {
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(eTag ?? '');
  return match ? Number(match[1]) : null;
}

/** The eTag of a basket version. `basketETag(7) === '"7"'` */
export function basketETag(version: number): string {
  return `"${version}"`;
}
