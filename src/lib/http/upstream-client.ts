import type * as v from 'valibot';

// The upstream client as pages see it: types only. The worker's client (worker/upstream/client.ts)
// implements it and hands it to every render in Astro's locals (src/env.d.ts), so nothing under
// src/ imports the worker (docs/decisions/070).

export interface UpstreamCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: URLSearchParams | Record<string, string | undefined>;
  body?: unknown;
  idempotencyKey?: string;
  ifMatch?: string;
  /** Override the correlation id (e.g. 'recipes-…' for recipe calls, shopping §7). */
  correlationId?: string;
  /**
   * An upstream 429 is an overloaded upstream (UNKNOWN_RESPONSE_ERROR) unless the call says it
   * is a real answer for the shopper, as sign-in's per-client rate limit is.
   */
  rateLimitIsAnswer?: boolean;
  /**
   * Headers a call of the spec carries besides the edge's own (the flash sales' tenant header,
   * a delete's bot telemetry). The edge sets them from its own context or a validated value:
   * never a client header passed through.
   */
  callHeaders?: Readonly<Record<string, string>>;
}

export interface UpstreamResult<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface UpstreamClient {
  /** Sends a call and returns the raw response (already time-limited). */
  raw(call: UpstreamCall): Promise<Response>;
  /**
   * Sends a call and validates a success body against `schema`. Upstream 4xx errors in the
   * spec's error shape are re-thrown as HttpError with their status; anything else that is not
   * a valid success (5xx, timeout, reset, bad JSON, contract mismatch) becomes
   * UNKNOWN_RESPONSE_ERROR/500.
   */
  json<S extends v.GenericSchema>(call: UpstreamCall, schema: S): Promise<UpstreamResult<v.InferOutput<S>>>;
}

/**
 * The part of the client a page-side loader uses (loadSearch, loadDealPrices, loadCarousels, …):
 * the upstream client satisfies it, and a test's fake needs to answer only `data`.
 */
export interface JsonClient {
  json<S extends v.GenericSchema>(call: UpstreamCall, schema: S): Promise<{ data: v.InferOutput<S> }>;
}
