// What a first visit loads: JavaScript (gzip, measured here) and all bytes transferred, per page,
// against the budget of the page's kind (tests/registry.ts JS_BUDGET_BYTES; CI holds every page to
// it in tests/e2e/pages.spec.ts, this is the bench's report of it).
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { JS_BUDGET_BYTES } from '../tests/registry.ts';
import { signInAsDemoShopper, waitForIslands } from './sign-in.mjs';

/**
 * Pages measured at once, each in its own browser context of the one Chromium. The figures are
 * bytes, not times, so visits side by side measure the same; a visit ends only once its islands
 * have hydrated and the network is quiet, which no longer depends on how busy the machine is.
 */
const PAGES_AT_ONCE = 3;
/** How long the network must be quiet (no request in flight) for a visit to count as finished. */
const QUIET_MS = 500;
/** A page that keeps a request open (or an island that never hydrates) is measured after this. */
const SETTLE_LIMIT_MS = 15_000;

/**
 * Measures every page of `pages` (registryPages) on the server at `baseUrl`: status, JS gzip
 * against its kind's budget (`ok`), requests and transferred bytes. The demo shopper signs in once
 * (in a context of its own) and the signed-in pages start from that session's cookies.
 */
export async function measurePages(browser, baseUrl, pages) {
  const signedIn = pages.some((page) => page.needsSignIn) ? await signedInState(browser, baseUrl) : undefined;
  const results = new Array(pages.length);
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index];
      const url = `${baseUrl}${page.path}`;
      await fetch(url)
        .then((r) => r.arrayBuffer())
        .catch(() => null); // warm the edge cache: the measured visit is the cached case
      const measured = await measurePage(browser, url, { storageState: page.needsSignIn ? signedIn : undefined });
      const budget = JS_BUDGET_BYTES[page.kind];
      const expectedStatus = page.status ?? 200;
      const ok = measured.status === expectedStatus && measured.jsGzipBytes <= budget;
      results[index] = { ...page, ...measured, expectedStatus, budgetBytes: budget, ok };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pages.length) }, worker));
  return results;
}

/**
 * Loads `url` in a fresh context (empty cache; only the cookies of `storageState`) until its
 * islands have hydrated and the network is quiet, and sums every response. JavaScript (files and
 * inline scripts) is gzipped here with zlib's default level, so the figure does not depend on how
 * the local server compresses; transferred bytes are what the browser received.
 */
async function measurePage(browser, url, { storageState } = {}) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  try {
    const responses = [];
    const quiet = quietNetwork(page);
    page.on('response', (response) => responses.push(response));
    const main = await page.goto(url, { waitUntil: 'networkidle' });
    // islands that hydrate on load or idle fetch their scripts before the shopper can interact
    page.setDefaultTimeout(SETTLE_LIMIT_MS);
    await waitForIslands(page).catch(() => null);
    await quiet();
    let transferredBytes = 0;
    for (const response of responses) {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes) transferredBytes += sizes.responseHeadersSize + sizes.responseBodySize;
    }
    const js = await javaScriptGzip(responses, await inlineScripts(page));
    return {
      status: main?.status() ?? 0,
      jsGzipBytes: js.bytes,
      jsFiles: js.files,
      inlineJsGzipBytes: js.inlineBytes,
      transferredBytes,
      requests: responses.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript of a visit, gzip: each script response's body (files) and the page's inline
 * scripts together (`inline`: their types and texts; a JSON data block is not script), compressed
 * here with zlib's default level so the figure does not depend on how the server compresses. The
 * one method of the bench and of CI's budget check (tests/e2e/pages.spec.ts).
 */
export async function javaScriptGzip(responses, inline) {
  let bytes = 0;
  let files = 0;
  for (const response of responses) {
    if (!isJavaScript(response)) continue;
    const body = await response.body().catch(() => null);
    if (!body) continue;
    files += 1;
    bytes += gzipSync(body).length;
  }
  const code = inline.filter((script) => !script.type || /javascript|module/.test(script.type));
  const inlineBytes = code.length ? gzipSync(Buffer.from(code.map((script) => script.text).join('\n'))).length : 0;
  return { bytes: bytes + inlineBytes, files, inlineBytes };
}

/** The inline scripts of the page as loaded (Astro's island runtime, directives ship before interaction too). */
export function inlineScripts(page) {
  return page.$$eval('script:not([src])', (scripts) =>
    scripts.map((script) => ({ type: script.getAttribute('type') ?? '', text: script.textContent ?? '' })),
  );
}

/** Resolves once no request of `page` has been in flight for QUIET_MS (or after SETTLE_LIMIT_MS). */
export function quietNetwork(page) {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const limit = Date.now() + SETTLE_LIMIT_MS;
    while ((inFlight > 0 || Date.now() - last < QUIET_MS) && Date.now() < limit)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
}

/**
 * The demo shopper's cookies, signed in through the sign-in page in a context of its own: the
 * sign-in page's scripts would otherwise sit in the renderer's memory cache, which
 * Network.clearBrowserCache does not empty, and a measured visit would not fetch them.
 */
async function signedInState(browser, baseUrl) {
  const context = await browser.newContext();
  try {
    await signInAsDemoShopper(await context.newPage(), baseUrl);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

function isJavaScript(response) {
  // the next page's chunks, prefetched and not run here (worker/island-preload.ts, decision 601):
  // not this page's JavaScript, whether or not their bodies are kept when the page settles
  if (/prefetch/.test(response.request().headers()['sec-purpose'] ?? '')) return false;
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  return type === 'script' || /javascript|ecmascript/.test(contentType);
}
