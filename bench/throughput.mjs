// Edge throughput on loopback (autocannon): a cached anonymous page against the bare constant
// route of the same worker, one after the other in the same run (ARCHITECTURE.md: a cached page
// is served at >= 50% of the throughput of a bare constant route).
import autocannon from 'autocannon';

const THROUGHPUT_TARGET = 0.5;

/** Runs autocannon on one URL; resolves to requests/s, latency percentiles and error counts. */
async function load(url, { seconds = 10, connections = 10, headers = {} } = {}) {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1, headers });
  return {
    url,
    seconds,
    connections,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Warms the page until the edge answers it from its cache (x-hm-cache: HIT), then loads the bare
 * route and the page in turn. Fails when the page never becomes a cache HIT: the comparison would
 * then measure rendering, not the cache.
 */
export async function compareCachedPage(baseUrl, pagePath, options = {}) {
  const pageUrl = `${baseUrl}${pagePath}`;
  let cache = null;
  for (let i = 0; i < 20 && cache !== 'HIT'; i += 1) {
    const response = await fetch(pageUrl);
    await response.arrayBuffer();
    cache = response.headers.get('x-hm-cache');
    if (cache !== 'HIT') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (cache !== 'HIT')
    throw new Error(`${pagePath} is not served from the edge cache (x-hm-cache: ${cache ?? 'none'}).`);
  const bare = await load(`${baseUrl}/__edge/ping`, options);
  const page = await load(pageUrl, options);
  const ratio = bare.requestsPerSecond ? page.requestsPerSecond / bare.requestsPerSecond : 0;
  return {
    bare,
    page,
    ratio,
    target: THROUGHPUT_TARGET,
    ok: ratio >= THROUGHPUT_TARGET && page.non2xx === 0 && page.errors === 0,
  };
}

/** ARCHITECTURE.md: a signed-in listing at >= 0.8 of the anonymous throughput, same run. */
const SIGNED_IN_TARGET = 0.8;

/**
 * The same listing anonymous and signed in (issue 7 §2, decision 075), one after the other in the
 * same run, `connections` at a time. `cookie` is a signed-in shopper's Cookie header.
 */
export async function compareSignedIn(baseUrl, pagePath, cookie, options = {}) {
  const pageUrl = `${baseUrl}${pagePath}`;
  for (let i = 0; i < 5; i += 1) await (await fetch(pageUrl)).arrayBuffer();
  // Two rounds in alternating order, half the time each, so neither side always runs first.
  const seconds = Math.max(1, Math.round((options.seconds ?? 10) / 2));
  const rounds = [];
  for (const order of [
    ['anonymous', 'signedIn'],
    ['signedIn', 'anonymous'],
  ]) {
    for (const who of order)
      rounds.push({
        who,
        result: await load(pageUrl, { ...options, seconds, headers: who === 'signedIn' ? { cookie } : {} }),
      });
  }
  const merge = (who) => {
    const parts = rounds.filter((round) => round.who === who).map((round) => round.result);
    const requests = parts.reduce((sum, part) => sum + part.requests, 0);
    return {
      ...parts[0],
      seconds: seconds * parts.length,
      requests,
      requestsPerSecond: requests / (seconds * parts.length),
      p50Ms: Math.max(...parts.map((part) => part.p50Ms)),
      p99Ms: Math.max(...parts.map((part) => part.p99Ms)),
      non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
      errors: parts.reduce((sum, part) => sum + part.errors, 0),
    };
  };
  const anonymous = merge('anonymous');
  const signedIn = merge('signedIn');
  const ratio = anonymous.requestsPerSecond ? signedIn.requestsPerSecond / anonymous.requestsPerSecond : 0;
  return {
    anonymous,
    signedIn,
    ratio,
    target: SIGNED_IN_TARGET,
    ok: ratio >= SIGNED_IN_TARGET && signedIn.non2xx === 0 && signedIn.errors === 0,
  };
}
