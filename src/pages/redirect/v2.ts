import type { APIRoute } from 'astro';
import { REDIRECT_PARAM, redirectorTarget } from '../../lib/auth/redirect.ts';

// spec: account §2 /redirect/v2: the post-login redirector forwards to its redirectUrl, which is
// sanitized first (same-origin relative paths only; /account/delivery counts as a return to /).
export const GET: APIRoute = ({ url, locals }) => {
  locals.cacheable = false;
  return new Response(null, {
    status: 302,
    headers: { location: redirectorTarget(url.searchParams.get(REDIRECT_PARAM)), 'cache-control': 'private, no-store' },
  });
};
