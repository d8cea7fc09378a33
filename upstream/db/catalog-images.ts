// Generated product images: a category-coloured tile with the product's initials (our own
// artwork, decision 001). Small, deterministic SVG; the routes cache it for long.

/** Department id -> [background, foreground]. */
const DEPARTMENT_COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  '01': ['#d8efd3', '#1f6f3f'], '02': ['#e3eefc', '#1d4f91'], '03': ['#f9dcdc', '#8c1c1c'], '04': ['#f6e7cf', '#7a4b12'],
  '05': ['#f3e1ec', '#7c2a5c'], '06': ['#dcf1f7', '#0d5c73'], '07': ['#efe8d8', '#5e4b1f'], '08': ['#fde9c8', '#8a4b00'],
  '09': ['#ddeefe', '#0b4f80'], '10': ['#fbe3ef', '#8a2b5a'], '11': ['#ece3f7', '#4b2a7c'], '12': ['#e4ecef', '#2e4a57'],
  '13': ['#e2f4ef', '#1b6352'],
};
const FALLBACK: readonly [string, string] = ['#eeeeee', '#333333'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Up to two initials of the product's own words (the brand left out). `productInitials('Whole Milk', 'Meadow Crest') === 'WM'` */
export function productInitials(name: string, brand: string): string {
  const rest = name.startsWith(brand) ? name.slice(brand.length) : name;
  const words = rest.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  const initials = words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('');
  return initials || (brand[0] ?? '?').toUpperCase();
}

/** The SVG of a product image. */
export function productImageSvg(product: { name: string; brand: string; departmentId: string }): string {
  const [background, foreground] = DEPARTMENT_COLOURS[product.departmentId] ?? FALLBACK;
  const initials = escapeXml(productInitials(product.name, product.brand));
  const label = escapeXml(product.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${label}">`
    + `<rect width="240" height="240" rx="24" fill="${background}"/>`
    + `<circle cx="120" cy="108" r="66" fill="#ffffff" fill-opacity="0.7"/>`
    + `<text x="120" y="130" text-anchor="middle" font-family="system-ui,sans-serif" font-size="60" font-weight="700" fill="${foreground}">${initials}</text>`
    + `<text x="120" y="212" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" fill="${foreground}">${escapeXml(product.brand.slice(0, 24))}</text>`
    + '</svg>';
}
