import { slugify } from '../catalog/slug.ts';
import { deslugify, titleCase } from './slug.ts';

// spec: shopping §2 /pb/{brandSlug}/…: the route carries a brand slug; the upstream filters by
// brand name.

/** The likely brand name of a slug. `brandNameGuess('sunny-fields') === 'Sunny Fields'` */
export function brandNameGuess(brandSlug: string): string {
  return titleCase(deslugify(brandSlug));
}

/** The brand of a facet list whose slug is `brandSlug`. `findBrandBySlug([{ name: 'Oak & Stone' }], 'oak-and-stone') === 'Oak & Stone'` */
export function findBrandBySlug(brands: ReadonlyArray<{ name: string }>, brandSlug: string): string | null {
  return brands.find((brand) => slugify(brand.name) === brandSlug)?.name ?? null;
}
