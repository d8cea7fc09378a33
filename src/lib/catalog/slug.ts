// URL slugs for products and categories: lowercase ASCII words joined by hyphens.

/** Slugifies text. `slugify('Harvest Select 2% Reduced Fat Milk 1 gal') === 'harvest-select-2-reduced-fat-milk-1-gal'` */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A product's slug: its name slugified. Product pages live at /p/{slug}/{gtin13}, so the slug
 * needs no uniqueness. `productSlug('Harvest Select Whole Milk') === 'harvest-select-whole-milk'`
 */
export function productSlug(name: string): string {
  return slugify(name);
}
