import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { ERROR_CODES, describeIssues } from '../src/lib/http/errors.ts';
import { errorResponse } from './errors.ts';

/** Collapses a query to single string values; a repeated key keeps its last value. */
function flatQuery(c: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) out[key] = value;
  return out;
}

/**
 * Validates the query with a valibot schema; a failure answers CLIENT_ERROR/400 in the spec's
 * shape and the handler (and so the upstream) is never reached.
 */
export function validQuery<S extends v.GenericSchema<Record<string, string | undefined>, unknown>>(schema: S) {
  return validator('query', (_value, c) => {
    const parsed = v.safeParse(schema, flatQuery(c));
    if (!parsed.success)
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Invalid query', 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  });
}

/** Validates a JSON body (content type, size, syntax, schema) and answers CLIENT_ERROR/400 on any failure. */
export function validJson<S extends v.GenericSchema>(schema: S) {
  return validator('json' as keyof ValidationTargets, async (_value, c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Content-Type must be application/json', 400);
    }
    const text = await c.req.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Body is not valid JSON', 400);
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success)
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Invalid body', 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  }) as unknown as MiddlewareHandler<
    { Bindings: Env },
    string,
    { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }
  >;
}

/** Validates path parameters. */
export function validParams<S extends v.GenericSchema<Record<string, string>, unknown>>(schema: S) {
  return validator('param', (value, c) => {
    const parsed = v.safeParse(schema, value);
    if (!parsed.success)
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Invalid path', 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  });
}
