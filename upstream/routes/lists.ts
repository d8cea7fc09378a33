import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { isBannerId } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import {
  CreateListSchema,
  LIST_ID_PATTERN,
  LIST_LIMITS,
  LIST_PATHS,
  LIST_SERVER_REASONS,
  sortListsByName,
  UpdateListSchema,
} from '../../src/lib/lists/contracts.ts';
import { listLimitReason } from '../../src/lib/lists/list-limits.ts';
import type { UpstreamEnv } from '../context.ts';
import { WriteConflictError, idempotentWrite } from '../db/idempotency.ts';
import {
  applyItemUpdates,
  checkListName,
  listOf,
  listsOf,
  newVersionKey,
  storedItems,
  type ListRow,
} from '../db/lists.ts';
import { catalogFacts, listView } from '../db/list-view.ts';
import { categories, countLists, deleteList, insertList, updateList } from '../db/list-writes.ts';
import { serialised } from '../db/serial.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { parseBody } from '../validate.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';

// The shopping-list service (issue 11; shopping §7 Shopping lists) on the spec's paths. Lists are
// the signed-in customer's, per banner. POST takes an Idempotency-Key; PUT carries the versionKey
// it was made on (stale: 409, nothing changed; none: serialised and applied to the newest list)
// and may take an Idempotency-Key (the offline queue replays with one). docs/decisions/300.

export const listsService = new Hono<UpstreamEnv>();
type ListsContext = Context<UpstreamEnv>;

const MAX_WRITE_ATTEMPTS = 5;

listsService.use(`${LIST_PATHS.LISTS}`, requireCustomer());
listsService.use(`${LIST_PATHS.LISTS}/*`, requireCustomer());

function who(c: ListsContext) {
  const call = c.get('call');
  if (!call.customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to use shopping lists', 401);
  return {
    customerGUID: call.customer.customerGUID,
    banner: isBannerId(call.banner) ? call.banner : 'harvest',
    locationId: call.locationId,
  };
}

async function view(c: ListsContext, row: ListRow, withItems = true) {
  const { customerGUID, banner, locationId } = who(c);
  return listView(
    c.env.DB,
    row,
    { locationId, banner, customerGUID, now: Date.now(), categoryNames: await categories(c.env.DB) },
    withItems,
  );
}

function summary(list: Awaited<ReturnType<typeof view>>) {
  const { lineItems: _items, estimatedTotal: _total, ...rest } = list;
  return rest;
}

function checkListId(listId: string): void {
  if (!LIST_ID_PATTERN.test(listId))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.INVALID_ID, 422);
}

/** parseBody, but a body that fails on business limits alone is the limit's 422 reason (shopping §5, §8). */
async function listBody<S extends v.GenericSchema>(c: ListsContext, schema: S): Promise<v.InferOutput<S>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  const reason = listLimitReason(v.safeParse(schema, body).issues);
  if (reason) throw new HttpError(ERROR_CODES.UNPROCESSABLE, reason, 422);
  return parseBody(c, schema);
}

/** Runs a write whose UNIQUE name index may refuse it: the duplicate-name reason (shopping §8). */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String(error instanceof Error ? error.message : error)))
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.DUPLICATE_NAME, 422);
    throw error;
  }
}

listsService.get(LIST_PATHS.LISTS, async (c) => {
  const { customerGUID, banner } = who(c);
  const rows = sortListsByName(await listsOf(c.env.DB, customerGUID, banner));
  const lists = await Promise.all(rows.map(async (row) => summary(await view(c, row, false))));
  return c.json({ data: { shoppingLists: lists } }, 200);
});

listsService.post(LIST_PATHS.LISTS, async (c) => {
  const { customerGUID, banner } = who(c);
  const input = await listBody(c, CreateListSchema);
  const key = idempotencyKey(c);
  const db = c.env.DB;
  const answer = await serialised(`lists:${customerGUID}:${banner}`, () =>
    idempotentWrite(
      { db, scope: `lists:${customerGUID}`, key, method: 'POST', path: LIST_PATHS.LISTS, body: input },
      async (record) => {
        const name = checkListName(input.name);
        if ((await countLists(db, customerGUID, banner)) >= LIST_LIMITS.MAX_LISTS_PER_USER)
          throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.MAX_LISTS, 422);
        const listId = crypto.randomUUID();
        const versionKey = newVersionKey();
        const now = Date.now();
        const body = { data: { listId, name, versionKey } };
        await uniqueName(
          insertList(db, { listId, customerGUID, banner, name, versionKey, now }, record({ status: 201, body })),
        );
        return { status: 201, body };
      },
    ),
  );
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as object, answer.status as 201);
});

/** The list of the path's id, the shopper's (422 with the spec's reasons otherwise). */
async function pathList(c: ListsContext): Promise<ListRow> {
  const listId = c.req.param('listId') ?? '';
  checkListId(listId);
  const { customerGUID, banner } = who(c);
  return listOf(c.env.DB, customerGUID, banner, listId);
}

listsService.get(`${LIST_PATHS.LISTS}/:listId`, async (c) =>
  c.json({ data: { shoppingLists: [await view(c, await pathList(c))] } }, 200),
);

listsService.put(`${LIST_PATHS.LISTS}/:listId`, async (c) => {
  const listId = c.req.param('listId');
  checkListId(listId);
  const { customerGUID, banner, locationId } = who(c);
  const input = await listBody(c, UpdateListSchema);
  const key = idempotencyKey(c);
  const db = c.env.DB;
  const answer = await serialised(`list:${listId}`, () =>
    idempotentWrite(
      { db, scope: `lists:${customerGUID}`, key, method: 'PUT', path: LIST_PATHS.list(listId), body: input },
      async (record) => {
        for (let attempt = 1; ; attempt++) {
          const row = await listOf(db, customerGUID, banner, listId);
          if (input.versionKey !== undefined && input.versionKey !== row.version_key) {
            throw new HttpError(ERROR_CODES.CONFLICT, 'The list was changed since it was read', 409, [
              `versionKey: ${row.version_key}`,
            ]);
          }
          const name = input.name !== undefined ? checkListName(input.name) : row.name;
          const upcs = input.lineItems.flatMap((item) => (item.upc ? [item.upc] : []));
          const catalog = upcs.length === 0 ? new Map() : await catalogFacts(db, upcs, locationId);
          const now = Date.now();
          const items = applyItemUpdates(storedItems(row), input.lineItems, catalog, now);
          const versionKey = newVersionKey();
          const next: ListRow = {
            ...row,
            name,
            version_key: versionKey,
            items: JSON.stringify(items),
            item_count: items.length,
            modified_at: now,
            modified_by: 'WEB',
          };
          const list = await view(c, next);
          const body = {
            data: {
              listId,
              name,
              versionKey,
              itemCount: items.length,
              lineItems: list.lineItems,
              estimatedTotal: list.estimatedTotal,
            },
          };
          const written = await uniqueName(
            updateList(db, next, row.version_key, (guard) => record({ status: 200, body }, guard)),
          );
          if (written) return { status: 200, body };
          // another write got there first: with a versionKey that is the 409 above on the next
          // read; without one the change is applied again to the newer list
          if (input.versionKey !== undefined || attempt >= MAX_WRITE_ATTEMPTS) {
            if (input.versionKey !== undefined)
              throw new HttpError(ERROR_CODES.CONFLICT, 'The list was changed since it was read', 409);
            throw new WriteConflictError();
          }
        }
      },
    ),
  );
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as object, answer.status as 200);
});

listsService.delete(`${LIST_PATHS.LISTS}/:listId`, async (c) => {
  const row = await pathList(c);
  await deleteList(c.env.DB, row.list_id, row.customer_guid);
  return c.json({ data: { listId: row.list_id, deleted: true } }, 200);
});
