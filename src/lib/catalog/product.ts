import * as v from 'valibot';

// spec: account §3 Product, §5 product fetches, §7 Product fetch. Money in integer cents.

export const GTIN13_PATTERN = /^\d{13}$/;
export const Gtin13Schema = v.pipe(v.string(), v.regex(GTIN13_PATTERN, 'must be a 13-digit GTIN'));

export const MODALITIES = ['PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE'] as const;
export type Modality = (typeof MODALITIES)[number];
export const ModalitySchema = v.picklist(MODALITIES);
/** What a shopper reads for each modality (the cart's switch, shopping §8 Cart's {modality}). */
export const MODALITY_LABELS: Readonly<Record<Modality, string>> = {
  PICKUP: 'Pickup',
  DELIVERY: 'Delivery',
  SHIP: 'Ship',
  IN_STORE: 'In Store',
};

/** spec: shopping §9: in-store modality is treated as pickup for product lookups. */
export function lookupModality(modality: Modality): Exclude<Modality, 'IN_STORE'> {
  return modality === 'IN_STORE' ? 'PICKUP' : modality;
}

const PROJECTIONS = ['full', 'offers', 'variants.compact'] as const;
export type Projection = (typeof PROJECTIONS)[number];

export const PriceSchema = v.object({
  regularCents: v.pipe(v.number(), v.integer()),
  promoCents: v.nullable(v.pipe(v.number(), v.integer())),
  /** per pound when soldByWeight */
  unit: v.picklist(['each', 'lb']),
});

/**
 * A grouped product's group (account §3 variantGrouping): its id, the one dimension its members
 * differ by (the seeded catalog groups sizes of one item), this product's value and how many
 * members there are. The members themselves: projection variants.compact, or a fetch by variantGroupIds.
 */
const VariantGroupingSchema = v.object({
  variantGroupId: v.string(),
  dimension: v.literal('size'),
  value: v.string(),
  memberCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

const ProductSchema = v.object({
  id: Gtin13Schema,
  gtin13: Gtin13Schema,
  upc: v.string(),
  slug: v.string(),
  name: v.string(),
  brand: v.string(),
  size: v.string(),
  categoryId: v.string(),
  categoryName: v.string(),
  aisleNumber: v.nullable(v.number()),
  aisleName: v.string(),
  imageUrl: v.string(),
  variantGroupId: v.nullable(v.string()),
  /** account §3 Product: the variant group where the spec names it, and how the group varies (docs/decisions/510) */
  itemsV1: v.object({ product: v.object({ variantGroupId: v.nullable(v.string()) }) }),
  variantGrouping: v.nullable(VariantGroupingSchema),
  price: v.nullable(PriceSchema),
  fulfillment: v.object({
    PICKUP: v.boolean(),
    DELIVERY: v.boolean(),
    SHIP: v.boolean(),
    IN_STORE: v.boolean(),
  }),
  stockLevel: v.picklist(['HIGH', 'LOW', 'TEMPORARILY_OUT_OF_STOCK']),
  soldByWeight: v.boolean(),
  minimumAge: v.nullable(v.number()),
  dietaryTags: v.array(v.string()),
  nutrition: v.optional(
    v.object({
      servingSize: v.string(),
      calories: v.number(),
      fatGrams: v.number(),
      sodiumMg: v.number(),
      sugarGrams: v.number(),
      proteinGrams: v.number(),
    }),
  ),
  description: v.optional(v.string()),
  /** projection variants.compact (and the detail fetch): the sizes of the same variant group */
  variants: v.optional(
    v.array(v.object({ gtin13: Gtin13Schema, size: v.string(), name: v.string(), slug: v.string() })),
  ),
});
export type ProductOutput = v.InferOutput<typeof ProductSchema>;

export const ProductsResponseSchema = v.object({
  data: v.object({ products: v.array(ProductSchema) }),
});

/** spec: account §7 Product fetch: at most this many gtins (or variant groups) per call. */
export const MAX_PRODUCTS_PER_FETCH = 50;
export const PRODUCT_IMAGE_PATH_PREFIX = '/atlas/v1/product/images/';

/** The generated image of a product. `productImageUrl('0010000000016') === '/atlas/v1/product/images/0010000000016.svg'` */
export function productImageUrl(gtin13: string): string {
  return `${PRODUCT_IMAGE_PATH_PREFIX}${gtin13}.svg`;
}

const csvOf = <T extends v.GenericSchema<string, string>>(item: T, max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(max * 40),
    v.transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ]),
    v.maxLength(max, `at most ${max} values`),
    v.array(item),
  );

/**
 * The query of GET /atlas/v1/product/v2/products (account §3 Product, §7): gtins and/or
 * variantGroupIds (comma lists, at most 50 each), verified ('true': only products priced at the
 * shopper's store), projections (full, offers, variants.compact; default full).
 */
export const ProductsQuerySchema = v.pipe(
  v.object({
    gtins: v.optional(csvOf(Gtin13Schema, MAX_PRODUCTS_PER_FETCH)),
    variantGroupIds: v.optional(
      csvOf(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a variant group id')), MAX_PRODUCTS_PER_FETCH),
    ),
    verified: v.optional(v.picklist(['true', 'false'])),
    projections: v.optional(csvOf(v.picklist(PROJECTIONS), PROJECTIONS.length)),
  }),
  v.check(
    (query) => Boolean(query.gtins?.length || query.variantGroupIds?.length),
    'gtins or variantGroupIds is required',
  ),
);

/** The path parameter of GET /atlas/v1/product/v2/products/{gtin13}. */
export const ProductParamsSchema = v.object({ gtin13: Gtin13Schema });

/** GET /atlas/v1/product/v2/products/{gtin13}: one product, with its variants. */
export const ProductResponseSchema = v.object({ data: v.object({ product: ProductSchema }) });
