import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { ERROR_CODES, describeIssues } from '../src/lib/http/errors.ts';
import { EDGE_REASONS } from '../src/lib/http/messages.ts';
import { errorResponse } from './errors.ts';
import type { EdgeEnv } from './types.ts';

// The request validators of the edge's routes (Hono's validator with valibot schemas). Each answers
// CLIENT_ERROR/400 in the spec's shape (account §3) and the handler, and so the upstream, is never
// reached. A body is JSON, or on the forms that work without JavaScript a form post (decision 220).

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** True for a `Content-Type` of a plain HTML form post. `isFormType('application/x-www-form-urlencoded; charset=UTF-8') === true` */
function isFormType(type: string | undefined): boolean {
  return FORM_TYPE.test(type ?? '');
}

/** True for a `Content-Type` of JSON. `isJsonType('application/json') === true` */
function isJsonType(type: string | undefined): boolean {
  return JSON_TYPE.test(type ?? '');
}

/** True when the request posts a plain HTML form (the no-JavaScript fallback of a form endpoint). */
export function isFormPost(c: Context): boolean {
  return isFormType(c.req.header('content-type'));
}

/** A form post's fields: one string, or every value of a repeated field. */
export type FormFields = Record<string, string | string[]>;

/** The text of the body, read once (the body is cached, so a later read gets the same). */
async function bodyText(c: Context): Promise<string> {
  // bytes, not text(): workerd warns on text() of a form body
  return new TextDecoder().decode(await c.req.arrayBuffer());
}

/** The fields of a form post (a repeated field keeps every value, in order); never throws. */
export async function readFormFields(c: Context): Promise<FormFields> {
  const fields: FormFields = {};
  for (const [key, value] of new URLSearchParams(await bodyText(c).catch(() => ''))) {
    const before = fields[key];
    fields[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

/** A field's value as one string: the last of a repeated field, '' when absent. */
export function formField(fields: FormFields, key: string): string {
  const value = fields[key];
  return Array.isArray(value) ? (value.at(-1) ?? '') : (value ?? '');
}

/** Each field's value as one string (the last of a repeated field). */
export function singleValues(fields: FormFields): Record<string, string> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, formField(fields, key)]));
}

/**
 * Collapses a query to single string values. A repeated key is read as one list, its values joined
 * by commas, as the spec's list parameters are written (`gtins=a&gtins=b` is `gtins=a,b`); a
 * repeated single value then fails its schema (400) rather than one of the values being dropped.
 * Routes that pass the query on to the upstream pass this, the query as it was validated.
 */
export function flatQuery(c: Pick<Context, 'req'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams)
    out[key] = Object.hasOwn(out, key) ? `${out[key]},${value}` : value;
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
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_QUERY, 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  });
}

type JsonRead = { ok: true; body: unknown } | { ok: false; reason: string };

/** Reads a JSON body: its type, then its syntax; an empty body is `undefined`. */
async function readJson(c: Context, bodiless: boolean): Promise<JsonRead> {
  const type = c.req.header('content-type');
  // a POST with no body and no type (the CSRF check lets only those through untyped)
  if (bodiless && type === undefined) {
    const text = await bodyText(c);
    if (text.trim() === '') return { ok: true, body: undefined };
  }
  if (!isJsonType(type)) return { ok: false, reason: EDGE_REASONS.JSON_TYPE_REQUIRED };
  const text = await bodyText(c);
  try {
    return { ok: true, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { ok: false, reason: EDGE_REASONS.NOT_JSON };
  }
}

type JsonValidator<S extends v.GenericSchema> = MiddlewareHandler<
  EdgeEnv,
  string,
  { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }
>;

/** Validates a JSON body (content type, syntax, schema) and answers CLIENT_ERROR/400 on any failure. */
export function validJson<S extends v.GenericSchema>(schema: S) {
  return validator('json' as keyof ValidationTargets, async (_value, c) => {
    const read = await readJson(c, false);
    if (!read.ok) return errorResponse(c, ERROR_CODES.CLIENT_ERROR, read.reason, 400);
    const parsed = v.safeParse(schema, read.body);
    if (!parsed.success)
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_BODY, 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  }) as unknown as JsonValidator<S>;
}

/** How a form endpoint reads and refuses its plain form (the JSON side needs none of this). */
export interface FormOptions<F extends v.GenericSchema> {
  /** The schema of the form's fields, when it is not the JSON body's (a form also carries `returnTo`). */
  schema?: F;
  /** What the schema reads from the fields (default: each field's last value). */
  fields?: (fields: FormFields, c: Context<EdgeEnv>) => unknown;
  /** The answer to a form whose fields fail (a form is answered with a redirect); default 400 like JSON. */
  invalid?: (
    c: Context<EdgeEnv>,
    fields: FormFields,
    issues: readonly v.BaseIssue<unknown>[],
  ) => Response | Promise<Response>;
  /** The reason of a refused body (default 'Invalid body'). */
  reason?: string;
}

// The fields of a validated form post, kept with the request for the handler (formOf).
const FORM_TARGET = 'form' as keyof ValidationTargets;

/**
 * Validates a body that is JSON or, on the forms that work without JavaScript, a form post:
 * `c.req.valid('json')` is the validated value either way and `formOf(c)` the form's fields (null
 * for JSON), so one handler answers both (JSON to a script, a redirect to a form). A bodiless POST
 * is validated as `undefined`. A failure answers CLIENT_ERROR/400 in the spec's shape, or for a
 * form what `form.invalid` says.
 */
export function validJsonOrForm<S extends v.GenericSchema, F extends v.GenericSchema = S>(
  schema: S,
  form: FormOptions<F> = {},
) {
  const reason = form.reason ?? EDGE_REASONS.INVALID_BODY;
  // a middleware of its own, not hono's validator: that one parses a JSON body first and throws
  // its own error on broken JSON; this answers it like any other bad body
  const middleware: MiddlewareHandler<EdgeEnv> = async (c, next) => {
    let value: unknown;
    if (isFormPost(c)) {
      const fields = await readFormFields(c);
      const parsed = v.safeParse(form.schema ?? schema, (form.fields ?? singleValues)(fields, c));
      if (!parsed.success)
        return form.invalid
          ? form.invalid(c, fields, parsed.issues)
          : errorResponse(c, ERROR_CODES.CLIENT_ERROR, reason, 400, describeIssues(parsed.issues));
      c.req.addValidatedData(FORM_TARGET, fields);
      value = parsed.output;
    } else {
      const read = await readJson(c, true);
      if (!read.ok)
        return form.reason
          ? errorResponse(c, ERROR_CODES.CLIENT_ERROR, form.reason, 400, [read.reason])
          : errorResponse(c, ERROR_CODES.CLIENT_ERROR, read.reason, 400);
      const parsed = v.safeParse(schema, read.body);
      if (!parsed.success)
        return errorResponse(c, ERROR_CODES.CLIENT_ERROR, reason, 400, describeIssues(parsed.issues));
      value = parsed.output;
    }
    c.req.addValidatedData('json', value as object);
    await next();
  };
  return middleware as unknown as MiddlewareHandler<
    EdgeEnv,
    string,
    { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> | v.InferOutput<F> } }
  >;
}

/** The fields of the form post validJsonOrForm validated, or null when the body was JSON. */
export function formOf(c: Context): FormFields | null {
  return (c.req.valid(FORM_TARGET as never) as FormFields | undefined) ?? null;
}

/** Validates path parameters; a failure answers CLIENT_ERROR/400 'Invalid path' with what each must be. */
export function validParams<S extends v.GenericSchema<Record<string, string>, unknown>>(schema: S) {
  return validator('param', (value, c) => {
    const parsed = v.safeParse(schema, value);
    if (!parsed.success)
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.INVALID_PATH, 400, describeIssues(parsed.issues));
    return parsed.output as v.InferOutput<S>;
  });
}
