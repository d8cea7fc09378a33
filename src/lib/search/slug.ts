// Words from the slugs of top query and brand routes (shopping §2). Slugs themselves are made
// by src/lib/catalog/slug.ts.

/** Turns a slug back into words. `deslugify('whole-milk') === 'whole milk'` */
export function deslugify(slug: string): string {
  return slug
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Capitalises each word. `titleCase('whole milk') === 'Whole Milk'` */
export function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}
