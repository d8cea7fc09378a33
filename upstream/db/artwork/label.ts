import { inkOn, type BrandPalette } from './palette.ts';

// The printed label of a package: the brand's bar, the variety in big type, and the size on a band
// of the variety's colour. Text is escaped and fitted by an estimate of the system font's width
// (no font files, no measuring in the upstream).

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One decimal is plenty at 240 px and keeps the SVG small. */
export const n = (value: number): number => Math.round(value * 10) / 10;

/** XML-escapes text for an element or an attribute. `escapeXml('A & B') === 'A &#38; B'` */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Average advance of a bold system sans-serif glyph, in ems. */
const EM_BOLD = 0.63;

/** Width of a line of bold text in ems, by rough glyph classes (wide enough for DejaVu Sans Bold). */
function textEms(line: string): number {
  let ems = 0;
  for (const ch of line) {
    if (/[mwMW%@]/.test(ch)) ems += 0.95;
    else if (/[ilIj.,;:!|']/.test(ch)) ems += 0.34;
    else if (ch === ' ') ems += 0.35;
    else if (/[frt]/.test(ch)) ems += 0.46;
    else if (/[A-Z]/.test(ch)) ems += 0.74;
    else ems += 0.63;
  }
  return ems;
}

/**
 * The only type sizes a drawing letters in. A browser looks each size of a family up once per page
 * (on Linux Chromium a synchronous call to the browser process, about 2.5 ms): with any size from
 * 7 to 24, a search page's pictures lettered in 14 sizes; with these, at most 7 (decision 679).
 */
export const TYPE_SIZES: readonly number[] = [24, 20, 16, 13, 11, 9, 7];

/**
 * Wraps text into at most `maxLines` lines of `width` at the largest of the TYPE_SIZES from `max`
 * down to `min` (the smallest at or below `min` when none lies between them); at that smallest the
 * last line is cut with an ellipsis. `fitText('Whole Milk', 100, 2, 20, 10).lines` -> `['Whole Milk']`
 */
export function fitText(
  text: string,
  width: number,
  maxLines: number,
  max: number,
  min: number,
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  const smallest = TYPE_SIZES.find((size) => size <= min) ?? (TYPE_SIZES[TYPE_SIZES.length - 1] as number);
  for (const size of TYPE_SIZES) {
    if (size > max || size < smallest) continue;
    const fits = (line: string) => textEms(line) * size <= width;
    const lines: string[] = [];
    for (const word of words) {
      const last = lines[lines.length - 1];
      if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= maxLines && lines.every(fits)) return { lines, size };
  }
  // at the smallest size: long words are hyphenated, and what still does not fit ends in an ellipsis
  const perLine = Math.max(3, Math.floor(width / (smallest * EM_BOLD)));
  const pieces = words.flatMap((word) => {
    if (word.length <= perLine) return [word];
    const parts: string[] = [];
    for (let i = 0; i < word.length; i += perLine - 1)
      parts.push(word.slice(i, i + perLine - 1) + (i + perLine - 1 < word.length ? '-' : ''));
    return parts;
  });
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines[lines.length - 1];
    if (last !== undefined && !last.endsWith('-') && `${last} ${piece}`.length <= perLine)
      lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${(lines[maxLines - 1] ?? '').replace(/-$/, '').slice(0, perLine - 1)}…`;
  }
  return { lines, size: smallest };
}

/** Centred text lines from a first baseline. */
export function textLines(
  lines: readonly string[],
  cx: number,
  y: number,
  size: number,
  fill: string,
  bold = true,
): string {
  const spans = lines
    .map((line, i) => `<tspan x="${n(cx)}" dy="${i === 0 ? 0 : n(size * 1.1)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text x="${n(cx)}" y="${n(y)}" font-size="${size}" fill="${fill}"${bold ? ' class="b"' : ''}>${spans}</text>`;
}

const MARKS: Readonly<
  Record<NonNullable<BrandPalette['mark']>, (x: number, y: number, r: number, fill: string) => string>
> = {
  leaf: (x, y, r, f) =>
    `<path d="M${n(x - r)} ${n(y + r)}C${n(x - r)} ${n(y - r)} ${n(x)} ${n(y - r)} ${n(x + r)} ${n(y - r)}C${n(x + r)} ${n(y)} ${n(x)} ${n(y + r)} ${n(x - r)} ${n(y + r)}Z" fill="${f}"/>`,
  sprout: (x, y, r, f) =>
    `<path d="M${n(x)} ${n(y + r)}V${n(y)}M${n(x)} ${n(y)}C${n(x - r)} ${n(y)} ${n(x - r)} ${n(y - r)} ${n(x - r)} ${n(y - r)}C${n(x)} ${n(y - r)} ${n(x)} ${n(y)} ${n(x)} ${n(y)}C${n(x)} ${n(y - r * 0.6)} ${n(x + r)} ${n(y - r)} ${n(x + r)} ${n(y - r * 0.4)}" fill="${f}" stroke="${f}" stroke-width="1.5"/>`,
  wave: (x, y, r, f) =>
    `<path d="M${n(x - r)} ${n(y + r * 0.2)}q${n(r / 2)} ${n(-r)} ${n(r)} 0t${n(r)} 0" fill="none" stroke="${f}" stroke-width="${n(r / 2.5)}" stroke-linecap="round"/>`,
  shell: (x, y, r, f) =>
    `<path d="M${n(x - r)} ${n(y + r * 0.6)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y + r * 0.6)}Z" fill="${f}"/>`,
};

/** The item in the biggest type that fits `height`, on one, two or three lines. */
function biggestFit(text: string, width: number, height: number): { lines: string[]; size: number } {
  let best: { lines: string[]; size: number } | null = null;
  for (let lines = 1; lines <= 3; lines += 1) {
    const max = Math.min(24, Math.floor(height / (lines * 1.1)));
    if (max < 7) break;
    const fit = fitText(text, width, lines, max, 7);
    const whole = fit.lines.join(' ') === text;
    if (whole && (!best || fit.size > best.size)) best = fit;
  }
  return best ?? fitText(text, width, Math.max(1, Math.min(3, Math.floor(height / 8))), 7, 7);
}

export interface LabelText {
  brand: string;
  descriptor: string;
  item: string;
  size: string;
  variety: string;
}

/** The brand's bar, the variety and the size band inside `box`. */
export function drawLabel(
  box: Rect,
  palette: BrandPalette,
  text: LabelText,
  options: { paper?: string; radius?: number } = {},
): string {
  const { x, y, w, h } = box;
  const paper = options.paper ?? palette.paper;
  let barH = Math.max(15, Math.min(26, h * 0.22));
  const bandH = Math.max(14, Math.min(24, h * 0.2));
  const markR = palette.mark ? Math.min(barH * 0.28, 5) : 0;
  // a long brand on a narrow label takes two lines rather than an ellipsis
  let brand = fitText(text.brand, w - 8 - markR * 3, 1, Math.floor(barH * 0.62), 9);
  if (brand.lines.join(' ') !== text.brand) {
    brand = fitText(text.brand, w - 8 - markR * 3, 2, 11, 7);
    barH = Math.max(barH, brand.lines.length * brand.size * 1.1 + 6);
  }
  const out: string[] = [];
  out.push(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${options.radius ?? 4}" fill="${paper}"/>`,
  );
  out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(barH)}" fill="${palette.primary}"/>`);
  const brandInk = inkOn(palette.primary);
  const brandX = x + w / 2 + markR * 1.2;
  const brandTop = y + barH / 2 - ((brand.lines.length - 1) * brand.size * 1.1) / 2;
  out.push(textLines(brand.lines, brandX, brandTop + brand.size * 0.36, brand.size, brandInk));
  if (palette.mark) {
    const textW = Math.max(...brand.lines.map(textEms)) * brand.size;
    out.push(MARKS[palette.mark](brandX - textW / 2 - markR * 1.6, y + barH / 2, markR, palette.accent));
  }
  out.push(`<rect x="${n(x)}" y="${n(y + h - bandH)}" width="${n(w)}" height="${n(bandH)}" fill="${text.variety}"/>`);
  const sizeText = fitText(text.size, w - 8, 1, Math.floor(bandH * 0.66), 8);
  out.push(
    textLines(sizeText.lines, x + w / 2, y + h - bandH / 2 + sizeText.size * 0.36, sizeText.size, inkOn(text.variety)),
  );
  // the variety between bar and band: the descriptor small above the item when there is room
  const top = y + barH + 3;
  const room = h - barH - bandH - 6;
  const ink = paper === palette.paper ? palette.ink : inkOn(paper);
  const descSize = text.descriptor && room > 40 ? Math.max(8, Math.min(13, Math.floor(room * 0.2))) : 0;
  const itemText = descSize ? text.item : [text.descriptor, text.item].filter(Boolean).join(' ');
  const item = biggestFit(itemText, w - 10, room - descSize * 1.2);
  const blockH = descSize * 1.2 + item.lines.length * item.size * 1.1;
  let cursor = top + (room - blockH) / 2;
  if (descSize) {
    const desc = fitText(text.descriptor, w - 10, 1, descSize, 7);
    out.push(
      textLines(
        desc.lines,
        x + w / 2,
        cursor + desc.size * 0.9,
        desc.size,
        text.variety === '#7d8b99' ? ink : text.variety,
      ),
    );
    cursor += descSize * 1.2;
  }
  out.push(textLines(item.lines, x + w / 2, cursor + item.size * 0.9, item.size, ink));
  return out.join('');
}
