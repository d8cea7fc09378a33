import { n, type Rect } from './label.ts';

// What lies on a meat, seafood or deli tray, so ground beef, steaks, drumsticks, a fillet and
// sliced ham do not all look like the same two ovals.

type Cut = (r: Rect, c: string) => string;

const FAT = '#f6e6d8';

const CUTS: readonly (readonly [RegExp, Cut])[] = [
  // ground meat: a mound with a minced texture
  [
    /ground/i,
    (r, c) => {
      const cx = r.x + r.w * 0.42;
      const cy = r.y + r.h * 0.55;
      const dots = Array.from(
        { length: 14 },
        (_, i) =>
          `<circle cx="${n(cx - r.w * 0.28 + (((i * 29) % 100) / 100) * r.w * 0.56)}" cy="${n(cy - r.h * 0.25 + (((i * 47) % 100) / 100) * r.h * 0.5)}" r="2.2" fill="#fff" fill-opacity=".35"/>`,
      ).join('');
      return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r.w * 0.36)}" ry="${n(r.h * 0.4)}" fill="${c}"/>${dots}`;
    },
  ],
  // steaks and chops: two cuts with a fat rim and marbling
  [
    /steak|strip|sirloin|chops|ribeye/i,
    (r, c) =>
      [0.3, 0.62]
        .map((fx, i) => {
          const cx = r.x + r.w * fx;
          const cy = r.y + r.h * (0.5 + i * 0.06);
          const rx = r.w * 0.2;
          const ry = r.h * 0.38;
          return (
            `<path d="M${n(cx - rx)} ${n(cy)}C${n(cx - rx)} ${n(cy - ry * 1.2)} ${n(cx + rx * 1.1)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy + ry * 0.2)}C${n(cx + rx * 0.9)} ${n(cy + ry * 1.1)} ${n(cx - rx * 0.9)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy)}Z" fill="${c}" stroke="${FAT}" stroke-width="4"/>` +
            `<path d="M${n(cx - rx * 0.5)} ${n(cy - ry * 0.2)}q${n(rx * 0.4)} ${n(ry * 0.3)} ${n(rx * 0.9)} 0" stroke="${FAT}" stroke-width="2" fill="none"/>`
          );
        })
        .join(''),
  ],
  // fillets: a long piece with its lines
  [
    /fillet|salmon|cod|tilapia/i,
    (r, c) => {
      const x = r.x + r.w * 0.06;
      const y = r.y + r.h * 0.3;
      const w = r.w * 0.72;
      const h = r.h * 0.45;
      const lines = [0.25, 0.45, 0.65]
        .map(
          (f) =>
            `<path d="M${n(x + w * f)} ${n(y + 4)}q-6 ${n(h / 2)} 0 ${n(h - 8)}" stroke="#fff" stroke-opacity=".6" stroke-width="2" fill="none"/>`,
        )
        .join('');
      return `<path d="M${n(x)} ${n(y + h * 0.2)}Q${n(x + w * 0.5)} ${n(y - h * 0.2)} ${n(x + w)} ${n(y + h * 0.3)}Q${n(x + w * 0.9)} ${n(y + h)} ${n(x + w * 0.5)} ${n(y + h)}Q${n(x)} ${n(y + h * 1.1)} ${n(x)} ${n(y + h * 0.2)}Z" fill="${c}"/>${lines}`;
    },
  ],
  // sliced cheese: fanned squares
  [
    /cheese/i,
    (r, c) =>
      Array.from(
        { length: 4 },
        (_, i) =>
          `<rect x="${n(r.x + r.w * (0.06 + i * 0.12))}" y="${n(r.y + r.h * (0.14 + (i % 2) * 0.08))}" width="${n(r.h * 0.7)}" height="${n(r.h * 0.7)}" rx="3" fill="${c}" stroke="#0002" stroke-width="2"/>`,
      ).join(''),
  ],
  // deli slices, bacon: fanned rounds or strips
  [
    /bacon/i,
    (r, c) =>
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M${n(r.x + 12)} ${n(r.y + r.h * (0.22 + i * 0.18))}q${n(r.w * 0.18)} -6 ${n(r.w * 0.36)} 0t${n(r.w * 0.36)} 0" stroke="${c}" stroke-width="${n(r.h * 0.13)}" fill="none"/><path d="M${n(r.x + 12)} ${n(r.y + r.h * (0.22 + i * 0.18))}q${n(r.w * 0.18)} -6 ${n(r.w * 0.36)} 0t${n(r.w * 0.36)} 0" stroke="${FAT}" stroke-width="2" fill="none"/>`,
        )
        .join(''),
  ],
  [
    /ham|salami|pepperoni|turkey breast|smoked turkey|roast beef|sliced/i,
    (r, c) =>
      Array.from(
        { length: 4 },
        (_, i) =>
          `<circle cx="${n(r.x + r.w * (0.18 + i * 0.13))}" cy="${n(r.y + r.h * (0.5 + (i % 2 ? 0.06 : -0.06)))}" r="${n(r.h * 0.36)}" fill="${c}" stroke="#0002" stroke-width="2"/>`,
      ).join(''),
  ],
  // pieces: drumsticks, wings, thighs, tenders, stew meat, shrimp, scallops, sausages
  [
    /drumstick|wing|thigh|tenderloins|stew|shrimp|scallop|sausage|links|ribs/i,
    (r, c) =>
      Array.from({ length: 6 }, (_, i) => {
        const cx = r.x + r.w * (0.14 + (i % 3) * 0.22);
        const cy = r.y + r.h * (i < 3 ? 0.34 : 0.7);
        return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r.w * 0.11)}" ry="${n(r.h * 0.17)}" transform="rotate(${i % 2 ? 25 : -20} ${n(cx)} ${n(cy)})" fill="${c}" stroke="#0002" stroke-width="2"/>`;
      }).join(''),
  ],
];

/** Whole birds, roasts, tenderloins: one large piece. */
const WHOLE: Cut = (r, c) =>
  `<ellipse cx="${n(r.x + r.w * 0.42)}" cy="${n(r.y + r.h * 0.55)}" rx="${n(r.w * 0.38)}" ry="${n(r.h * 0.42)}" fill="${c}" stroke="#0002" stroke-width="2"/><path d="M${n(r.x + r.w * 0.2)} ${n(r.y + r.h * 0.4)}q${n(r.w * 0.12)} -8 ${n(r.w * 0.24)} 0" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="none"/>`;

/** The food on a tray of `item` inside `r`. */
export function drawCut(item: string, content: string, r: Rect): string {
  return (CUTS.find(([pattern]) => pattern.test(item))?.[1] ?? WHOLE)(r, content);
}
