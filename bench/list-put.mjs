// The upstream p95 of a PUT on a 250-item shopping list (issue 11's closing figure): a signed-in
// shopper's PUT /atlas/v1/shopping-list/v1/shopping-lists/{id} changing one item's quantity on a
// list of 250 items, through a running storefront (npm start), client-side. The edge adds its
// validation and the session check; the figure is the whole round trip.
//   npx node bench/list-put.mjs [http://127.0.0.1:8787] [--puts=200]
import { performance } from 'node:perf_hooks';
import { demoShopperCookie } from './sign-in.mjs';

const baseUrl = process.argv.slice(2).find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:8787';
const PUTS = Number(process.argv.find((arg) => arg.startsWith('--puts='))?.split('=')[1] ?? 200);
const LISTS = '/atlas/v1/shopping-list/v1/shopping-lists';
const cookie = await demoShopperCookie(baseUrl);
const headers = { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin', cookie };

const created = await fetch(`${baseUrl}${LISTS}`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ name: `Bench ${Date.now()}`, activeList: 'true' }),
});
if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
const { listId } = (await created.json()).data;
const search = await (
  await fetch(`${baseUrl}/atlas/v1/search/v1/products-search?filter.query=milk&page.size=20`)
).json();
const upcs = (search?.data?.productsSearch ?? []).map((product) => product.upc);
// 250 items: the products of a search (priced) and free-text items
const lineItems = Array.from({ length: 250 }, (_, n) =>
  n < upcs.length
    ? { upc: upcs[n], quantity: 1 }
    : { type: 'CUSTOMER_DEFINED', categoryId: '01', name: `Item ${n}`, quantity: 1 },
);
const filled = await fetch(`${baseUrl}${LISTS}/${listId}`, {
  method: 'PUT',
  headers,
  body: JSON.stringify({ lineItems }),
});
if (filled.status !== 200) throw new Error(`fill answered ${filled.status}: ${await filled.text()}`);

const samples = [];
for (let n = 0; n < PUTS; n++) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${LISTS}/${listId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ lineItems: [{ upc: upcs[n % upcs.length], quantity: (n % 9) + 1 }] }),
  });
  const body = await response.json();
  samples.push(performance.now() - started);
  if (response.status !== 200 || body.data.itemCount !== 250) throw new Error(`PUT answered ${response.status}`);
}
await fetch(`${baseUrl}${LISTS}/${listId}`, { method: 'DELETE', headers });
samples.sort((a, b) => a - b);
const at = (q) => +samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
console.log(
  JSON.stringify({
    items: 250,
    puts: PUTS,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: +samples.at(-1).toFixed(1),
  }),
);
