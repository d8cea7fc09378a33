// A contact sheet of the generated product artwork (upstream/db/catalog-images.ts), to look at the
// drawings the way a shopper scans a shelf: ~48 varied products of the seeded catalog in a grid,
// written as one PNG by Chromium (playwright-core, as ../shared/tools/screens.mjs does).
//   node scripts/artwork-contact-sheet.mjs [out.png] [--cell=160] [--count=48] [--columns=8] [--skip=0] [--all-milk | --categories=30,32]
// The default output is .tmp/artwork-contact-sheet.png; docs/screenshots/ holds a committed copy.
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const require = createRequire(join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');
const args = process.argv.slice(2);
const out = args.find((arg) => !arg.startsWith('--')) ?? '.tmp/artwork-contact-sheet.png';
const cell = Number(args.find((arg) => arg.startsWith('--cell='))?.slice(7) ?? 160);
const only = args.includes('--all-milk')
  ? ['18']
  : (args
      .find((arg) => arg.startsWith('--categories='))
      ?.slice(13)
      .split(',') ?? null);
const count = Number(args.find((arg) => arg.startsWith('--count='))?.slice(8) ?? 48);
const columns = Number(args.find((arg) => arg.startsWith('--columns='))?.slice(10) ?? 8);
const skip = Number(args.find((arg) => arg.startsWith('--skip='))?.slice(7) ?? 0);

// The upstream's TypeScript, bundled to one module this script can import.
mkdirSync('.tmp', { recursive: true });
const entry = '.tmp/artwork-entry.ts';
writeFileSync(
  entry,
  "export { productImageSvg } from '../upstream/db/catalog-images.ts';\nexport { generateCatalog } from '../upstream/seed/catalog.ts';\n",
);
await build({
  entryPoints: [entry],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: '.tmp/artwork-bundle.mjs',
  logLevel: 'error',
});
const { productImageSvg, generateCatalog } = await import(
  pathToFileURL(join(process.cwd(), '.tmp/artwork-bundle.mjs')).href
);

const { products } = generateCatalog({ products: 5000 });
// one product per sub-category first (every kind of package), then the anchors' milks
const picked = [];
if (only) picked.push(...products.filter((p) => only.includes(p.categoryId)).slice(0, count));
else {
  const seen = new Set();
  for (const product of products.slice(0, 10)) picked.push(product);
  for (const product of products) {
    if (picked.length >= count + skip) break;
    if (seen.has(product.categoryId) || picked.includes(product)) continue;
    seen.add(product.categoryId);
    picked.push(product);
  }
}
const tiles = picked
  .slice(skip)
  .map(
    (p) =>
      `<figure><img src="data:image/svg+xml;base64,${Buffer.from(productImageSvg(p)).toString('base64')}" width="${cell}" height="${cell}" alt=""><figcaption>${p.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')} · ${p.size}</figcaption></figure>`,
  )
  .join('');
const html = `<!doctype html><style>body{margin:8px;font:11px system-ui,sans-serif;display:grid;grid-template-columns:repeat(${columns},${cell}px);gap:8px}figure{margin:0}figcaption{height:28px;overflow:hidden}</style>${tiles}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: columns * (cell + 8) + 8, height: 400 } });
  await page.setContent(html);
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`${out}: ${picked.length - skip} products`);
} finally {
  await browser.close();
}
