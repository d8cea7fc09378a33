import type { MiddlewareHandler } from 'hono';

import { CONTENT_SECURITY_POLICY } from '../../../src/lib/http/csp.ts';

// First in the chain, so every response (errors and pages included) carries these. Pages come
// with Astro's own Content-Security-Policy (script and style hashes, src/lib/http/csp.ts), which
// is kept; every other response gets ours. Neither allows inline scripts without a hash.
// No Cross-Origin-Opener-Policy: it made every first visit from a blank tab a second renderer
// process, a task Lighthouse counts as blocking on every page (docs/decisions/648).
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
};

/** Adds the security headers to every response, whatever produced it. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
