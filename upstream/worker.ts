import { ERROR_CODES, errorBody } from '../src/lib/http/errors.ts';
import { createUpstreamApp } from './app.ts';
import type { UpstreamBindings } from './context.ts';
import { MIN_SECRET_LENGTH } from './edge-secret.ts';
import { scheduled } from './scheduled.ts';

// The reference upstream deployed as a worker of its own (a service binding or an origin of the
// edge; docs/decisions/002, 110). Apart from the edge, anyone could call it: it refuses to serve
// at all until UPSTREAM_SHARED_SECRET is configured, and then only calls that carry it.

const app = createUpstreamApp();

export default {
  fetch(request: Request, env: UpstreamBindings, ctx: ExecutionContext): Response | Promise<Response> {
    if ((env.UPSTREAM_SHARED_SECRET ?? '').length < MIN_SECRET_LENGTH) {
      return Response.json(
        errorBody(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream is not configured', 503, [
          'UPSTREAM_SHARED_SECRET is missing or too short',
        ]),
        {
          status: 503,
        },
      );
    }
    return app.fetch(request, env, ctx);
  },
  scheduled,
} satisfies ExportedHandler<UpstreamBindings>;
