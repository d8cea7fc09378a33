// The edge p95 of an add to cart (issue 9's closing figure): a signed-in shopper's
// POST /basket/api/v2/user/add-item through the edge and the reference upstream on D1, measured
// client-side against a running storefront (npm start). Each add has its own Idempotency-Key, so
// every one is a real write; the cart is emptied first and every 20 adds (a cart holds at most
// 100 lines, a line 999).
//   npx node bench/add-to-cart.mjs [http://127.0.0.1:8787] [--adds=300] [--concurrency=1]
import { performance } from 'node:perf_hooks';
import { demoShopperCookie } from './sign-in.mjs';

const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const baseUrl = process.argv.slice(2).find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:8787';
const ADDS = option('adds', 300);
const CONCURRENCY = option('concurrency', 1);

const search = await (
  await fetch(`${baseUrl}/atlas/v1/search/v1/products-search?filter.query=milk&page.size=20`)
).json();
const gtins = (search?.data?.productsSearch ?? [])
  .map((product) => product.upc)
  .filter((gtin) => /^\d{13}$/.test(gtin));
if (gtins.length === 0) throw new Error('A search for "milk" found no product: is the storefront seeded?');
// one sign-in (sign-in is rate-limited per client), the cart emptied with the same session
const cookie = await demoShopperCookie(baseUrl);
const headers = { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin', cookie };
async function emptyCart() {
  const response = await fetch(`${baseUrl}/basket/api/basket/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ lineItems: [] }),
  });
  if (!response.ok) throw new Error(`PUT /basket/api/basket/ answered ${response.status}`);
}
await emptyCart();

const samples = [];
let failures = 0;
let next = 0;
async function worker() {
  while (next < ADDS) {
    const n = next++;
    if (n > 0 && n % 20 === 0 && CONCURRENCY === 1) await emptyCart();
    const started = performance.now();
    const response = await fetch(`${baseUrl}/basket/api/v2/user/add-item`, {
      method: 'POST',
      headers: {
        ...headers,
        'idempotency-key': `bench-add-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 10)}`,
      },
      body: JSON.stringify({ gtin13: gtins[n % gtins.length], quantity: 1 }),
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status === 200) samples.push(elapsed);
    else failures++;
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
await emptyCart();
samples.sort((a, b) => a - b);
const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
console.log(
  JSON.stringify({
    adds: ADDS,
    concurrency: CONCURRENCY,
    ok: samples.length,
    failures,
    p50: +at(0.5).toFixed(1),
    p95: +at(0.95).toFixed(1),
    p99: +at(0.99).toFixed(1),
    max: +samples.at(-1).toFixed(1),
  }),
);
