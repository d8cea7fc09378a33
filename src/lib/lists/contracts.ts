import * as v from 'valibot';
import { Gtin13Schema } from '../catalog/product.ts';
import { centsToDecimal, formatCents, parseDollarsToCents } from '../money/money.ts';

// Shopping lists (issue 11; shopping §3 Shopping list, List item, §4, §7, §8, §9): the paths, the
// request and answer shapes both sides validate, the limits and the messages verbatim.
// docs/decisions/300-shopping-lists.md

export const LIST_PATHS = {
  /** GET: the shopper's lists; POST { name, activeList }: create one (Idempotency-Key) */
  LISTS: '/atlas/v1/shopping-list/v1/shopping-lists',
  /** GET: one list with its items; PUT: add, change, check, remove items and rename (versionKey); DELETE: delete it */
  list: (listId: string) => `/atlas/v1/shopping-list/v1/shopping-lists/${encodeURIComponent(listId)}`,
  /** POST (plain form or JSON): add a product to the shopper's active list, from any page */
  ADD_TO_LIST: '/shopping/api/add-to-list',
} as const;

/** shopping §9 limits; the per-user list maximum is ours ("value not shown"; decision 300). */
export const LIST_LIMITS = {
  MAX_QUANTITY: 999,
  MAX_UNIQUE_ITEMS: 250,
  MAX_NAME_LENGTH: 128,
  MAX_LISTS_PER_USER: 25,
} as const;
/**
 * Caps against abuse, well past the §9 limits (the request body is limited too): a value past one
 * is refused with that limit's 422 reason, as the upstream refuses a value just past the limit.
 */
const LIST_INPUT_CAPS = {
  NAME_LENGTH: LIST_LIMITS.MAX_NAME_LENGTH * 4,
  QUANTITY: 1_000_000,
  LINE_ITEMS: 600,
} as const;
export const DEFAULT_LIST_NAME = 'My Shopping List';
export const DEFAULT_AISLE = 'Aisle # May Vary';
const LIST_ITEM_TYPES = ['UPC', 'WEEKLY_AD', 'CUSTOMER_DEFINED'] as const;
export type ListItemType = (typeof LIST_ITEM_TYPES)[number];
export const LIST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** shopping §8: the server's 422 reasons. */
export const LIST_SERVER_REASONS = {
  MAX_QUANTITY: 'Max Quantity above 999',
  MAX_ITEMS: 'The list has exceeded the maximum number of items allowed',
  INVALID_ID: 'Invalid list ID.',
  NOT_FOUND: 'No shopping list was found for this list ID.',
  NAME_EMPTY: 'List name cannot be empty.',
  NAME_TOO_LONG: 'The given list name is too long. Kindly provide a shorter name.',
  MAX_LISTS: 'The maximum number of lists a user can have was exceeded.',
  DUPLICATE_NAME: 'List name already exists for the user.',
} as const;

/** shopping §8: what the shopper is told, verbatim. */
export const LIST_MESSAGES = {
  MAX_QUANTITY: 'Exceeded max quantity. Please check your shopping list.',
  MAX_UNIQUE_ITEMS: 'Exceeded max quantity of unique items (250) in list.',
  LIST_NOT_FOUND: 'Shopping list does not exist. Please refresh your browser.',
  NAME_EMPTY: 'List name cannot be empty.',
  NAME_TOO_LONG: 'The given list name is too long. Kindly provide a shorter name.',
  DUPLICATE_NAME: 'Another list with same name already exists.',
  MAX_LISTS: 'You have reached the maximum number of lists.',
  MAX_LISTS_OUTAGE: 'You have reached the maximum number of lists. Please try again later.',
  LOAD: 'Sorry, we’re having trouble loading your list(s). Please try again later.',
  PRINT_COUPONS: 'Sorry, something went wrong with your request to print coupons. Please try again later.',
  SERVICE_OUTAGE_TITLE: 'Service Outage',
  NETWORK_TITLE: 'No Network Connection',
  NETWORK_BODY: 'Please check your network settings and try again.',
} as const;

/**
 * 'Service Outage' messages of the other areas (shopping §8 names the areas, not their words:
 * ours, decision 300).
 */
export const LIST_OUTAGE_MESSAGES = {
  createList: 'Sorry, we couldn’t create your list. Please try again later.',
  addItems: 'Sorry, we couldn’t add that to your list. Please try again later.',
  deleteList: 'Sorry, we couldn’t delete your list. Please try again later.',
  removeAll: 'Sorry, we couldn’t clear your list. Please try again later.',
  removeItem: 'Sorry, we couldn’t remove that item. Please try again later.',
  search: 'Sorry, we couldn’t search for that item. Please try again later.',
  select: 'Sorry, we couldn’t open that list. Please try again later.',
  update: 'Sorry, we couldn’t save your list. Please try again later.',
  updateQuantity: 'Sorry, we couldn’t change that quantity. Please try again later.',
  toggles: 'Sorry, we couldn’t check off that item. Please try again later.',
} as const;
export type ListArea = keyof typeof LIST_OUTAGE_MESSAGES;

/** The shopper's message for a 422 server reason (shopping §8), or null for another reason. */
export function listMessageForReason(reason: string): string | null {
  if (reason.includes(LIST_SERVER_REASONS.MAX_QUANTITY) || /max quantity/i.test(reason))
    return LIST_MESSAGES.MAX_QUANTITY;
  if (reason === LIST_SERVER_REASONS.MAX_ITEMS) return LIST_MESSAGES.MAX_UNIQUE_ITEMS;
  if (reason === LIST_SERVER_REASONS.INVALID_ID || reason === LIST_SERVER_REASONS.NOT_FOUND)
    return LIST_MESSAGES.LIST_NOT_FOUND;
  if (reason === LIST_SERVER_REASONS.NAME_EMPTY) return LIST_MESSAGES.NAME_EMPTY;
  if (reason === LIST_SERVER_REASONS.NAME_TOO_LONG) return LIST_MESSAGES.NAME_TOO_LONG;
  if (reason === LIST_SERVER_REASONS.MAX_LISTS) return LIST_MESSAGES.MAX_LISTS;
  if (reason === LIST_SERVER_REASONS.DUPLICATE_NAME) return LIST_MESSAGES.DUPLICATE_NAME;
  return null;
}

/** shopping §3 List item identity: the upc, else the category id plus the lowercased, trimmed name. */
export function listItemIdentity(item: {
  upc?: string | null;
  categoryId?: string | null;
  name?: string | null;
}): string {
  if (item.upc) return `upc:${item.upc}`;
  return `cat:${item.categoryId ?? ''}|${(item.name ?? '').trim().toLowerCase()}`;
}

/** shopping §3: the display name appends ' - size' when the size is absent from it. */
export function listDisplayName(name: string, size: string | null | undefined): string {
  const trimmed = size?.trim();
  if (!trimmed || name.toLowerCase().includes(trimmed.toLowerCase())) return name;
  return `${name} - ${trimmed}`;
}

/** The answers' 2-decimal money strings from integer cents (src/lib/money). `money(349) === '3.49'` */
export const money = centsToDecimal;

/**
 * What a list row shows for its price: the line total, and when the line saves (a promo, a deal,
 * a clipped coupon) the regular line total to strike through and the saving, all from the
 * server's 2-decimal strings (priced by the one pricing function upstream).
 * `linePriceText({ lineTotal: '7.34', savings: '1.84' })` → `{ total: '$7.34', was: '$9.18', save: 'Save $1.84' }`
 */
export function linePriceText(item: {
  lineTotal: string | null;
  savings: string | null;
}): { total: string; was: string | null; save: string | null } | null {
  const totalCents = item.lineTotal === null ? null : parseDollarsToCents(item.lineTotal);
  if (totalCents === null) return null;
  const savingsCents = item.savings === null ? 0 : (parseDollarsToCents(item.savings) ?? 0);
  if (savingsCents <= 0) return { total: formatCents(totalCents), was: null, save: null };
  return {
    total: formatCents(totalCents),
    was: formatCents(totalCents + savingsCents),
    save: `Save ${formatCents(savingsCents)}`,
  };
}

/** A list's name: over 128 is the upstream's 422 (checkListName); far over, the edge's with the same reason. */
const ListNameSchema = v.pipe(
  v.string(),
  v.check((name) => name.trim().length <= LIST_INPUT_CAPS.NAME_LENGTH, LIST_SERVER_REASONS.NAME_TOO_LONG),
);
/** An item's name (no limit in the spec: the upstream keeps 200 characters). */
const ItemNameSchema = v.pipe(v.string(), v.maxLength(LIST_INPUT_CAPS.NAME_LENGTH));
const CategoryIdSchema = v.pipe(v.string(), v.regex(/^\d{2,4}$/, 'must be a category id'));
const Timestamp = v.object({ value: v.string(), timezone: v.optional(v.string()) });

export const WeeklyAdInfoSchema = v.object({
  startDate: Timestamp,
  endDate: Timestamp,
  priceString: v.pipe(v.string(), v.maxLength(80)),
  displayName: v.optional(v.pipe(v.string(), v.maxLength(200))),
  circular: v.optional(v.pipe(v.string(), v.maxLength(80))),
  weeklyFlyer: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(80)))),
  imageFileUri: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** One item of a PUT (shopping §7): quantity 0 removes it. */
const ListItemUpdateSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  type: v.optional(v.picklist(LIST_ITEM_TYPES), 'UPC'),
  channel: v.optional(v.literal('WEB'), 'WEB'),
  upc: v.optional(v.nullable(Gtin13Schema)),
  categoryId: v.optional(v.nullable(CategoryIdSchema)),
  name: v.optional(ItemNameSchema),
  comments: v.optional(v.pipe(v.string(), v.maxLength(500))),
  /** above 999 is the spec's 422 (the upstream's; past the cap the edge's) */
  quantity: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.maxValue(LIST_INPUT_CAPS.QUANTITY, LIST_SERVER_REASONS.MAX_QUANTITY),
  ),
  checked: v.optional(v.boolean()),
  weeklyAdInfo: v.optional(v.nullable(WeeklyAdInfoSchema)),
});
export type ListItemUpdate = v.InferOutput<typeof ListItemUpdateSchema>;

export const UpdateListSchema = v.object({
  lineItems: v.optional(
    v.pipe(v.array(ListItemUpdateSchema), v.maxLength(LIST_INPUT_CAPS.LINE_ITEMS, LIST_SERVER_REASONS.MAX_ITEMS)),
    [],
  ),
  name: v.optional(ListNameSchema),
  activeList: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
  /** the versionKey the change was made on: a stale one is refused (409, decision 300) */
  versionKey: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
export type UpdateListInput = v.InferInput<typeof UpdateListSchema>;

export const CreateListSchema = v.object({
  name: ListNameSchema,
  activeList: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
});

const ListItemSchema = v.object({
  id: v.string(),
  type: v.picklist(LIST_ITEM_TYPES),
  channel: v.literal('WEB'),
  upc: v.nullable(v.string()),
  categoryId: v.nullable(v.string()),
  /** the department the item is grouped under */
  categoryName: v.string(),
  name: v.string(),
  displayName: v.string(),
  comments: v.string(),
  quantity: v.number(),
  checked: v.boolean(),
  weeklyAdInfo: v.nullable(WeeklyAdInfoSchema),
  regularPrice: v.nullable(v.string()),
  promoPrice: v.nullable(v.string()),
  /** the line at its quantity and what it saves, by the one pricing function (src/lib/pricing) */
  lineTotal: v.nullable(v.string()),
  savings: v.nullable(v.string()),
  /** the price per unit of measure of one at the price paid, "9.3¢/fl oz" (issue 8 §3, src/lib/catalog/unit-price.ts); optional: an older upstream leaves it out */
  unitPrice: v.optional(v.nullable(v.string())),
  aisle: v.string(),
  slug: v.nullable(v.string()),
  randomWeight: v.boolean(),
  soldInStore: v.boolean(),
  homeDeliveryItem: v.boolean(),
  shipToHomeItem: v.boolean(),
  curbsidePickupEligible: v.boolean(),
  couponDetails: v.nullable(v.object({ couponId: v.string(), title: v.string() })),
  created: Timestamp,
  modified: Timestamp,
});
export type ListItemOutput = v.InferOutput<typeof ListItemSchema>;

const ShoppingListSchema = v.object({
  listId: v.string(),
  name: v.string(),
  bannerName: v.string(),
  created: Timestamp,
  modified: Timestamp,
  modifiedBy: v.string(),
  versionKey: v.string(),
  itemCount: v.number(),
  lineItems: v.optional(v.array(ListItemSchema)),
  estimatedTotal: v.optional(v.object({ subtotal: v.string(), savings: v.string() })),
});
export type ShoppingListOutput = v.InferOutput<typeof ShoppingListSchema>;

export const ShoppingListsResponseSchema = v.object({ data: v.object({ shoppingLists: v.array(ShoppingListSchema) }) });
export const UpdateListResponseSchema = v.object({
  data: v.object({
    listId: v.string(),
    versionKey: v.string(),
    itemCount: v.number(),
    lineItems: v.array(ListItemSchema),
    estimatedTotal: v.object({ subtotal: v.string(), savings: v.string() }),
    name: v.string(),
  }),
});
export const CreateListResponseSchema = v.object({
  data: v.object({ listId: v.string(), name: v.string(), versionKey: v.string() }),
});

/** A weekly-ad deal goes on a list as a WEEKLY_AD item (its dates and price string). */
export const AddDealToListFormSchema = v.object({
  dealId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  listId: v.optional(v.pipe(v.string(), v.regex(LIST_ID_PATTERN))),
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

export const AddToListFormSchema = v.object({
  gtin13: Gtin13Schema,
  listId: v.optional(v.pipe(v.string(), v.regex(LIST_ID_PATTERN))),
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/** Sorts lists by name, case-insensitively (shopping §4). */
export function sortListsByName<T extends { name: string }>(lists: readonly T[]): T[] {
  return [...lists].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name),
  );
}

/** shopping §4: the active list is the requested one, else the remembered one, else the first. */
export function activeListId(
  lists: ReadonlyArray<{ listId: string }>,
  requested: string | null | undefined,
  remembered: string | null | undefined,
): string | null {
  if (requested && lists.some((list) => list.listId === requested)) return requested;
  if (remembered && lists.some((list) => list.listId === remembered)) return remembered;
  return lists[0]?.listId ?? null;
}
