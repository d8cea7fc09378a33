// What an anonymous first visit loads: JavaScript (gzip, measured here) and all bytes transferred.
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';

/**
 * Loads `url` in a fresh context (empty cache, no cookies) until the network is idle and sums
 * every response. JavaScript (files and inline scripts) is gzipped here with zlib's default
 * level, so the figure does not depend on how the local server compresses; transferred bytes
 * are what the browser received.
 */
export async function measurePage(browser, url, { signIn } = {}) {
  // A signed-in visit signs in in a context of its own and carries only the cookies over: the
  // sign-in pages' scripts would otherwise sit in the renderer's memory cache, which
  // Network.clearBrowserCache does not empty, and the measured visit would not fetch them.
  const storageState = signIn ? await signedInState(browser, signIn) : undefined;
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  try {
    const responses = [];
    page.on('response', (response) => responses.push(response));
    const main = await page.goto(url, { waitUntil: 'networkidle' });
    let jsGzipBytes = 0;
    let jsFiles = 0;
    let transferredBytes = 0;
    for (const response of responses) {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes) transferredBytes += sizes.responseHeadersSize + sizes.responseBodySize;
      if (!isJavaScript(response)) continue;
      const body = await response.body().catch(() => null);
      if (!body) continue;
      jsFiles += 1;
      jsGzipBytes += gzipSync(body).length;
    }
    // inline scripts (Astro's island runtime, directives) ship before interaction too
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts.filter((s) => !s.type || /javascript|module/.test(s.type)).map((s) => s.textContent ?? ''),
    );
    const inlineJsGzipBytes = inline.length ? gzipSync(Buffer.from(inline.join('\n'))).length : 0;
    return {
      status: main?.status() ?? 0,
      jsGzipBytes: jsGzipBytes + inlineJsGzipBytes,
      jsFiles,
      inlineJsGzipBytes,
      transferredBytes,
      requests: responses.length,
    };
  } finally {
    await context.close();
  }
}

async function signedInState(browser, signIn) {
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage());
    return await context.storageState();
  } finally {
    await context.close();
  }
}

function isJavaScript(response) {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  return type === 'script' || /javascript|ecmascript/.test(contentType);
}
