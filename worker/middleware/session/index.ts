import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../../types.ts';

// Placeholder until the signed-cookie session lands (issue 2, Sessions): every request is anonymous.
export function session(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    c.set('session', null);
    await next();
  };
}
