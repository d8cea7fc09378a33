import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../../types.ts';

// Placeholder until the CSRF check lands (issue 2, Sessions).
export function csrf(): MiddlewareHandler<EdgeEnv> {
  return async (_c, next) => {
    await next();
  };
}
