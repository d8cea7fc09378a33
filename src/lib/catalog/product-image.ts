import { PRODUCT_IMAGE_PATH_PREFIX } from './product.ts';

// Where product pictures come from (issue 8 §2, docs/decisions/430-product-artwork.md). The API's
// imageUrl is the contract `/atlas/v1/product/images/{gtin13}.svg`, drawn by the reference
// upstream and cached by the edge for a year. A real image service replaces it by configuration
// alone: PRODUCT_IMAGE_URL (wrangler vars) is a URL template with `{gtin13}` and, for a service
// that resizes, `{width}`; pages then ask it for 1x and 2x widths through srcset.

/** The product images of the contract: `/atlas/v1/product/images/0010000000016.svg`. */
const CONTRACT_IMAGE = new RegExp(`^${PRODUCT_IMAGE_PATH_PREFIX.replace(/\//g, '\\/')}(\\d{13})\\.svg$`);

/**
 * The configured template, or null for the contract's own images. Only an https URL or a path of
 * this origin with `{gtin13}` is taken; anything else is ignored (the site keeps its pictures).
 * `productImageTemplate({ PRODUCT_IMAGE_URL: 'https://img.example/{gtin13}?w={width}' })` -> that template
 */
export function productImageTemplate(env: { PRODUCT_IMAGE_URL?: string | undefined }): string | null {
  const template = env.PRODUCT_IMAGE_URL?.trim();
  if (!template || !template.includes('{gtin13}')) return null;
  if (template.startsWith('/') && !template.startsWith('//')) return template;
  try {
    return new URL(template.replace(/\{(gtin13|width)\}/g, '0')).protocol === 'https:' ? template : null;
  } catch {
    return null;
  }
}

/** The origin a template's images come from, for the pages' img-src; null for this origin. */
export function productImageOrigin(template: string | null): string | null {
  if (!template || template.startsWith('/')) return null;
  return new URL(template.replace(/\{(gtin13|width)\}/g, '0')).origin;
}

export interface ImageSources {
  src: string;
  /** only when the service resizes ({width}): the 1x and 2x candidates */
  srcset?: string;
  /** with srcset: how wide the image is shown */
  sizes?: string;
}

/**
 * The attributes of a product image shown `width` CSS pixels wide (`sizes`: narrower on a phone),
 * to spread on the <img>. URLs outside the contract are kept as they are.
 * `productImageSources('/atlas/v1/product/images/0010000000016.svg', null, 240)` -> `{ src: '/atlas/v1/product/images/0010000000016.svg' }`
 */
export function productImageSources(
  imageUrl: string,
  template: string | null | undefined,
  width: number,
  sizes = `${width}px`,
): ImageSources {
  const gtin13 = CONTRACT_IMAGE.exec(imageUrl)?.[1];
  if (!template || !gtin13) return { src: imageUrl };
  const at = (w: number) => template.replace(/\{gtin13\}/g, gtin13).replace(/\{width\}/g, String(w));
  if (!template.includes('{width}')) return { src: at(width) };
  return { src: at(width), srcset: `${at(width)} ${width}w, ${at(width * 2)} ${width * 2}w`, sizes };
}

/** How a listing card shows its image (ProductCard.astro): 240 CSS pixels, about half a phone's width. */
export const CARD_IMAGE = { width: 240, sizes: '(max-width: 480px) 45vw, 240px' } as const;
/** The cards of a listing whose images load eagerly: the first row on a wide screen, the first two on a phone. */
export const EAGER_CARDS = 4;
