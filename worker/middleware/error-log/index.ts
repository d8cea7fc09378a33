import type { MiddlewareHandler } from 'hono';
import { errorLogType, loggablePath, type ErrorLogLine } from '../../../src/lib/http/error-log.ts';
import type { EdgeEnv } from '../../types.ts';

// One structured line per error answer the edge gives a shopper (issue 12 part 7; account §8
// Logging): its type, status, code and route, the banner and the request id; nothing personal
// (no query, no ids, no customer). docs/decisions/390-error-logging.md

export function logErrorLine(line: ErrorLogLine): void {
  console.info(JSON.stringify({ level: 'info', ...line }));
}

async function codeOf(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return `HTTP_${response.status}`;
  try {
    const body = (await response.clone().json()) as { errors?: Array<{ code?: unknown }> };
    const code = body.errors?.[0]?.code;
    return typeof code === 'string' && /^[A-Za-z0-9_ -]{1,40}$/.test(code) ? code : `HTTP_${response.status}`;
  } catch {
    return `HTTP_${response.status}`;
  }
}

export function errorLog(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 400) return;
    logErrorLine({
      event: 'shopper_error',
      type: errorLogType(status),
      status,
      code: await codeOf(c.res),
      route: loggablePath(new URL(c.req.url).pathname),
      banner: c.get('banner')?.id ?? 'unknown',
      requestId: c.get('requestId') ?? '',
      source: 'edge',
    });
  };
}
