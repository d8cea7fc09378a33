import { Hono } from 'hono';
import { ERROR_LOG_PATH, ErrorLogBeaconSchema, loggablePath } from '../../src/lib/http/error-log.ts';
import { logErrorLine } from '../middleware/error-log/index.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson } from '../validate.ts';
import type { Capability } from '../capability.ts';

// What the browser reports about an error the edge could not see (a request that never reached
// it): one log line of the same shape (account §8 Logging). Answers 204, signed in or not.
const errorLogRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const errorLogCapability: Capability = {
  routes: errorLogRoutes,
  apiPrefixes: ['/atlas/v1/'],
  registry: {
    api: [
      {
        method: 'POST',
        path: '/atlas/v1/analytics/error-log',
        sample: { body: { type: 'NETWORK_CONNECTION', code: 'NETWORK_ERROR', page: '/checkout' } },
        needsSignIn: false,
        edgeOnly: true,
      },
    ],
  },
};

errorLogRoutes.post(ERROR_LOG_PATH, validJson(ErrorLogBeaconSchema), (c) => {
  const beacon = c.req.valid('json');
  logErrorLine({
    event: 'shopper_error',
    type: beacon.type,
    status: null,
    code: beacon.code,
    route: loggablePath(beacon.page),
    banner: c.get('banner').id,
    requestId: c.get('requestId'),
    source: 'browser',
  });
  return c.body(null, 204);
});
