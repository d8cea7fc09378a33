import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE, MAX_REQUEST_BODY_BYTES } from '../src/lib/http/status.ts';
import { ERROR_CODES } from '../src/lib/http/errors.ts';
import { readCallContext, type UpstreamEnv } from './context.ts';
import { secretMatches } from './edge-secret.ts';
import { liveCustomer } from './middleware/require-customer.ts';
import { handleUpstreamError, upstreamError } from './errors.ts';
import { SERVICES } from './services.ts';

/**
 * The reference upstream: the chain's services as one Hono app over D1. It serves the spec's
 * paths (so the edge can be pointed at a real origin with one setting) plus internal identity
 * calls under /identity/v1. It trusts only the edge: with UPSTREAM_SHARED_SECRET set, a call
 * without the matching x-hm-edge-secret header is refused (compared in constant time). Run apart
 * from the edge (upstream/worker.ts), the secret is required. `clock` is its time source (the
 * call context's `now`); tests pass a fixed one to see a store's day at a chosen instant.
 */
export function createUpstreamApp(options: { clock?: () => number } = {}) {
  const clock = options.clock ?? (() => Date.now());
  // TrieRouter: no build on an isolate's first request (docs/decisions/614)
  const app = new Hono<UpstreamEnv>({ router: new TrieRouter() });
  app.onError(handleUpstreamError);
  app.use('*', async (c, next) => {
    const secret = c.env.UPSTREAM_SHARED_SECRET;
    if (secret && !(await secretMatches(c.req.header('x-hm-edge-secret'), secret))) {
      return upstreamError(c, ERROR_CODES.FORBIDDEN, 'Calls are accepted from the edge only', 403);
    }
    c.set('call', readCallContext(c, clock()));
    await next();
  });
  app.use('*', liveCustomer());
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: (c) => upstreamError(c, ERROR_CODES.CLIENT_ERROR, BODY_TOO_LARGE, 400),
    }),
  );
  for (const service of SERVICES) app.route('/', service);
  app.notFound((c) => upstreamError(c, ERROR_CODES.NOT_FOUND, 'No such upstream endpoint', 404));
  return app;
}
