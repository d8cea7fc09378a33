import * as v from 'valibot';
import { Gtin13Schema, PriceSchema } from '../catalog/product.ts';

// spec: account §9 Recommendation labels: Better for You, Because You Shop For, My Sale Items,
// New for You, Similar Items to, Start My Cart (verbatim). shopping §6 tools toggle
// productRecommendation. Our path: GET /atlas/v1/recommendations/v1 (docs/decisions/050).

export const RECOMMENDATIONS_PATH = '/atlas/v1/recommendations/v1';

export const RECOMMENDATION_TYPES = [
  'BETTER_FOR_YOU',
  'BECAUSE_YOU_SHOP_FOR',
  /** cross-sell (shopping §4 Cart: increasing a quantity triggers it): bought together with the gtin */
  'CROSS_SELL',
  'MY_SALE_ITEMS',
  'NEW_FOR_YOU',
  'SIMILAR_ITEMS',
  'START_MY_CART',
] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** spec: account §9, verbatim. */
export const RECOMMENDATION_LABELS: Readonly<Record<RecommendationType, string>> = {
  BETTER_FOR_YOU: 'Better for You',
  BECAUSE_YOU_SHOP_FOR: 'Because You Shop For',
  // not among account §9's labels (the spec names no cross-sell carousel): ours
  CROSS_SELL: 'Goes Well With',
  MY_SALE_ITEMS: 'My Sale Items',
  NEW_FOR_YOU: 'New for You',
  SIMILAR_ITEMS: 'Similar Items to',
  START_MY_CART: 'Start My Cart',
};

/**
 * Rows about the shopper ("My", "You"): a guest has no purchases or sale items of their own, so
 * they see none of these (issue 8 §10). START_MY_CART, BETTER_FOR_YOU, SIMILAR_ITEMS and
 * CROSS_SELL are about the store or the product and are shown to everyone.
 */
const PERSONAL_RECOMMENDATION_TYPES: readonly RecommendationType[] = [
  'MY_SALE_ITEMS',
  'BECAUSE_YOU_SHOP_FOR',
  'NEW_FOR_YOU',
];

/**
 * The carousels a shopper sees: the non-empty ones, without the personal rows for a guest.
 * `visibleCarousels(carousels, false).some((c) => c.type === 'MY_SALE_ITEMS') === false`
 */
export function visibleCarousels<T extends Pick<CarouselOutput, 'type' | 'items'>>(
  carousels: readonly T[],
  signedIn: boolean,
): T[] {
  return carousels.filter(
    (carousel) => carousel.items.length > 0 && (signedIn || !PERSONAL_RECOMMENDATION_TYPES.includes(carousel.type)),
  );
}

/** Items per carousel. */
export const RECOMMENDATION_MAX_ITEMS = 12;
/** The carousels a page gets when it names none (SIMILAR_ITEMS needs a gtin, so it is added only with one). */
const DEFAULT_RECOMMENDATION_TYPES: readonly RecommendationType[] = [
  'START_MY_CART',
  'MY_SALE_ITEMS',
  'BECAUSE_YOU_SHOP_FOR',
  'NEW_FOR_YOU',
  'BETTER_FOR_YOU',
];

/** GET /atlas/v1/recommendations/v1?type=A,B&gtin=…&size=… */
export const RecommendationsQuerySchema = v.pipe(
  v.object({
    type: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(200),
        v.transform((value) => [
          ...new Set(
            value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          ),
        ]),
        v.array(v.picklist(RECOMMENDATION_TYPES)),
        v.minLength(1),
      ),
    ),
    gtin: v.optional(Gtin13Schema),
    size: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,2}$/, 'must be a whole number'),
        v.transform(Number),
        v.minValue(1),
        v.maxValue(RECOMMENDATION_MAX_ITEMS),
      ),
    ),
  }),
  v.check((query) => !query.type?.includes('SIMILAR_ITEMS') || query.gtin !== undefined, 'SIMILAR_ITEMS needs a gtin'),
  v.check((query) => !query.type?.includes('CROSS_SELL') || query.gtin !== undefined, 'CROSS_SELL needs a gtin'),
);
export type RecommendationsQueryOutput = v.InferOutput<typeof RecommendationsQuerySchema>;

const RecommendationItemSchema = v.object({
  gtin13: Gtin13Schema,
  slug: v.string(),
  name: v.string(),
  brand: v.string(),
  size: v.string(),
  imageUrl: v.string(),
  price: v.nullable(PriceSchema),
});
export type RecommendationItemOutput = v.InferOutput<typeof RecommendationItemSchema>;

const CarouselSchema = v.object({
  type: v.picklist(RECOMMENDATION_TYPES),
  /** the spec's label, verbatim */
  label: v.string(),
  /** what the carousel is about: the product (Similar Items to) or the category (Because You Shop For) */
  subject: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /** the label plus the subject, as shown: 'Similar Items to Whole Milk' */
  title: v.string(),
  items: v.pipe(v.array(RecommendationItemSchema), v.maxLength(RECOMMENDATION_MAX_ITEMS)),
});
export type CarouselOutput = v.InferOutput<typeof CarouselSchema>;

export const RecommendationsResponseSchema = v.object({
  data: v.object({ carousels: v.array(CarouselSchema) }),
});

/** The types to compute: the ones asked for, else the defaults (plus SIMILAR_ITEMS when a gtin is given). */
export function requestedRecommendationTypes(
  query: Pick<RecommendationsQueryOutput, 'type' | 'gtin'>,
): RecommendationType[] {
  if (query.type) return query.type;
  return query.gtin ? ['SIMILAR_ITEMS', ...DEFAULT_RECOMMENDATION_TYPES] : [...DEFAULT_RECOMMENDATION_TYPES];
}

/**
 * The carousel's heading: the label, followed by its subject when it has one.
 * `carouselTitle('SIMILAR_ITEMS', 'Whole Milk') === 'Similar Items to Whole Milk'`
 */
export function carouselTitle(type: RecommendationType, subjectName: string | null): string {
  const label = RECOMMENDATION_LABELS[type];
  return subjectName ? `${label} ${subjectName}` : label;
}

/** The query string for a carousel request. `recommendationsQuery({ types: ['NEW_FOR_YOU'] }) -> { type: 'NEW_FOR_YOU' }` */
export function recommendationsQuery(options: {
  types?: readonly RecommendationType[];
  gtin?: string;
  size?: number;
}): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.types?.length) query.type = options.types.join(',');
  if (options.gtin) query.gtin = options.gtin;
  if (options.size) query.size = String(options.size);
  return query;
}
