import type { Context } from 'hono';
import * as v from 'valibot';
import { ERROR_CODES, HttpError, describeIssues } from '../src/lib/http/errors.ts';

// The upstream validates its own input too (it may be called by other edges than ours); a
// failure throws CLIENT_ERROR/400, answered in the spec's shape by upstream/errors.ts.

/** Parses the query (single values; a repeated key keeps its last value) or throws CLIENT_ERROR. */
export function parseQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) query[key] = value;
  const parsed = v.safeParse(schema, query);
  if (!parsed.success)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Invalid query', 400, describeIssues(parsed.issues));
  return parsed.output;
}

/** Parses a JSON body or throws CLIENT_ERROR. */
export async function parseBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Body is not valid JSON', 400);
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Invalid body', 400, describeIssues(parsed.issues));
  return parsed.output;
}
