import * as v from 'valibot';

// spec: account §3 Product, §5 product fetches, §7 Product fetch. Money in integer cents.

export const GTIN13_PATTERN = /^\d{13}$/;
export const Gtin13Schema = v.pipe(v.string(), v.regex(GTIN13_PATTERN, 'must be a 13-digit GTIN'));

export const MODALITIES = ['PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE'] as const;
export type Modality = (typeof MODALITIES)[number];
export const ModalitySchema = v.picklist(MODALITIES);

/** spec: shopping §9: in-store modality is treated as pickup for product lookups. */
export function lookupModality(modality: Modality): Exclude<Modality, 'IN_STORE'> {
  return modality === 'IN_STORE' ? 'PICKUP' : modality;
}

export const PROJECTIONS = ['full', 'offers', 'variants.compact'] as const;
export type Projection = (typeof PROJECTIONS)[number];

export const PriceSchema = v.object({
  regularCents: v.pipe(v.number(), v.integer()),
  promoCents: v.nullable(v.pipe(v.number(), v.integer())),
  /** per pound when soldByWeight */
  unit: v.picklist(['each', 'lb']),
});

export const ProductSchema = v.object({
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
});
export type ProductOutput = v.InferOutput<typeof ProductSchema>;

export const ProductsResponseSchema = v.object({
  data: v.object({ products: v.array(ProductSchema) }),
});
export type ProductsResponseOutput = v.InferOutput<typeof ProductsResponseSchema>;
