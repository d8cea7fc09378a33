// Recipe artwork (issue 10 §1: "our own generated artwork, several sizes"): a plated dish drawn as
// SVG from the recipe id alone, so the edge draws it without a database call and it is cacheable
// for a year. A real image service replaces the URL by configuration (the URL contract stays).

const PALETTES = [
  { plate: '#f4efe6', food: ['#c8553d', '#f28f3b', '#588b8b'], board: '#8c5a3c' },
  { plate: '#eef3f0', food: ['#6a994e', '#a7c957', '#bc4749'], board: '#6b4f3a' },
  { plate: '#fdf6ec', food: ['#e09f3e', '#9e2a2b', '#540b0e'], board: '#7f5539' },
  { plate: '#f0f4f8', food: ['#3d5a80', '#ee6c4d', '#98c1d9'], board: '#5e503f' },
  { plate: '#fff8f0', food: ['#f4a259', '#5b8e7d', '#bc4b51'], board: '#8d6346' },
  { plate: '#f7f3e9', food: ['#bb3e03', '#ca6702', '#94d2bd'], board: '#6f4e37' },
];

const RECIPE_IMAGE_SIZES = { small: 320, medium: 640, large: 1200 } as const;
export type RecipeImageSize = keyof typeof RECIPE_IMAGE_SIZES;
/** The file name of an image: `<id>-<size>.svg`. */
export const RECIPE_IMAGE_FILE = /^(\d{1,9})-(small|medium|large)\.svg$/;

/** The SVG of recipe `id` at `size` (4:3). */
export function recipeArtwork(id: number, size: RecipeImageSize): string {
  const palette = PALETTES[id % PALETTES.length] ?? PALETTES[0];
  const width = RECIPE_IMAGE_SIZES[size];
  const height = Math.round(width * 0.75);
  let seed = id * 2654435761;
  const rand = () => {
    seed = (seed ^ (seed >>> 13)) * 1274126177;
    return ((seed >>> 0) % 1000) / 1000;
  };
  const pieces = Array.from({ length: 7 }, (_, n) => {
    const angle = (n / 7) * Math.PI * 2 + rand();
    const r = 70 + rand() * 40;
    const cx = 400 + Math.cos(angle) * r;
    const cy = 300 + Math.sin(angle) * r * 0.8;
    const color = palette?.food[n % 3] ?? '#c8553d';
    return `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${(38 + rand() * 26).toFixed(0)}" ry="${(26 + rand() * 20).toFixed(0)}" fill="${color}" transform="rotate(${(rand() * 90).toFixed(0)} ${cx.toFixed(0)} ${cy.toFixed(0)})"/>`;
  }).join('');
  const herbs = Array.from(
    { length: 9 },
    () =>
      `<circle cx="${(320 + rand() * 160).toFixed(0)}" cy="${(230 + rand() * 140).toFixed(0)}" r="${(5 + rand() * 5).toFixed(0)}" fill="#3a7d44"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600" role="img" aria-label="A plated dish"><rect width="800" height="600" fill="${palette?.board}"/><rect y="0" width="800" height="600" fill="url(#g)" opacity=".25"/><defs><radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient></defs><ellipse cx="400" cy="318" rx="250" ry="205" fill="#000" opacity=".18"/><ellipse cx="400" cy="300" rx="250" ry="205" fill="${palette?.plate}"/><ellipse cx="400" cy="300" rx="200" ry="162" fill="#fff" opacity=".55"/>${pieces}${herbs}</svg>`;
}
