// file-size: a table of drawings, one short outline per packaging kind (DRAWERS), not logic.
import type { Packaging, PackagingKind } from './packaging.ts';
import type { BrandPalette } from './palette.ts';
import { drawCut } from './cuts.ts';
import { n, type Rect } from './label.ts';

// The package outlines on a 240 x 240 canvas, standing on a floor at y = 222: each returns its
// drawing and where its label goes. Shine (url(#s)) and shade (url(#d)) are defined once by the
// caller; shapes stay flat colours so an image is a few KB.

export const FLOOR = 222;

export interface ShapeInput {
  palette: BrandPalette;
  /** the variety's colour */
  variety: string;
  /** what is inside: milk white, salmon orange ... (trays, jars, clamshells, bottles) */
  content: string;
  packaging: Packaging;
  /** the product's item ("Ribeye Steak"): what lies on a tray */
  item?: string;
}

export interface Shape {
  body: string;
  /** null: no printed label (loose produce draws its own tag) */
  label: Rect | null;
  /** drawn over the label (a window, a film's shine) */
  over?: string;
}

/** A box of w x h standing centred on the floor. */
function frame(w: number, h: number): Rect {
  return { x: 120 - w / 2, y: FLOOR - h, w, h };
}

const rect = (r: Rect, fill: string, rx = 0, extra = '') =>
  `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}"${rx ? ` rx="${n(rx)}"` : ''} fill="${fill}"${extra}/>`;
const shine = (r: Rect, rx = 0) => rect(r, 'url(#s)', rx);
const inset = (r: Rect, dx: number, top: number, bottom: number): Rect => ({
  x: r.x + dx,
  y: r.y + top,
  w: r.w - 2 * dx,
  h: r.h - top - bottom,
});

type Drawer = (input: ShapeInput, s: number) => Shape;

const DRAWERS: Readonly<Record<PackagingKind, Drawer>> = {
  carton: ({ palette }, s) => {
    // a quart is shorter but not much narrower, so its label stays readable
    const f = frame(104 * (0.5 + s / 2), 196 * s);
    const roof = f.h * 0.2;
    const { x, y, w } = f;
    const body =
      `<path d="M${n(x + 4)} ${n(y)}h${n(w - 8)}v${n(roof * 0.25)}l${n(4)} ${n(roof * 0.75)}H${n(x)}l4 ${n(-roof * 0.75)}Z" fill="${palette.primary}"/>` +
      `<path d="M${n(x + w * 0.55)} ${n(y + roof * 0.5)}l${n(w * 0.2)} -4v8z" fill="#fff" fill-opacity=".5"/>` +
      rect({ x, y: y + roof, w, h: f.h - roof }, palette.paper, 2) +
      rect({ x: x + w * 0.84, y: y + roof, w: w * 0.16, h: f.h - roof }, 'url(#d)');
    return { body, label: inset({ x, y: y + roof, w: w * 0.84, h: f.h - roof }, 4, 6, 6) };
  },
  jug: ({ palette, variety, content }, s) => {
    const f = frame(150 * s, 188 * s);
    const { x, y, w, h } = f;
    const neck = x + w * 0.28;
    const body =
      `<path d="M${n(x + 8)} ${n(FLOOR)}Q${n(x)} ${n(FLOOR)} ${n(x)} ${n(FLOOR - 10)}V${n(y + h * 0.36)}Q${n(x)} ${n(y + h * 0.2)} ${n(neck - 12)} ${n(y + h * 0.14)}H${n(x + w - 18)}Q${n(x + w)} ${n(y + h * 0.14)} ${n(x + w)} ${n(y + h * 0.32)}V${n(FLOOR - 10)}Q${n(x + w)} ${n(FLOOR)} ${n(x + w - 8)} ${n(FLOOR)}Z" fill="${content}" stroke="#c7d0d8" stroke-width="1.5"/>` +
      rect({ x: x + w * 0.56, y: y + h * 0.19, w: w * 0.3, h: h * 0.1 }, '#f6f5f1', 6, ' stroke="#c7d0d8"') +
      rect({ x: neck - 10, y: y + h * 0.06, w: 24, h: h * 0.1 }, content, 2, ' stroke="#c7d0d8"') +
      rect({ x: neck - 13, y, w: 30, h: h * 0.08 }, variety, 3) +
      shine({ x, y: y + h * 0.3, w, h: h * 0.68 }, 10);
    return {
      body,
      label: { x: x + 10, y: y + h * 0.38, w: w - 20, h: h * 0.54 },
      over: rect({ x: x + 10, y: y + h * 0.38, w: 4, h: h * 0.54 }, palette.primary),
    };
  },
  bottle: ({ palette, content }, s) => {
    const f = frame(84 * s, 206 * s);
    const { x, y, w, h } = f;
    const nw = w * 0.36;
    const body =
      rect({ x: 120 - nw / 2 - 2, y, w: nw + 4, h: h * 0.08 }, palette.accent, 3, ' stroke="#0002"') +
      `<path d="M${n(120 - nw / 2)} ${n(y + h * 0.08)}V${n(y + h * 0.16)}Q${n(x)} ${n(y + h * 0.26)} ${n(x)} ${n(y + h * 0.36)}V${n(FLOOR - 6)}Q${n(x)} ${n(FLOOR)} ${n(x + 6)} ${n(FLOOR)}H${n(x + w - 6)}Q${n(x + w)} ${n(FLOOR)} ${n(x + w)} ${n(FLOOR - 6)}V${n(y + h * 0.36)}Q${n(x + w)} ${n(y + h * 0.26)} ${n(120 + nw / 2)} ${n(y + h * 0.16)}V${n(y + h * 0.08)}Z" fill="${content}" stroke="#0002"/>` +
      shine({ x, y: y + h * 0.3, w, h: h * 0.7 }, 6);
    return { body, label: { x: x + 3, y: y + h * 0.4, w: w - 6, h: h * 0.5 } };
  },
  squeeze: ({ palette, content }, s) => {
    const f = frame(96 * s, 200 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x + 10)} ${n(y + h * 0.86)}Q${n(x)} ${n(y + h * 0.8)} ${n(x)} ${n(y + h * 0.6)}V${n(y + 16)}Q${n(x)} ${n(y)} ${n(x + 16)} ${n(y)}H${n(x + w - 16)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + 16)}V${n(y + h * 0.6)}Q${n(x + w)} ${n(y + h * 0.8)} ${n(x + w - 10)} ${n(y + h * 0.86)}Z" fill="${content}" stroke="#0002"/>` +
      rect({ x: x + w * 0.16, y: y + h * 0.86, w: w * 0.68, h: h * 0.14 }, palette.primary, 4) +
      shine({ x, y, w, h: h * 0.84 }, 14);
    return { body, label: { x: x + 5, y: y + h * 0.14, w: w - 10, h: h * 0.56 } };
  },
  can: ({ palette }, s) => {
    const f = frame(104 * (0.6 + s * 0.4), 150 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x, y: y + 4, w, h: h - 8 }, palette.primary) +
      `<ellipse cx="120" cy="${n(y + 4)}" rx="${n(w / 2)}" ry="6" fill="#cfd5da" stroke="#9aa3ab"/><ellipse cx="120" cy="${n(FLOOR - 4)}" rx="${n(w / 2)}" ry="5" fill="${palette.primary}"/>` +
      rect({ x, y: y + 6, w, h: 5 }, '#b8c0c6') +
      rect({ x, y: FLOOR - 12, w, h: 5 }, '#b8c0c6');
    return { body, label: inset(f, 0, 13, 14), over: shine(inset(f, 0, 4, 4)) };
  },
  jar: ({ palette, content }, s) => {
    const f = frame(118 * s, 160 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x: x + 6, y, w: w - 12, h: h * 0.16 }, palette.primary, 4) +
      rect({ x, y: y + h * 0.14, w, h: h * 0.86 }, content, 14, ' stroke="#0002"');
    return {
      body,
      label: inset({ x, y: y + h * 0.14, w, h: h * 0.86 }, 0, h * 0.12, h * 0.1),
      over: shine({ x, y: y + h * 0.14, w, h: h * 0.86 }, 14),
    };
  },
  box: ({ palette }, s) => DRAWERS.generic({ palette } as ShapeInput, s),
  generic: ({ palette }, s) => {
    const f = frame(132 * s, 196 * s);
    const { x, y, w, h } = f;
    const d = 10 * s;
    const body =
      `<path d="M${n(x)} ${n(y + d)}l${n(d)} ${n(-d)}h${n(w)}v${n(h - d)}l${n(-d)} ${n(d)}Z" fill="${palette.primary}"/><path d="M${n(x + w)} ${n(y + d)}l${n(d)} ${n(-d)}v${n(h - d)}l${n(-d)} ${n(d)}Z" fill="url(#d)"/>` +
      rect({ x, y: y + d, w, h: h - d }, palette.primary) +
      rect({ x, y: y + d, w, h: 8 }, palette.accent);
    return { body, label: inset({ x, y: y + d, w, h: h - d }, 8, 16, 10) };
  },
  bag: ({ palette }, s) => {
    const f = frame(150 * s, 190 * s);
    const { x, y, w, h } = f;
    const zig = (dx: number, dy: number) => `l${n(dx)} ${dy}l${n(dx)} ${-dy}`.repeat(10);
    const body =
      `<path d="M${n(x)} ${n(y + 6)}${zig(w / 20, -5)}V${n(FLOOR - 6)}${zig(-w / 20, 5)}Z" fill="${palette.primary}"/>` +
      rect({ x, y: y + 6, w, h: 10 }, palette.accent) +
      rect({ x, y: FLOOR - 16, w, h: 10 }, palette.accent) +
      `<path d="M${n(x)} ${n(y + 16)}Q${n(x + 6)} ${n(y + h / 2)} ${n(x)} ${n(FLOOR - 16)}M${n(x + w)} ${n(y + 16)}Q${n(x + w - 6)} ${n(y + h / 2)} ${n(x + w)} ${n(FLOOR - 16)}" stroke="#0003" fill="none"/>`;
    return { body, label: inset(f, 12, 24, 24) };
  },
  tray: ({ content, item = '' }, s) => {
    const f = frame(206 * s, 112 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x)} ${n(y + 10)}H${n(x + w)}L${n(x + w - 10)} ${n(FLOOR)}H${n(x + 10)}Z" fill="#2b2b2b"/>` +
      drawCut(item, content, { x: x + 8, y: y + 14, w: w - 16, h: h - 22 }) +
      rect({ x, y: y + 8, w, h: h - 8 }, 'url(#s)', 6);
    return {
      body,
      label: { x: x + w * 0.46, y: y - 18, w: w * 0.56, h: Math.max(70, h * 0.78) },
      over: rect({ x: x + w * 0.46, y: y - 18, w: w * 0.56, h: Math.max(70, h * 0.78) }, 'none', 4, ' stroke="#0002"'),
    };
  },
  clamshell: ({ content }, s) => {
    const f = frame(176 * s, 118 * s);
    const { x, y, w, h } = f;
    const r = 12 * s;
    const cols = Math.floor((w - 12) / (r * 1.8));
    const dots = Array.from(
      { length: cols * 2 },
      (_, i) =>
        `<circle cx="${n(x + 8 + r + (i % cols) * r * 1.8 + (i >= cols ? r * 0.9 : 0))}" cy="${n(y + 10 + r + (i >= cols ? r * 1.5 : 0))}" r="${n(r)}" fill="${content}" stroke="#0003"/>`,
    ).join('');
    const body =
      rect(f, '#e9f1f4', 10, ' stroke="#a9bcc6" stroke-width="2"') + dots + rect(f, '#fff', 10, ' fill-opacity=".2"');
    return { body, label: { x: x + w * 0.14, y: y + h * 0.42, w: w * 0.72, h: h * 0.52 } };
  },
  loaf: ({ palette, content }, s) => {
    const f = frame(196 * s, 132 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x)} ${n(FLOOR)}V${n(y + h * 0.45)}Q${n(x)} ${n(y)} ${n(x + w * 0.25)} ${n(y)}H${n(x + w * 0.75)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + h * 0.45)}V${n(FLOOR)}Z" fill="${content}"/>` +
      `<path d="M${n(x)} ${n(y + h * 0.5)}Q${n(x)} ${n(y + 6)} ${n(x + w * 0.25)} ${n(y + 6)}H${n(x + w * 0.75)}Q${n(x + w)} ${n(y + 6)} ${n(x + w)} ${n(y + h * 0.5)}" stroke="#fff" stroke-opacity=".35" stroke-width="4" fill="none"/>` +
      rect({ x, y: y + h * 0.32, w, h: h * 0.68 }, palette.primary, 0, ' fill-opacity=".92"');
    return { body, label: inset({ x, y: y + h * 0.32, w, h: h * 0.68 }, w * 0.14, 5, 5) };
  },
  tub: ({ palette }, s) => {
    const f = frame(164 * s, 122 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x: x - 4, y, w: w + 8, h: 14 }, palette.accent, 5, ' stroke="#0002"') +
      `<path d="M${n(x)} ${n(y + 14)}H${n(x + w)}L${n(x + w - 10)} ${n(FLOOR)}H${n(x + 10)}Z" fill="${palette.primary}"/>`;
    return { body, label: { x: x + 14, y: y + 20, w: w - 28, h: h - 26 }, over: shine({ x, y: y + 14, w, h: h - 14 }) };
  },
  cup: ({ palette }, s) => {
    const f = frame(120 * s, 140 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x: x - 4, y, w: w + 8, h: 8 }, '#cfd5da', 3) +
      `<path d="M${n(x)} ${n(y + 8)}H${n(x + w)}L${n(x + w - 12)} ${n(FLOOR)}H${n(x + 12)}Z" fill="${palette.primary}"/>`;
    return { body, label: { x: x + 8, y: y + 16, w: w - 16, h: h - 22 }, over: shine({ x, y: y + 8, w, h: h - 8 }) };
  },
  eggs: ({ palette }, s) => {
    const f = frame(210 * s, 108 * s);
    const { x, y, w, h } = f;
    const bumps = Array.from(
      { length: 6 },
      (_, i) =>
        `<ellipse cx="${n(x + (w * (i + 0.5)) / 6)}" cy="${n(FLOOR - 12)}" rx="${n(w / 13)}" ry="12" fill="#d8d2c4"/>`,
    ).join('');
    const body = rect({ x, y, w, h: h - 16 }, '#e7e1d3', 6) + bumps;
    return {
      body,
      label: { x: x + 10, y: y + 6, w: w - 20, h: h - 30 },
      over: `<rect x="${n(x + 10)}" y="${n(y + 6)}" width="4" height="${n(h - 30)}" fill="${palette.primary}"/>`,
    };
  },
  pouch: ({ palette }, s) => {
    const f = frame(140 * s, 190 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x + 6)} ${n(y)}H${n(x + w - 6)}L${n(x + w)} ${n(FLOOR - 14)}Q${n(120)} ${n(FLOOR + 6)} ${n(x)} ${n(FLOOR - 14)}Z" fill="${palette.primary}"/>` +
      rect({ x: x + 6, y: y + 10, w: w - 12, h: 3 }, '#0003');
    return {
      body,
      label: { x: x + 12, y: y + 22, w: w - 24, h: h - 48 },
      over: shine({ x: x + 6, y, w: w - 12, h: h - 14 }, 6),
    };
  },
  pizza: ({ palette, variety }, s) => {
    const f = frame(208 * s, 150 * s);
    const { x, y, w, h } = f;
    const cx = x + w * 0.7;
    const cy = y + h * 0.62;
    const body =
      rect(f, palette.primary, 4) +
      rect({ x, y, w, h: 10 }, palette.accent) +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.34)}" fill="#e0a85a"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.28)}" fill="#f4d27a"/>` +
      [
        [-0.12, -0.1],
        [0.1, -0.06],
        [-0.02, 0.12],
        [0.12, 0.12],
        [-0.14, 0.08],
      ]
        .map(
          ([dx, dy]) =>
            `<circle cx="${n(cx + (dx as number) * h)}" cy="${n(cy + (dy as number) * h)}" r="${n(h * 0.05)}" fill="${variety}"/>`,
        )
        .join('');
    return { body, label: { x: x + 8, y: y + 16, w: w * 0.46, h: h - 24 } };
  },
  multipack: ({ palette }, s) => {
    const f = frame(206 * s, 138 * s);
    const { x, y, w, h } = f;
    const tops = Array.from(
      { length: 4 },
      (_, i) =>
        `<ellipse cx="${n(x + (w * (i + 0.5)) / 4)}" cy="${n(y + 8)}" rx="${n(w / 9)}" ry="7" fill="#cfd5da" stroke="#9aa3ab"/>`,
    ).join('');
    const body =
      tops + rect({ x, y: y + 10, w, h: h - 10 }, palette.primary, 3) + rect({ x, y: y + 10, w, h: 8 }, palette.accent);
    return { body, label: inset({ x, y: y + 10, w, h: h - 10 }, 12, 16, 8) };
  },
  block: ({ palette, content }, s) => {
    const f = frame(180 * s, 104 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x)} ${n(y + 12)}l14 -12h${n(w - 14)}v${n(h - 12)}l-14 12z" fill="${content}"/>` +
      rect({ x, y: y + 12, w: w - 14, h: h - 12 }, content, 3, ' stroke="#0002"') +
      `<path d="M${n(x + w - 14)} ${n(y + 12)}l14 -12v${n(h - 12)}l-14 12z" fill="url(#d)"/>`;
    return {
      body,
      label: { x: x + 10, y: y + 16, w: w - 34, h: h - 20 },
      over: rect({ x: x + 10, y: y + 16, w: 4, h: h - 20 }, palette.primary),
    };
  },
  pie: ({ content, item = '' }, s) => {
    const f = frame(196 * s, 140 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x + 8)} ${n(FLOOR)}V${n(y + h * 0.5)}Q${n(x + 8)} ${n(y)} ${n(120)} ${n(y)}Q${n(x + w - 8)} ${n(y)} ${n(x + w - 8)} ${n(y + h * 0.5)}V${n(FLOOR)}Z" fill="#eef4f7" stroke="#b5c3cc" stroke-width="2"/>` +
      (/rotisserie/i.test(item)
        ? // a roast chicken: the body and two drumsticks, golden brown
          `<ellipse cx="120" cy="${n(FLOOR - h * 0.26)}" rx="${n(w * 0.3)}" ry="${n(h * 0.2)}" fill="#c07a35"/><ellipse cx="${n(120 - w * 0.28)}" cy="${n(FLOOR - h * 0.36)}" rx="${n(w * 0.1)}" ry="${n(h * 0.08)}" transform="rotate(-30 ${n(120 - w * 0.28)} ${n(FLOOR - h * 0.36)})" fill="#a9652a"/><ellipse cx="${n(120 + w * 0.28)}" cy="${n(FLOOR - h * 0.36)}" rx="${n(w * 0.1)}" ry="${n(h * 0.08)}" transform="rotate(30 ${n(120 + w * 0.28)} ${n(FLOOR - h * 0.36)})" fill="#a9652a"/><path d="M${n(120 - w * 0.15)} ${n(FLOOR - h * 0.34)}q${n(w * 0.15)} -10 ${n(w * 0.3)} 0" stroke="#fff" stroke-opacity=".4" stroke-width="3" fill="none"/>`
        : // a dessert: a short cylinder of crust with its top in the filling's colour
          `<path d="M${n(120 - w * 0.4)} ${n(FLOOR - h * 0.3)}v${n(h * 0.16)}a${n(w * 0.4)} ${n(h * 0.12)} 0 0 0 ${n(w * 0.8)} 0v${n(-h * 0.16)}z" fill="#c98a45"/>` +
          `<ellipse cx="120" cy="${n(FLOOR - h * 0.3)}" rx="${n(w * 0.4)}" ry="${n(h * 0.12)}" fill="${content}" stroke="#b9773a" stroke-width="4"/>`) +
      `<path d="M${n(x)} ${n(FLOOR - 8)}H${n(x + w)}L${n(x + w - 8)} ${n(FLOOR)}H${n(x + 8)}Z" fill="#b9c0c6"/>`;
    return { body, label: { x: x + w * 0.2, y: y + h * 0.1, w: w * 0.6, h: h * 0.44 } };
  },
  canister: ({ palette }, s) => {
    const f = frame(116 * s, 192 * s);
    const { x, y, w } = f;
    const body =
      rect(f, palette.primary, 8) + rect({ x: x - 2, y, w: w + 4, h: 16 }, palette.accent, 6, ' stroke="#0002"');
    return { body, label: inset(f, 6, 26, 10), over: shine(inset(f, 0, 16, 0), 8) };
  },
  spray: ({ palette, content }, s) => {
    const f = frame(104 * s, 206 * s);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x + w * 0.3)} ${n(y)}H${n(x + w * 0.9)}L${n(x + w)} ${n(y + h * 0.1)}H${n(x + w * 0.7)}V${n(y + h * 0.2)}H${n(x + w * 0.3)}Z" fill="${palette.accent}" stroke="#0003"/>` +
      `<path d="M${n(x + w * 0.42)} ${n(y + h * 0.12)}l-14 28" stroke="${palette.accent}" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M${n(x + w * 0.32)} ${n(y + h * 0.2)}H${n(x + w * 0.68)}Q${n(x + w)} ${n(y + h * 0.3)} ${n(x + w)} ${n(y + h * 0.4)}V${n(FLOOR - 6)}Q${n(x + w)} ${n(FLOOR)} ${n(x + w - 6)} ${n(FLOOR)}H${n(x + 6)}Q${n(x)} ${n(FLOOR)} ${n(x)} ${n(FLOOR - 6)}V${n(y + h * 0.4)}Q${n(x)} ${n(y + h * 0.3)} ${n(x + w * 0.32)} ${n(y + h * 0.2)}Z" fill="${content}" stroke="#0002"/>`;
    return {
      body,
      label: { x: x + 4, y: y + h * 0.4, w: w - 8, h: h * 0.52 },
      over: shine({ x, y: y + h * 0.3, w, h: h * 0.7 }, 6),
    };
  },
  wine: ({ palette, content }, s) => {
    const f = frame(70 * s, 212 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x: 120 - 9, y, w: 18, h: h * 0.14 }, palette.accent, 2) +
      `<path d="M111 ${n(y + h * 0.14)}V${n(y + h * 0.3)}Q${n(x)} ${n(y + h * 0.36)} ${n(x)} ${n(y + h * 0.44)}V${n(FLOOR - 4)}Q${n(x)} ${n(FLOOR)} ${n(x + 4)} ${n(FLOOR)}H${n(x + w - 4)}Q${n(x + w)} ${n(FLOOR)} ${n(x + w)} ${n(FLOOR - 4)}V${n(y + h * 0.44)}Q${n(x + w)} ${n(y + h * 0.36)} 129 ${n(y + h * 0.3)}V${n(y + h * 0.14)}Z" fill="${content}"/>`;
    return {
      body,
      label: { x: x + 3, y: y + h * 0.52, w: w - 6, h: h * 0.4 },
      over: shine({ x, y: y + h * 0.36, w, h: h * 0.64 }, 4),
    };
  },
  rolls: ({ palette }, s) => {
    const f = frame(204 * s, 160 * s);
    const { x, y, w, h } = f;
    const rolls = Array.from({ length: 3 }, (_, i) =>
      rect({ x: x + (i * w) / 3 + 2, y, w: w / 3 - 4, h }, '#f7f7f4', 10, ' stroke="#d6d6d0"'),
    ).join('');
    const body = rolls + rect({ x, y: y + h * 0.3, w, h: h * 0.48 }, palette.primary, 2);
    return { body, label: inset({ x, y: y + h * 0.3, w, h: h * 0.48 }, 12, 4, 4), over: shine(f, 10) };
  },
  aerosol: ({ palette }, s) => {
    const f = frame(78 * s, 210 * s);
    const { x, y, w, h } = f;
    const body =
      rect({ x: 120 - 6, y, w: 12, h: h * 0.12 }, palette.accent, 3) +
      `<path d="M${n(x + 8)} ${n(y + h * 0.2)}Q120 ${n(y + h * 0.06)} ${n(x + w - 8)} ${n(y + h * 0.2)}Z" fill="#cfd5da"/>` +
      rect({ x, y: y + h * 0.18, w, h: h * 0.82 }, palette.primary, 6);
    return {
      body,
      label: inset({ x, y: y + h * 0.18, w, h: h * 0.82 }, 3, 20, 14),
      over: shine({ x, y: y + h * 0.18, w, h: h * 0.82 }, 6),
    };
  },
  produce: () => ({ body: '', label: null }),
};

/** The package drawing of a kind. */
export function drawShape(input: ShapeInput): Shape {
  const { kind, scale, wide } = input.packaging;
  if (kind === 'box' && wide) {
    const f = frame(196 * scale, 122 * scale);
    const { x, y, w, h } = f;
    const body =
      `<path d="M${n(x)} ${n(y + 10)}l10 -10h${n(w - 10)}v${n(h - 10)}l-10 10Z" fill="url(#d)"/>` +
      rect({ x, y: y + 10, w: w - 10, h: h - 10 }, input.palette.primary) +
      rect({ x, y: y + 10, w: w - 10, h: 7 }, input.palette.accent);
    return { body, label: inset({ x, y: y + 10, w: w - 10, h: h - 10 }, 10, 14, 7) };
  }
  return DRAWERS[kind](input, scale);
}
