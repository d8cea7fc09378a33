// spec: shopping §9 Search facets: taxonomy, brand, nutrition, more options, price, savings.
// The fixed option lists behind the nutrition, more-options and savings facets. A product's
// dietary tags are stored both as text (product pages) and as a bit set (fast facet counting).

export interface FacetOption {
  id: string;
  name: string;
}

/** filter.nutrition values */
export const NUTRITION_OPTIONS: readonly FacetOption[] = [
  { id: 'gluten-free', name: 'Gluten Free' },
  { id: 'dairy-free', name: 'Dairy Free' },
  { id: 'vegan', name: 'Vegan' },
  { id: 'low-sodium', name: 'Low Sodium' },
  { id: 'sugar-free', name: 'Sugar Free' },
  { id: 'high-protein', name: 'High Protein' },
];

/** filter.moreOptions values */
export const MORE_OPTIONS: readonly FacetOption[] = [
  { id: 'organic', name: 'Organic' },
  { id: 'non-gmo', name: 'Non-GMO' },
  { id: 'kosher', name: 'Kosher' },
  { id: 'store-brand', name: 'Our Brands' },
  { id: 'local', name: 'Locally Grown' },
];

/**
 * The tag of the chain's own brands (a moreOptions value, so filter.moreOptions=store-brand stays
 * the contract): a kind of brand, not dietary information, so pages list it apart (issue 8 §10).
 */
export const STORE_BRAND_TAG = 'store-brand';

/** filter.savings values: any promotion, or one of the weekly flyer circulars (aisles.ts). */
export const SAVINGS_OPTIONS: readonly FacetOption[] = [
  { id: 'ON_SALE', name: 'On Sale' },
  { id: 'SPECIALS', name: 'Weekly Specials' },
  { id: 'SAVINGS', name: 'Savings Circular' },
];

/** Every dietary tag in bit order (bit i = DIETARY_TAGS[i]). */
export const DIETARY_TAGS: readonly string[] = [...NUTRITION_OPTIONS, ...MORE_OPTIONS].map((option) => option.id);

/** Packs tags into a bit set; unknown tags are ignored. `tagBits(['vegan']) === 4` */
export function tagBits(tags: readonly string[]): number {
  let bits = 0;
  for (const tag of tags) {
    const index = DIETARY_TAGS.indexOf(tag);
    if (index >= 0) bits |= 1 << index;
  }
  return bits;
}

/** Unpacks a bit set into tags. `tagsFromBits(4) -> ['vegan']` */
export function tagsFromBits(bits: number): string[] {
  return DIETARY_TAGS.filter((_, index) => (bits & (1 << index)) !== 0);
}
