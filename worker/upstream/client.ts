import * as v from 'valibot';
import { ERROR_CODES, ErrorBodySchema, HttpError, describeIssues } from '../../src/lib/http/errors.ts';
import { isSuccessStatus } from '../../src/lib/http/status.ts';
import type { UpstreamCall, UpstreamClient, UpstreamResult } from '../../src/lib/http/upstream-client.ts';

// The one way the edge reaches the upstream. UPSTREAM picks the transport (one setting):
//   "embedded"  -> the reference upstream in-process, over its fetch interface (docs/decisions/002);
//                  only in a build whose entry injected it (worker/index-embedded.ts,
//                  docs/decisions/110): this module never imports the upstream
//   "service"   -> the UPSTREAM_SERVICE binding (a separately deployed upstream worker)
//   "https://…" -> an https origin (the chain's real services)
// Request headers are built here from the edge's own context only: nothing the client sent for
// location, banner or customer can reach the upstream.

export const UPSTREAM_HEADERS = {
  LOCATION_ID: 'x-hm-location-id',
  DIVISION: 'x-hm-division',
  STORE: 'x-hm-store',
  MODALITY: 'x-hm-modality',
  BANNER: 'x-hm-banner',
  AB_TESTS: 'x-hm-ab-tests',
  CUSTOMER_CONTEXT: 'x-hm-customer-context',
  TIME_ZONE: 'x-hm-time-zone',
  CORRELATION_ID: 'x-correlation-id',
  CHANNEL: 'x-hm-channel',
  EDGE_SECRET: 'x-hm-edge-secret',
  /** account §7: the geo location of a shopper who chose no store (their postal code's market) */
  GEO_LOCATION: 'x-hm-geo-location',
  /** the client's address (CF-Connecting-IP), on the wallet's PIN checks only: tries are counted by it (decision 643) */
  CLIENT_KEY: 'x-hm-client-key',
} as const;

export interface UpstreamContext {
  locationId: string;
  modality: string;
  banner: string;
  abTests: Record<string, number>;
  customer: { customerGUID: string; sessionId: string; authorities: string[] } | null;
  timeZone: string;
  correlationId: string;
  geoLocationId?: string | null;
}

// The interface pages see is declared on the src/ side; this module implements it.
export type { UpstreamClient } from '../../src/lib/http/upstream-client.ts';

/** A transport: how a built upstream request is sent. Tests inject faulty ones. */
export type FetchLike = (request: Request) => Promise<Response>;

/** The reference upstream as an in-process worker: what an entry injects for UPSTREAM=embedded. */
export interface EmbeddedUpstream {
  fetch(request: Request, env: Env, ctx: ExecutionContext | undefined): Response | Promise<Response>;
}

function transportFor(
  env: Env,
  ctx: ExecutionContext | undefined,
  embedded: EmbeddedUpstream | undefined,
): { base: string; send: FetchLike } {
  const setting = (env.UPSTREAM ?? 'embedded').trim();
  if (setting === 'embedded' || setting === '') {
    if (!embedded)
      throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream is not configured', 500, [
        'UPSTREAM=embedded, but this build has no embedded upstream',
      ]);
    return { base: 'http://upstream.internal', send: async (request) => embedded.fetch(request, env, ctx) };
  }
  // Apart from the edge, the upstream trusts only calls that carry the shared secret.
  if (!env.UPSTREAM_SHARED_SECRET) {
    throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream is not configured', 500, [
      'UPSTREAM_SHARED_SECRET is missing',
    ]);
  }
  if (setting === 'service') {
    const service = env.UPSTREAM_SERVICE;
    if (!service) throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream service binding is missing', 500);
    return { base: 'http://upstream.internal', send: (request) => service.fetch(request) };
  }
  if (/^https:\/\/[^\s/]+/.test(setting) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?/.test(setting)) {
    return { base: setting.replace(/\/+$/, ''), send: (request) => fetch(request) };
  }
  throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream is not configured', 500);
}

/** Builds the upstream headers from the edge's context only. */
function upstreamHeaders(context: UpstreamContext, env: Env, call: UpstreamCall): Headers {
  const headers = new Headers({ accept: 'application/json' });
  const division = context.locationId.slice(0, 3);
  const store = context.locationId.slice(3);
  headers.set(UPSTREAM_HEADERS.LOCATION_ID, context.locationId);
  headers.set(UPSTREAM_HEADERS.DIVISION, division);
  headers.set(UPSTREAM_HEADERS.STORE, store);
  headers.set(UPSTREAM_HEADERS.MODALITY, context.modality);
  headers.set(UPSTREAM_HEADERS.BANNER, context.banner);
  headers.set(UPSTREAM_HEADERS.AB_TESTS, JSON.stringify(context.abTests));
  headers.set(UPSTREAM_HEADERS.TIME_ZONE, context.timeZone);
  headers.set(UPSTREAM_HEADERS.CORRELATION_ID, call.correlationId ?? context.correlationId);
  headers.set(UPSTREAM_HEADERS.CHANNEL, 'WEB');
  if (context.geoLocationId) headers.set(UPSTREAM_HEADERS.GEO_LOCATION, context.geoLocationId);
  if (context.customer) headers.set(UPSTREAM_HEADERS.CUSTOMER_CONTEXT, JSON.stringify(context.customer));
  if (env.UPSTREAM_SHARED_SECRET) headers.set(UPSTREAM_HEADERS.EDGE_SECRET, env.UPSTREAM_SHARED_SECRET);
  if (call.idempotencyKey) headers.set('idempotency-key', call.idempotencyKey);
  if (call.ifMatch) headers.set('if-match', call.ifMatch);
  if (call.body !== undefined) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(call.callHeaders ?? {})) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

function unknownResponse(reason: string, rootCause: string[] = []): HttpError {
  return new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, reason, 500, rootCause);
}

/** Creates the request-scoped upstream client. */
export function createUpstreamClient(
  env: Env,
  ctx: ExecutionContext | undefined,
  context: UpstreamContext,
  transport?: FetchLike,
  embedded?: EmbeddedUpstream,
): UpstreamClient {
  const timeoutMs = Number(env.UPSTREAM_TIMEOUT_MS ?? '8000') || 8000;

  async function raw(call: UpstreamCall): Promise<Response> {
    const { base, send } = transport
      ? { base: 'http://upstream.internal', send: transport }
      : transportFor(env, ctx, embedded);
    const url = new URL(call.path, `${base}/`);
    if (call.query) {
      const entries = call.query instanceof URLSearchParams ? [...call.query] : Object.entries(call.query);
      for (const [key, value] of entries) if (value !== undefined) url.searchParams.append(key, value);
    }
    const controller = new AbortController();
    const request = new Request(url, {
      method: call.method ?? 'GET',
      headers: upstreamHeaders(context, env, call),
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: controller.signal,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(unknownResponse('Upstream timed out', [`after ${timeoutMs} ms`]));
      }, timeoutMs);
    });
    try {
      const response = await Promise.race([send(request), timeout]);
      // Read the body inside the time limit too, so a slow body cannot hold the edge.
      const body = await Promise.race([response.arrayBuffer(), timeout]);
      return new Response(response.status === 204 ? null : body, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw unknownResponse('Upstream unreachable', [error instanceof Error ? error.name : 'Error']);
    } finally {
      clearTimeout(timer);
    }
  }

  async function json<S extends v.GenericSchema>(
    call: UpstreamCall,
    schema: S,
  ): Promise<UpstreamResult<v.InferOutput<S>>> {
    const response = await raw(call);
    let payload: unknown = null;
    const text = await response.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        throw unknownResponse('Upstream answered with malformed JSON');
      }
    }
    if (!isSuccessStatus(response.status)) {
      const parsedError = v.safeParse(ErrorBodySchema, payload);
      // A 403 is the upstream refusing the edge itself (no or wrong shared secret): a
      // configuration failure, not the shopper's (docs/decisions/110).
      const passThrough =
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 403 &&
        (response.status !== 429 || call.rateLimitIsAnswer === true);
      if (passThrough && parsedError.success && parsedError.output.errors[0]) {
        const first = parsedError.output.errors[0];
        throw new HttpError(first.code, first.reason, response.status, first.rootCause);
      }
      throw unknownResponse('Upstream failed', [`status ${response.status}`]);
    }
    const parsed = v.safeParse(schema, payload);
    if (!parsed.success)
      throw unknownResponse('Upstream response broke its contract', describeIssues(parsed.issues).slice(0, 5));
    return { status: response.status, data: parsed.output, headers: response.headers };
  }

  return { raw, json };
}
