import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../../types.ts';

/** Gives each request a correlation id (never the client's) and reports the edge time. */
export function requestId(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set('requestId', id);
    c.set('startedAt', Date.now());
    await next();
    c.res.headers.set('x-request-id', id);
    c.res.headers.append('server-timing', `edge;dur=${Date.now() - c.get('startedAt')}`);
  };
}
