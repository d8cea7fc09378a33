import * as v from 'valibot';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import {
  CreateListResponseSchema,
  LIST_PATHS,
  ShoppingListsResponseSchema,
  UpdateListResponseSchema,
  type UpdateListInput,
} from '../../lib/lists/contracts.ts';
import { islandFetch } from '../shared/fetch.ts';

// The list island's calls, through the generic wrapper of shopping §7: an answer with a
// `redirecturl` header sends the shopper to sign-in; one with `errorstatus` is an error. A fetch
// that never reached the edge (offline, timed out) is a network error: the write waits.

export type ListCallResult<T> =
  | { ok: true; data: T }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'conflict' }
  | { ok: false; kind: 'error'; status: number; reason: string };

async function call<T>(
  path: string,
  init: RequestInit,
  schema: v.GenericSchema<unknown, T>,
): Promise<ListCallResult<T>> {
  let response: Response;
  try {
    response = await islandFetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    return { ok: false, kind: 'network' };
  }
  const redirect = response.headers.get('redirecturl');
  if (redirect && (response.status === 401 || response.status === 403)) {
    window.location.assign(redirect.startsWith('/') ? redirect : '/signin');
    return { ok: false, kind: 'error', status: response.status, reason: 'Sign in required' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 409) return { ok: false, kind: 'conflict' };
  if (response.headers.has('errorstatus') || !response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, body);
    return {
      ok: false,
      kind: 'error',
      status: response.status,
      reason: parsed.success ? (parsed.output.errors[0]?.reason ?? '') : '',
    };
  }
  const parsed = v.safeParse(schema, body);
  return parsed.success
    ? { ok: true, data: parsed.output }
    : { ok: false, kind: 'error', status: response.status, reason: 'Unexpected answer' };
}

export const listApi = {
  lists: () => call(LIST_PATHS.LISTS, { method: 'GET' }, ShoppingListsResponseSchema),
  list: (listId: string) => call(LIST_PATHS.list(listId), { method: 'GET' }, ShoppingListsResponseSchema),
  create: (name: string, key: string) =>
    call(
      LIST_PATHS.LISTS,
      { method: 'POST', body: JSON.stringify({ name, activeList: 'true' }), headers: { 'idempotency-key': key } },
      CreateListResponseSchema,
    ),
  update: (listId: string, body: UpdateListInput, key?: string) =>
    call(
      LIST_PATHS.list(listId),
      { method: 'PUT', body: JSON.stringify(body), headers: key ? { 'idempotency-key': key } : {} },
      UpdateListResponseSchema,
    ),
  remove: (listId: string) =>
    call(LIST_PATHS.list(listId), { method: 'DELETE' }, v.object({ data: v.object({ listId: v.string() }) })),
};
