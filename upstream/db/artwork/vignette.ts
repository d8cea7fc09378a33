import { n, type Rect } from './label.ts';

// A small serving suggestion under the label of a tall box or bag (a bowl of cereal, pasta in a
// window, crackers, cookies, chips, a paw print on pet food), so a cereal box does not read as a
// box of crackers at a glance. Only sub-categories where packages look alike get one.

type Vignette = (r: Rect) => string;

const row = (r: Rect, count: number, draw: (cx: number, cy: number, size: number) => string) => {
  const size = Math.min(r.h * 0.42, r.w / (count * 2.3));
  return Array.from({ length: count }, (_, i) => draw(r.x + (r.w * (i + 0.5)) / count, r.y + r.h / 2, size)).join('');
};

const VIGNETTES: Readonly<Record<string, Vignette>> = {
  // cereal: a bowl heaped with golden pieces
  '37': (r) => {
    const cx = r.x + r.w / 2;
    const rx = Math.min(r.w * 0.38, r.h * 0.9);
    const top = r.y + r.h * 0.45;
    const pieces = Array.from(
      { length: 7 },
      (_, i) =>
        `<circle cx="${n(cx - rx * 0.75 + (i * rx * 1.5) / 6)}" cy="${n(top - (i % 2 ? r.h * 0.12 : r.h * 0.02))}" r="${n(r.h * 0.11)}" fill="#e0a53a" stroke="#b9772a"/>`,
    ).join('');
    return (
      pieces +
      `<path d="M${n(cx - rx)} ${n(top)}a${n(rx)} ${n(r.h * 0.5)} 0 0 0 ${n(rx * 2)} 0z" fill="#fff" stroke="#9fb3c8" stroke-width="2"/>`
    );
  },
  // pasta: a window onto the noodles
  '38': (r) => {
    const w = r.w * 0.7;
    const x = r.x + (r.w - w) / 2;
    const lines = Array.from(
      { length: 4 },
      (_, i) =>
        `<path d="M${n(x + 6)} ${n(r.y + 8 + (i * (r.h - 16)) / 3)}q${n(w / 4)} -6 ${n(w / 2 - 6)} 0t${n(w / 2 - 6)} 0" stroke="#e9c25a" stroke-width="4" fill="none"/>`,
    ).join('');
    return `<rect x="${n(x)}" y="${n(r.y)}" width="${n(w)}" height="${n(r.h)}" rx="8" fill="#fdf6e3" stroke="#0002"/>${lines}`;
  },
  '39': (r) =>
    row(
      r,
      9,
      (cx, cy, s) =>
        `<ellipse cx="${n(cx)}" cy="${n(cy + ((cx * 7) % 5) - 2)}" rx="${n(s * 0.9)}" ry="${n(s * 0.4)}" fill="#fbf7ec" stroke="#0003"/>`,
    ),
  '46': (r) =>
    row(
      r,
      3,
      (cx, cy, s) =>
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(s * 1.2)}" ry="${n(s * 0.8)}" transform="rotate(-20 ${n(cx)} ${n(cy)})" fill="#f2c45a" stroke="#c9962a"/>`,
    ),
  '47': (r) =>
    row(
      r,
      3,
      (cx, cy, s) =>
        `<rect x="${n(cx - s)}" y="${n(cy - s)}" width="${n(s * 2)}" height="${n(s * 2)}" rx="3" fill="#e8c27a" stroke="#b98a3a"/><circle cx="${n(cx)}" cy="${n(cy)}" r="1.6" fill="#b98a3a"/>`,
    ),
  '48': (r) =>
    row(
      r,
      3,
      (cx, cy, s) =>
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s)}" fill="#d29a52" stroke="#a86d2c"/><circle cx="${n(cx - s * 0.3)}" cy="${n(cy - s * 0.2)}" r="${n(s * 0.16)}" fill="#4a2a1a"/><circle cx="${n(cx + s * 0.35)}" cy="${n(cy + s * 0.25)}" r="${n(s * 0.16)}" fill="#4a2a1a"/>`,
    ),
  '36': (r) =>
    row(
      r,
      6,
      (cx, cy, s) =>
        `<circle cx="${n(cx)}" cy="${n(cy + ((cx * 3) % 7) - 3)}" r="${n(s * 0.8)}" fill="#5aa845" stroke="#3d7a2f"/>`,
    ),
  // pet food: a paw print
  '59': (r) => paw(r),
  '60': (r) => paw(r),
};

function paw(r: Rect): string {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h * 0.6;
  const s = Math.min(r.h, r.w) * 0.22;
  const toes = [
    [-1.3, -1.2],
    [-0.45, -1.8],
    [0.45, -1.8],
    [1.3, -1.2],
  ]
    .map(
      ([dx, dy]) => `<circle cx="${n(cx + (dx as number) * s)}" cy="${n(cy + (dy as number) * s)}" r="${n(s * 0.5)}"/>`,
    )
    .join('');
  return `<g fill="#fff" fill-opacity=".85"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(s)}" ry="${n(s * 0.85)}"/>${toes}</g>`;
}

/** Beside the label of a low, wide box: a plated frozen meal, a cup of tea. */
const SIDE_VIGNETTES: Readonly<Record<string, (r: Rect, food: string) => string>> = {
  '33': (r, food) => {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    const rr = Math.min(r.w, r.h) * 0.46;
    return (
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr)}" fill="#fff" stroke="#0002" stroke-width="2"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr * 0.78)}" fill="#f4f1ea"/>` +
      `<ellipse cx="${n(cx - rr * 0.25)}" cy="${n(cy - rr * 0.1)}" rx="${n(rr * 0.42)}" ry="${n(rr * 0.32)}" fill="#f3e2b3"/><ellipse cx="${n(cx + rr * 0.2)}" cy="${n(cy + rr * 0.12)}" rx="${n(rr * 0.4)}" ry="${n(rr * 0.3)}" fill="${food}"/>` +
      [
        [-0.35, 0.35],
        [0.4, -0.35],
        [-0.05, 0.45],
      ]
        .map(
          ([dx, dy]) =>
            `<circle cx="${n(cx + (dx as number) * rr)}" cy="${n(cy + (dy as number) * rr)}" r="${n(rr * 0.12)}" fill="#4f9a3c"/>`,
        )
        .join('')
    );
  },
  '54': (r, tea) => {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h * 0.55;
    const s = Math.min(r.w, r.h) * 0.4;
    return (
      `<path d="M${n(cx - s)} ${n(cy - s * 0.6)}h${n(s * 2)}l${n(-s * 0.2)} ${n(s * 1.3)}h${n(-s * 1.6)}z" fill="#fff" stroke="#0002" stroke-width="2"/><ellipse cx="${n(cx)}" cy="${n(cy - s * 0.6)}" rx="${n(s)}" ry="${n(s * 0.2)}" fill="${tea}"/>` +
      `<path d="M${n(cx + s * 0.95)} ${n(cy - s * 0.3)}q${n(s * 0.6)} 0 ${n(s * 0.4)} ${n(s * 0.5)}" stroke="#fff" stroke-width="4" fill="none"/>`
    );
  },
};

/** The side vignette of a sub-category's wide box, or null. */
export function sideVignetteFor(categoryId: string): ((r: Rect, food: string) => string) | null {
  return SIDE_VIGNETTES[categoryId] ?? null;
}

/** The vignette of a sub-category, or null. */
export function vignetteFor(categoryId: string): Vignette | null {
  return VIGNETTES[categoryId] ?? null;
}
