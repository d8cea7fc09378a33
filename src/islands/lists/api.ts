import * as v from 'valibot';
import { BASKET_PATHS } from '../../lib/basket/contracts.ts';
import { COUPON_PATHS, CouponsResponseSchema } from '../../lib/coupons/coupons.ts';
import { newWriteKey } from '../../lib/lists/write-queue.ts';
import {
  CreateListResponseSchema,
  LIST_PATHS,
  ShoppingListsResponseSchema,
  UpdateListResponseSchema,
  type UpdateListInput,
} from '../../lib/lists/contracts.ts';
import { callEdge, edgeResult, type EdgeRequest } from '../shared/call-edge.ts';

// The list island's calls, through the generic wrapper of shopping §7: an answer with a
// `redirecturl` header sends the shopper to sign-in; one with `errorstatus` is an error. A fetch
// that never reached the edge (offline, timed out) is a network error: the write waits.

export type ListCallResult<T> =
  | { ok: true; data: T }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'conflict' }
  | { ok: false; kind: 'error'; status: number; reason: string };

async function call<S extends v.GenericSchema>(
  path: string,
  schema: S,
  request: EdgeRequest = {},
): Promise<ListCallResult<v.InferOutput<S>>> {
  const result = await edgeResult(callEdge(path, { ...request, schema }));
  if (result.ok) return result;
  if (result.status === null) return { ok: false, kind: 'network' };
  if (result.status === 409) return { ok: false, kind: 'conflict' };
  return { ok: false, kind: 'error', status: result.status, reason: result.reason ?? '' };
}

export const listApi = {
  lists: () => call(LIST_PATHS.LISTS, ShoppingListsResponseSchema),
  list: (listId: string) => call(LIST_PATHS.list(listId), ShoppingListsResponseSchema),
  create: (name: string, key: string) =>
    call(LIST_PATHS.LISTS, CreateListResponseSchema, {
      method: 'POST',
      body: { name, activeList: 'true' },
      idempotencyKey: key,
    }),
  update: (listId: string, body: UpdateListInput, key?: string) =>
    call(LIST_PATHS.list(listId), UpdateListResponseSchema, {
      method: 'PUT',
      body,
      ...(key ? { idempotencyKey: key } : {}),
    }),
  /** shopping §3 print coupon info: the coupons that cover these UPCs. */
  couponsFor: (upcs: readonly string[]) =>
    call(
      `${COUPON_PATHS.LIST}?${new URLSearchParams({ 'filter.upcs': upcs.join(','), projection: 'full' })}`,
      CouponsResponseSchema,
    ),
  /** One product into the cart, a write of its own (only whether it landed matters here). */
  addToCart: (gtin13: string, quantity: number) =>
    call(BASKET_PATHS.ADD_ITEM, v.unknown(), {
      method: 'POST',
      body: { gtin13, quantity },
      idempotencyKey: newWriteKey(),
    }),
  remove: (listId: string) =>
    call(LIST_PATHS.list(listId), v.object({ data: v.object({ listId: v.string() }) }), { method: 'DELETE' }),
};
