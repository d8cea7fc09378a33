import type { UpstreamClient } from '../http/upstream-client.ts';
import { PRODUCT_IMAGE_PATH_PREFIX } from './product.ts';

// A listing card's picture drawn inline (docs/decisions/645): the contract's generated artwork,
// put in the page as SVG rather than as an <img> of an SVG. Chromium makes every SVG image a
// document of its own, styled, laid out and painted on the main thread with its own font
// look-ups: about 45-50 ms at 4x CPU per picture, the largest part of a search page's main-thread
// work (decision 644). Inline, the pictures share the page's document.
//
// Only what the reference upstream draws is taken inline, and only after a strict check: the
// header, style and gradients exactly as drawn, then only the shapes and text it uses, their
// presentation attributes, values without quotes, angle brackets or references other than its two
// gradients. Anything else (a real image service, another drawing, a failure, a slow answer) keeps
// the <img>. The ids are made unique per card, the style moves to the card's CSS (the page's CSP
// allows no inline style).

/** What the upstream's artwork starts with after its header (upstream/db/catalog-images.ts). */
const ARTWORK_STYLE =
  '<style>text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;text-anchor:middle}.b{font-weight:700}</style>';
const ARTWORK_DEFS =
  '<defs><linearGradient id="s" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>' +
  '<linearGradient id="d" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient></defs>';
const HEADER =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="([^"<>]*)">/;

/** The one placeholder for a card's id prefix in a checked drawing. */
const ID = '\u0000';

const ELEMENTS = new Set(['rect', 'ellipse', 'circle', 'path', 'g', 'text', 'tspan']);
const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;
const PAINT = /^(#[0-9a-fA-F]{3,8}|none|url\(#[sd]\))$/;
const ATTRIBUTES: Record<string, RegExp> = {
  x: NUMBER,
  y: NUMBER,
  width: NUMBER,
  height: NUMBER,
  rx: NUMBER,
  ry: NUMBER,
  cx: NUMBER,
  cy: NUMBER,
  r: NUMBER,
  dy: NUMBER,
  'font-size': NUMBER,
  'stroke-width': NUMBER,
  'fill-opacity': NUMBER,
  'stroke-opacity': NUMBER,
  fill: PAINT,
  stroke: PAINT,
  'stroke-linecap': /^(round|butt|square)$/,
  class: /^b$/,
  d: /^[MmLlHhVvCcSsQqTtAaZz0-9\s.,-]+$/,
  transform: /^(\s*(translate|rotate|scale|skewX|skewY|matrix)\([-0-9.\s,]+\))+\s*$/,
};
const TOKEN = /<(\/?)([a-zA-Z]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>|([^<>]+)/y;
const ATTRIBUTE = /\s+([a-z-]+)="([^"<>]*)"/g;
const TEXT = /^(?:[^&<>]|&(?:amp|lt|gt|quot|#\d{1,5});)*$/;

/** True when every attribute of a tag is one the artwork uses, with a value of its kind. */
function attributesAllowed(attributes: string): boolean {
  for (const [, name, value] of attributes.matchAll(ATTRIBUTE)) {
    const allowed = ATTRIBUTES[name as string];
    if (!allowed?.test(value as string)) return false;
  }
  return true;
}

/** True when `body` is only allowed, balanced elements and plain text. */
function bodyAllowed(body: string): boolean {
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(body);
    if (!match || match.index !== at) return false;
    const [, closing, name, attributes = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (!TEXT.test(text)) return false;
      continue;
    }
    if (!ELEMENTS.has(name as string)) return false;
    if (closing) {
      if (attributes || selfClosing || open.pop() !== name) return false;
    } else {
      if (!attributesAllowed(attributes)) return false;
      if (!selfClosing) open.push(name as string);
    }
  }
  return open.length === 0;
}

/**
 * The upstream's drawing made fit to sit in a page, with `\u0000` where the card's id prefix goes,
 * or null when it is not the artwork this checks for.
 * `inlineArtwork('<svg xmlns=… aria-label="Milk"><style>…</style><defs>…</defs><rect …/></svg>')` -> `'<svg viewBox=… aria-label="Milk"><defs>…</defs><rect …/></svg>'`
 */
export function inlineArtwork(svg: string): string | null {
  const header = HEADER.exec(svg);
  if (!header || !TEXT.test(header[1] as string) || !svg.endsWith('</svg>')) return null;
  let rest = svg.slice(header[0].length, -'</svg>'.length);
  if (!rest.startsWith(ARTWORK_STYLE)) return null;
  rest = rest.slice(ARTWORK_STYLE.length);
  if (!rest.startsWith(ARTWORK_DEFS)) return null;
  const body = rest.slice(ARTWORK_DEFS.length);
  if (!bodyAllowed(body)) return null;
  const defs = ARTWORK_DEFS.replace('id="s"', `id="${ID}s"`).replace('id="d"', `id="${ID}d"`);
  return (
    `<svg viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${header[1]}">` +
    defs +
    body.replace(/url\(#([sd])\)/g, `url(#${ID}$1)`) +
    '</svg>'
  );
}

/**
 * Drawings already checked, by image path (an image never changes for its URL), null for "keep the
 * <img>". Only settled answers are shared between requests: a worker must not wait on another
 * request's I/O, which ends with that request.
 */
const checked = new Map<string, string | null>();
const CHECKED_MAX = 4000;
/** Upstream fetches one render may start; the rest of its cards keep their <img>. */
const FETCHES_PER_RENDER = 40;
/** How long a render waits for a drawing before it keeps the <img>. */
const WAIT_MS = 1000;
/** One render's fetches in flight, by image path (a product shown twice is fetched once). */
const inFlight = new WeakMap<object, Map<string, Promise<string | null>>>();
let nextId = 0;

const CONTRACT_IMAGE = new RegExp(`^${PRODUCT_IMAGE_PATH_PREFIX.replace(/\//g, '\\/')}\\d{13}\\.svg$`);

/** The checked drawing, null when it is not the artwork (kept so); throws when the upstream failed (asked again later). */
async function drawnInline(upstream: UpstreamClient, path: string): Promise<string | null> {
  const response = await upstream.raw({ path });
  const svg = (response.headers.get('content-type') ?? '').startsWith('image/svg+xml');
  if (response.status !== 200 || !svg) {
    await response.body?.cancel();
    if (response.status >= 500 || response.status === 429) throw new Error(`upstream ${response.status}`);
    return null;
  }
  return inlineArtwork(await response.text());
}

export interface ArtworkContext {
  upstream: UpstreamClient;
  /** a configured image service: its pictures stay images */
  productImageTemplate?: string | null | undefined;
}

/** The drawing's lettering: its `<text>` elements, which hold only `<tspan>`s and words. */
const LETTERING = /<text\b[^>]*>.*?<\/text>/g;

/**
 * A card's picture as inline SVG markup with ids of its own, or null to show `imageUrl` as an
 * <img>. `render` is the request's own object (Astro.locals): it bounds the fetches one page starts.
 * A `decorative` picture (an <img alt=""> beside the product's name) is hidden from assistive
 * technology instead of naming the product again. A picture drawn too small to read
 * (`lettering: false`: the cart's 72 px thumbnails, where the label's words are 2-7 px) leaves its
 * words out: each size of SVG text is a font look-up of its own, and their layout was the largest
 * part of the cart's (decision 677).
 */
export async function cardArtwork(
  render: ArtworkContext,
  imageUrl: string,
  { decorative = false, lettering = true }: { decorative?: boolean; lettering?: boolean } = {},
): Promise<string | null> {
  if (render.productImageTemplate || !CONTRACT_IMAGE.test(imageUrl)) return null;
  let markup = checked.get(imageUrl);
  if (markup === undefined) {
    const pending = inFlight.get(render) ?? new Map<string, Promise<string | null>>();
    inFlight.set(render, pending);
    let drawing = pending.get(imageUrl);
    if (!drawing) {
      if (pending.size >= FETCHES_PER_RENDER) return null;
      drawing = drawnInline(render.upstream, imageUrl).then(
        (answer) => {
          if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value as string);
          checked.set(imageUrl, answer);
          return answer;
        },
        () => null, // the upstream failed: a later render asks again
      );
      pending.set(imageUrl, drawing);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_MS);
    });
    markup = await Promise.race([drawing, late]);
    clearTimeout(timer);
  }
  if (markup === null) return null;
  nextId = (nextId + 1) % 1_000_000_000;
  let own = markup.replaceAll(ID, `art${nextId.toString(36)}-`);
  if (!lettering) own = own.replace(LETTERING, '');
  return decorative ? own.replace(/ role="img" aria-label="[^"]*">/, ' aria-hidden="true" focusable="false">') : own;
}
