import type { ProduceShape } from './packaging.ts';

// Loose fruit and vegetables are drawn as themselves (a pile of two or three), in their own
// colours; the variety's words pick the colour where they name one (Granny Smith green, red
// peppers, yellow onions, limes).

const LEAF = '#3f8f3a';

const one: Readonly<Record<ProduceShape, (x: number, y: number, r: number, c: string) => string>> = {
  apple: (x, y, r, c) =>
    `<path d="M${x} ${y - r * 0.7}C${x - r * 1.3} ${y - r * 1.2} ${x - r * 1.2} ${y + r} ${x - r * 0.3} ${y + r}Q${x} ${y + r * 0.9} ${x + r * 0.3} ${y + r}C${x + r * 1.2} ${y + r} ${x + r * 1.3} ${y - r * 1.2} ${x} ${y - r * 0.7}Z" fill="${c}"/><path d="M${x} ${y - r * 0.7}l${r * 0.1} ${-r * 0.4}" stroke="#5b3a1a" stroke-width="3"/><path d="M${x + r * 0.1} ${y - r}q${r * 0.5} ${-r * 0.3} ${r * 0.6} 0q-${r * 0.3} ${r * 0.2} -${r * 0.6} 0z" fill="${LEAF}"/>`,
  banana: (x, y, r, c) =>
    `<path d="M${x - r * 1.5} ${y - r * 0.7}Q${x - r * 1.2} ${y + r * 0.9} ${x + r * 1.5} ${y + r * 0.3}Q${x + r * 1.1} ${y + r * 0.05} ${x + r * 0.2} ${y + r * 0.05}Q${x - r * 0.9} ${y} ${x - r * 1.2} ${y - r * 0.8}Z" fill="${c}" stroke="#b8901a" stroke-width="2"/><path d="M${x - r * 1.6} ${y - r * 0.95}l${r * 0.3} ${r * 0.3}" stroke="#5b4a1a" stroke-width="5" stroke-linecap="round"/>`,
  orange: (x, y, r, c) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/><circle cx="${x + r * 0.1}" cy="${y - r * 0.75}" r="${r * 0.1}" fill="#6b8e23"/>`,
  pear: (x, y, r, c) =>
    `<path d="M${x} ${y - r * 1.1}C${x - r * 0.5} ${y - r * 1.1} ${x - r * 0.4} ${y - r * 0.2} ${x - r * 0.8} ${y + r * 0.3}C${x - r * 1.1} ${y + r} ${x + r * 1.1} ${y + r} ${x + r * 0.8} ${y + r * 0.3}C${x + r * 0.4} ${y - r * 0.2} ${x + r * 0.5} ${y - r * 1.1} ${x} ${y - r * 1.1}Z" fill="${c}"/><path d="M${x} ${y - r * 1.1}l${r * 0.1} ${-r * 0.3}" stroke="#5b3a1a" stroke-width="3"/>`,
  grapes: (x, y, r, c) =>
    [
      [0, -0.8],
      [-0.5, -0.5],
      [0.5, -0.5],
      [-0.7, 0],
      [0, -0.1],
      [0.7, 0],
      [-0.35, 0.45],
      [0.35, 0.45],
      [0, 0.9],
    ]
      .map(
        ([dx, dy]) =>
          `<circle cx="${x + (dx as number) * r}" cy="${y + (dy as number) * r}" r="${r * 0.36}" fill="${c}" stroke="#0002"/>`,
      )
      .join('') + `<path d="M${x} ${y - r * 1.1}v${-r * 0.3}" stroke="#5b3a1a" stroke-width="3"/>`,
  lemon: (x, y, r, c) =>
    `<ellipse cx="${x}" cy="${y}" rx="${r * 0.95}" ry="${r * 0.75}" fill="${c}" stroke="#0002" stroke-width="2"/><ellipse cx="${x - r * 0.3}" cy="${y - r * 0.3}" rx="${r * 0.3}" ry="${r * 0.15}" fill="#fff" fill-opacity=".35"/>`,
  peach: (x, y, r, c) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/><path d="M${x} ${y - r}q${-r * 0.4} ${r} 0 ${r * 1.8}" stroke="#0002" stroke-width="2" fill="none"/><circle cx="${x + r * 0.3}" cy="${y + r * 0.2}" r="${r * 0.55}" fill="#f7c873" fill-opacity=".45"/>`,
  mango: (x, y, r, c) =>
    `<ellipse cx="${x}" cy="${y}" rx="${r * 1.2}" ry="${r * 0.85}" transform="rotate(-25 ${x} ${y})" fill="${c}"/><ellipse cx="${x + r * 0.4}" cy="${y + r * 0.2}" rx="${r * 0.6}" ry="${r * 0.5}" fill="#f5c542" fill-opacity=".6"/>`,
  tomato: (x, y, r, c) =>
    `<ellipse cx="${x}" cy="${y}" rx="${r * 1.05}" ry="${r * 0.92}" fill="${c}"/><path d="M${x - r * 0.4} ${y - r * 0.8}l${r * 0.4} ${r * 0.15}l${r * 0.4} ${-r * 0.15}l${-r * 0.3} ${r * 0.3}z" fill="${LEAF}"/>`,
  potato: (x, y, r, c) =>
    `<ellipse cx="${x}" cy="${y}" rx="${r * 1.3}" ry="${r * 0.8}" fill="${c}"/><circle cx="${x - r * 0.4}" cy="${y - r * 0.2}" r="2" fill="#0003"/><circle cx="${x + r * 0.5}" cy="${y + r * 0.2}" r="2" fill="#0003"/>`,
  onion: (x, y, r, c) =>
    `<path d="M${x} ${y - r * 1.3}C${x - r * 0.3} ${y - r * 0.6} ${x - r * 1.1} ${y - r * 0.5} ${x - r} ${y + r * 0.3}C${x - r * 0.8} ${y + r} ${x + r * 0.8} ${y + r} ${x + r} ${y + r * 0.3}C${x + r * 1.1} ${y - r * 0.5} ${x + r * 0.3} ${y - r * 0.6} ${x} ${y - r * 1.3}Z" fill="${c}" stroke="#0002"/>`,
  pepper: (x, y, r, c) =>
    `<path d="M${x - r} ${y - r * 0.5}Q${x - r * 1.1} ${y + r} ${x - r * 0.3} ${y + r}Q${x} ${y + r * 0.7} ${x + r * 0.3} ${y + r}Q${x + r * 1.1} ${y + r} ${x + r} ${y - r * 0.5}Q${x} ${y - r * 1.1} ${x - r} ${y - r * 0.5}Z" fill="${c}"/><path d="M${x} ${y - r * 0.8}v${-r * 0.4}" stroke="${LEAF}" stroke-width="5"/>`,
  zucchini: (x, y, r, c) =>
    `<rect x="${x - r * 1.6}" y="${y - r * 0.4}" width="${r * 3.2}" height="${r * 0.8}" rx="${r * 0.4}" fill="${c}" transform="rotate(-15 ${x} ${y})"/>`,
  broccoli: (x, y, r, c) =>
    `<path d="M${x - r * 0.25} ${y + r}h${r * 0.5}l${r * 0.1} ${-r * 0.9}h${-r * 0.7}z" fill="#8fbf6a"/>` +
    [
      [-0.6, -0.3],
      [0, -0.6],
      [0.6, -0.3],
      [-0.3, 0],
      [0.3, 0],
    ]
      .map(
        ([dx, dy]) =>
          `<circle cx="${x + (dx as number) * r}" cy="${y + (dy as number) * r}" r="${r * 0.5}" fill="${c}" stroke="#0002" stroke-width="2"/>`,
      )
      .join(''),
  carrot: (x, y, r, c) =>
    `<path d="M${x - r * 1.5} ${y - r * 0.3}L${x + r * 1.5} ${y}L${x - r * 1.5} ${y + r * 0.3}Z" fill="${c}"/><path d="M${x - r * 1.5} ${y}l${-r * 0.5} ${-r * 0.4}m${r * 0.5} ${r * 0.4}l${-r * 0.6} 0m${r * 0.6} 0l${-r * 0.5} ${r * 0.4}" stroke="${LEAF}" stroke-width="3"/>`,
  avocado: (x, y, r, c) =>
    `<path d="M${x} ${y - r * 1.2}C${x - r * 0.5} ${y - r * 1.2} ${x - r} ${y} ${x - r} ${y + r * 0.3}C${x - r} ${y + r * 1.1} ${x + r} ${y + r * 1.1} ${x + r} ${y + r * 0.3}C${x + r} ${y} ${x + r * 0.5} ${y - r * 1.2} ${x} ${y - r * 1.2}Z" fill="${c}"/>`,
  garlic: (x, y, r, c) =>
    `<path d="M${x} ${y - r * 1.2}C${x - r * 0.2} ${y - r * 0.5} ${x - r * 1.1} ${y - r * 0.4} ${x - r} ${y + r * 0.4}Q${x} ${y + r * 1.1} ${x + r} ${y + r * 0.4}C${x + r * 1.1} ${y - r * 0.4} ${x + r * 0.2} ${y - r * 0.5} ${x} ${y - r * 1.2}Z" fill="${c}" stroke="#c9bca8" stroke-width="2"/><path d="M${x} ${y - r * 0.3}v${r}" stroke="#c9bca8"/>`,
  herbs: (x, y, r, c) =>
    `<path d="M${x} ${y + r * 1.2}V${y - r * 0.4}M${x} ${y + r * 1.2}l${-r * 0.5} ${-r * 1.4}M${x} ${y + r * 1.2}l${r * 0.5} ${-r * 1.4}" stroke="#4d7a2a" stroke-width="3"/>` +
    [
      [0, -0.8],
      [-0.6, -0.5],
      [0.6, -0.5],
      [-0.3, -1.1],
      [0.3, -1.1],
      [-0.7, -1],
      [0.7, -1],
    ]
      .map(
        ([dx, dy]) =>
          `<ellipse cx="${x + (dx as number) * r}" cy="${y + (dy as number) * r}" rx="${r * 0.32}" ry="${r * 0.22}" fill="${c}"/>`,
      )
      .join('') +
    `<rect x="${x - r * 0.2}" y="${y + r * 0.5}" width="${r * 0.4}" height="${r * 0.2}" fill="#c0392b"/>`,
};

/** Natural colours, with the words that change them. */
const COLOURS: Readonly<Record<ProduceShape, string>> = {
  apple: '#d32f2f',
  banana: '#f4d03f',
  orange: '#f39c12',
  pear: '#c5d86d',
  grapes: '#8e2f5a',
  lemon: '#f7dc3c',
  peach: '#f5a26f',
  mango: '#f0b13a',
  tomato: '#e53935',
  potato: '#c9a16a',
  onion: '#e0b060',
  pepper: '#e53935',
  zucchini: '#3d7a2f',
  broccoli: '#2f7d32',
  carrot: '#ef7d1a',
  avocado: '#44602a',
  garlic: '#f4efe6',
  herbs: '#3f9e4d',
};

function colourOf(shape: ProduceShape, item: string): string {
  if (/granny smith|lime|green/i.test(item)) return shape === 'grapes' ? '#9ccc65' : '#7cb342';
  if (/gala/i.test(item)) return '#e0573a';
  if (/sweet potato/i.test(item)) return '#b5562e';
  if (/cucumber/i.test(item)) return '#2e6b2a';
  if (/cauliflower/i.test(item)) return '#f3ecd9';
  if (/russet/i.test(item)) return '#a57c4a';
  if (/yellow|lemon/i.test(item)) return '#f2c94c';
  return COLOURS[shape];
}

/** Two or three of the fruit or vegetable, sitting on the floor, left of the price tag. */
export function drawProduce(shape: ProduceShape, item: string): string {
  const c = colourOf(shape, item);
  const draw = one[shape];
  const round = (v: number) => Math.round(v);
  if (shape === 'banana') return draw(110, 110, 46, c) + draw(118, 132, 46, c);
  if (shape === 'herbs' || shape === 'grapes' || shape === 'broccoli') return draw(110, 108, 58, c);
  // each one outlined, so three of one colour read as three, not a blob
  return `<g stroke="#0003" stroke-width="2">${draw(round(82), round(122), 44, c)}${draw(round(146), round(118), 40, c)}${draw(round(112), round(150), 46, c)}</g>`;
}
