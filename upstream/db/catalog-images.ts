import { contentColour } from './artwork/content.ts';
import { drawLabel, escapeXml, fitText, textLines } from './artwork/label.ts';
import { packagingFor, splitProductName } from './artwork/packaging.ts';
import { brandPalette, inkOn, varietyColour } from './artwork/palette.ts';
import { drawProduce } from './artwork/produce.ts';
import { drawShape, FLOOR } from './artwork/shapes.ts';
import { sideVignetteFor, vignetteFor } from './artwork/vignette.ts';

// Generated product images (our own artwork, decision 001; issue 8 §2, docs/decisions/430): the
// product's package drawn in its brand's colours, with the brand, the variety and the size on the
// label, so a gallon jug of whole milk and a quart carton of 2% differ at a glance. Small,
// deterministic SVG with no script and no external reference; the routes cache it for long.

export interface ProductImageFacts {
  name: string;
  brand: string;
  size: string;
  categoryId: string;
  departmentId: string;
  /** priced by the pound: the package says "per lb", not its nominal "1 lb" */
  soldByWeight?: boolean;
}

/** Departments of things that are not food: their "content" is the brand's colour. */
const NON_FOOD_DEPARTMENTS = new Set(['11', '12', '13']);
const VIGNETTE_KINDS = new Set(['box', 'bag', 'pouch']);
const FONT = 'system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif';

/** The price tag beside loose produce: brand, variety and "per lb". */
function produceTag(brand: string, words: string, size: string, accent: string, paper: string, ink: string): string {
  const x = 128;
  const y = 154;
  const w = 104;
  const h = 66;
  const brandText = fitText(brand, w - 10, 1, 12, 7);
  const variety = fitText(words, w - 10, 2, 12, 7);
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${paper}" stroke="${accent}" stroke-width="2"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="16" rx="6" fill="${accent}"/>` +
    textLines(brandText.lines, x + w / 2, y + 12, brandText.size, inkOn(accent)) +
    textLines(variety.lines, x + w / 2, y + 30, variety.size, ink) +
    textLines([size], x + w / 2, y + h - 5, 11, ink, false)
  );
}

/** The SVG of a product image. */
export function productImageSvg(product: ProductImageFacts): string {
  const { brand, categoryId } = product;
  const size = product.soldByWeight ? 'per lb' : product.size;
  const { descriptor, item } = splitProductName(product.name, brand, product.size, categoryId);
  const packaging = packagingFor({ categoryId, item, descriptor, size: product.size });
  const palette = brandPalette(brand);
  const words = [descriptor, item].filter(Boolean).join(' ');
  const variety = varietyColour(words);
  let drawing: string;
  if (packaging.kind === 'produce' && packaging.produce) {
    drawing =
      drawProduce(packaging.produce, item) +
      produceTag(brand, words, size, palette.primary, palette.paper, palette.ink);
  } else {
    const content = contentColour(packaging.kind, words, palette, NON_FOOD_DEPARTMENTS.has(product.departmentId));
    const shape = drawShape({ palette, variety, content, packaging, item });
    const vignette = vignetteFor(categoryId);
    let extra = '';
    // a tall box or bag shows a serving suggestion under a shorter label
    if (shape.label && vignette && VIGNETTE_KINDS.has(packaging.kind) && !packaging.wide && shape.label.h >= 110) {
      const room = shape.label.h * 0.3;
      shape.label = { ...shape.label, h: shape.label.h - room - 4 };
      extra = vignette({ x: shape.label.x, y: shape.label.y + shape.label.h + 4, w: shape.label.w, h: room });
    }
    const side = sideVignetteFor(categoryId);
    // a low, wide box shows what is inside beside a narrower label
    if (shape.label && side && packaging.wide) {
      const room = shape.label.w * 0.4;
      shape.label = { ...shape.label, w: shape.label.w - room - 4 };
      extra = side(
        { x: shape.label.x + shape.label.w + 4, y: shape.label.y, w: room, h: shape.label.h },
        content === palette.primary ? '#c0623a' : content,
      );
    }
    drawing =
      shape.body +
      (shape.label ? drawLabel(shape.label, palette, { brand, descriptor, item, size, variety }) : '') +
      extra +
      (shape.over ?? '');
  }
  // long float tails (0.1 + 0.2) cost bytes and nothing else; only in the drawing's tags, never in text
  drawing = drawing.replace(/<[^>]+>/g, (tag) => tag.replace(/(\d+\.\d)\d+/g, '$1'));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(product.name)}">` +
    `<style>text{font-family:${FONT};text-anchor:middle}.b{font-weight:700}</style>` +
    '<defs><linearGradient id="s" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>' +
    '<linearGradient id="d" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient></defs>' +
    '<rect width="240" height="240" fill="#f6f5f1"/>' +
    `<ellipse cx="120" cy="${FLOOR + 2}" rx="100" ry="8" fill="#000" fill-opacity=".08"/>` +
    drawing +
    '</svg>'
  );
}
