import * as v from 'valibot';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { islandFetch } from './fetch.ts';
import { redirectToSignIn } from './go-to-sign-in.ts';

// The one island client to the edge (issue 21 §2, docs/decisions/552). It sends JSON with the
// headers the edge's checks want (a JSON body type for the CSRF check, Idempotency-Key, If-Match),
// gives up after islandFetch's time limit (which reports a lost request to the error log), reads
// the spec's error shape into one error class, and validates the answer with a valibot schema.

/** Why a call failed: no answer (offline, timed out), aborted by its caller, an error answer, an answer the schema refuses. */
type EdgeFailureKind = 'network' | 'aborted' | 'status' | 'invalid';

/** The reason of an answer the schema refuses. */
export const UNEXPECTED_ANSWER = 'Unexpected answer';

/** A call to the edge that did not give the expected answer. `status` is null when no answer came. */
export class EdgeCallError extends Error {
  constructor(
    readonly kind: EdgeFailureKind,
    readonly status: number | null,
    /** the spec's error code, when the answer carried one */
    readonly code: string | null = null,
    /** the spec's reason, when the answer carried one (the message falls back to the status) */
    readonly reason: string | null = null,
    readonly rootCause: string[] = [],
    /** which error shape the answer had: `{ errors: [...] }` or the wallet's `{ error: {...} }` */
    readonly shape: 'errors' | 'error' | null = null,
  ) {
    super(reason ?? (status === null ? 'Network Error' : kind === 'invalid' ? UNEXPECTED_ANSWER : `HTTP ${status}`));
    this.name = 'EdgeCallError';
  }
}

interface EdgeCallOptions<S extends v.GenericSchema> {
  /** validates the answer's body; the call resolves to its output */
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** sent as JSON (with the JSON body type the CSRF check requires) */
  body?: unknown;
  /** one logical write: the same key on every send of it */
  idempotencyKey?: string;
  /** the precondition (an eTag the page saw) */
  ifMatch?: string | null;
  headers?: Record<string, string>;
  /** aborts a call a newer one replaced */
  signal?: AbortSignal;
  /** sends again after no answer (with the same Idempotency-Key), so a write that did land answers its record */
  retries?: number;
}

/** A call's options apart from its schema. */
export type EdgeRequest = Omit<EdgeCallOptions<v.GenericSchema>, 'schema'>;

// spec: account §3 (the `errors[]` shape); the SNAP balance answers `{ error: { reason, code } }`
// (read without a schema: two strings, and every island's first load carries this file).
function singleError(body: unknown): { reason: string; code: string } | null {
  const error = (body as { error?: { reason?: unknown; code?: unknown } } | null)?.error;
  return typeof error?.reason === 'string' && typeof error.code === 'string'
    ? { reason: error.reason, code: error.code }
    : null;
}

function refusal(status: number, body: unknown): EdgeCallError {
  const many = v.safeParse(ErrorBodySchema, body);
  const first = many.success ? many.output.errors[0] : undefined;
  if (first) return new EdgeCallError('status', status, first.code, first.reason, first.rootCause, 'errors');
  const one = singleError(body);
  if (one) return new EdgeCallError('status', status, one.code, one.reason, [], 'error');
  return new EdgeCallError('status', status);
}

/**
 * Calls the edge and returns the validated answer, or throws an EdgeCallError.
 * `await callEdge('/basket/api/basket/', { schema: BasketResponseSchema })`
 */
export async function callEdge<S extends v.GenericSchema>(
  path: string,
  options: EdgeCallOptions<S>,
): Promise<v.InferOutput<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  let response: Response | null = null;
  for (let attempt = 0; !response; attempt++) {
    try {
      response = await islandFetch(path, init);
    } catch {
      if (options.signal?.aborted) throw new EdgeCallError('aborted', null, null, 'Aborted');
      if (attempt >= (options.retries ?? 0)) throw new EdgeCallError('network', null);
    }
  }
  // spec: shopping §7: the generic wrapper reads `redirecturl` as a sign-in redirect and `errorstatus` as an error
  const redirect = response.headers.get('redirecturl');
  if (redirect && (response.status === 401 || response.status === 403) && typeof window !== 'undefined')
    redirectToSignIn(redirect.startsWith('/') ? redirect : '/signin');
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || response.headers.has('errorstatus')) throw refusal(response.status, body);
  const parsed = v.safeParse(options.schema, body);
  if (!parsed.success) throw new EdgeCallError('invalid', response.status);
  return parsed.output;
}

/** A call's outcome as a value, for islands that branch on it rather than catch. */
export type EdgeResult<T> =
  { ok: true; data: T } | { ok: false; status: number | null; code?: string; reason?: string; error: EdgeCallError };

/** Turns a callEdge promise into an EdgeResult (any other error still throws). */
export async function edgeResult<T>(call: Promise<T>): Promise<EdgeResult<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (!(error instanceof EdgeCallError)) throw error;
    return {
      ok: false,
      status: error.status,
      ...(error.code === null ? {} : { code: error.code }),
      ...(error.kind === 'invalid'
        ? { reason: UNEXPECTED_ANSWER }
        : error.reason === null
          ? {}
          : { reason: error.reason }),
      error,
    };
  }
}
