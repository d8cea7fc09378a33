import type { Context, Hono, Next } from 'hono';
import * as v from 'valibot';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { formIdempotencyKey } from '../../src/lib/http/form-key.ts';
import { EDGE_REASONS } from '../../src/lib/http/messages.ts';
import {
  CreateListResponseSchema,
  LIST_ID_PATTERN,
  LIST_PATHS,
  LIST_SERVER_REASONS,
  ShoppingListsResponseSchema,
  UpdateListResponseSchema,
  listItemIdentity,
  type ListItemOutput,
  type ListItemUpdate,
  type ShoppingListOutput,
} from '../../src/lib/lists/contracts.ts';
import {
  LIST_FORM_PATH,
  LIST_FORM_REASONS,
  ListFormSchema,
  listFormArea,
  listFormError,
  listFormLocation,
  listFormReturn,
  listPagePath,
  type ListFormAction,
  type ListFormInput,
  type ListFormSaved,
} from '../../src/lib/lists/list-form.ts';
import { lineOf } from '../../src/lib/lists/write-queue.ts';
import { errorResponse } from '../errors.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, validJsonOrForm, type FormFields } from '../validate.ts';

// The list page's plain forms (docs/decisions/633-shopping-lists-without-javascript.md): add an
// item by name, check off, a quantity, remove, create, rename and delete a list, without
// JavaScript. The answer is 303 back to the list page with one flag (`?listSaved=…`,
// `?listError=…`), never a 5xx page or JSON; the same fields as JSON get a JSON answer. A form
// cannot resolve a stale versionKey, so its one change is applied to the list as it is now (read,
// then written with that versionKey; a write in between makes it read again), the way the island
// rebases a waiting write (decision 301).

type ListsContext = Context<EdgeEnv>;

/**
 * Reads and writes tried before a change made for the shopper (a form's, "add to list") gives up
 * on a list that keeps changing. The shopper sent no versionKey, so their writes are serialised,
 * not refused: each read-then-write that lost to another (409) reads again, after a short random
 * pause so the writers that lost together do not meet again. One writer wins each round: ten
 * adds sent at once all land (decision 661; three tries once refused four of ten).
 */
export const LIST_WRITE_ATTEMPTS = 12;

/** The pause after a lost write: up to 10 ms more each time, at random within it. */
export const afterLostWrite = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
/** What a form that did what it asked comes back with. */
interface Outcome {
  listSaved: ListFormSaved;
  listId: string | null;
  location: string;
}

const JSON_BODY = /^application\/json\s*(;|$)/i;
/** Reasons a JSON body is refused with as the list API refuses them (422, shopping §8), not as a malformed body. */
const LIMIT_REASONS: ReadonlySet<string> = new Set([
  LIST_SERVER_REASONS.INVALID_ID,
  LIST_SERVER_REASONS.NAME_TOO_LONG,
  LIST_SERVER_REASONS.MAX_QUANTITY,
]);

const LIST_FORM_ACTIONS_WITH_LIST: ReadonlySet<string> = new Set(['add', 'item', 'rename', 'delete']);

/** The page a form goes back to when it is refused (a list that is not there: the lists). */
function refusedLocation(
  returnTo: string | undefined,
  listId: string | undefined,
  reason: string | undefined,
  area: ReturnType<typeof listFormArea>,
) {
  const flag = listFormError(reason, area);
  const page =
    flag === 'notFound'
      ? '/shopping/lists'
      : listFormReturn(returnTo, listId ? listPagePath(listId) : '/shopping/lists');
  return listFormLocation(page, { listError: flag });
}

/** The form's fields, validated; a form that fails goes back to the page with its flag, JSON past a limit is 422. */
function validListForm() {
  const validated = validJsonOrForm(ListFormSchema, {
    invalid: (c, fields: FormFields, issues) => {
      const action = formField(fields, 'action') as ListFormAction;
      const listId = formField(fields, 'listId');
      const location = refusedLocation(
        formField(fields, 'returnTo'),
        LIST_FORM_ACTIONS_WITH_LIST.has(action) && LIST_ID_PATTERN.test(listId) ? listId : undefined,
        issues[0]?.message,
        listFormArea(action),
      );
      return c.redirect(location, 303);
    },
  });
  const middleware = async (c: ListsContext, next: Next) => {
    if (JSON_BODY.test(c.req.header('content-type') ?? '')) {
      const body: unknown = await c.req.json().catch(() => undefined);
      const issues = v.safeParse(ListFormSchema, body).issues;
      const first = issues?.[0]?.message;
      if (first && issues.every((issue) => LIMIT_REASONS.has(issue.message)))
        return errorResponse(c, ERROR_CODES.UNPROCESSABLE, first, 422);
    }
    return validated(c, next);
  };
  return middleware as unknown as typeof validated;
}

async function readList(c: ListsContext, listId: string): Promise<ShoppingListOutput> {
  const { data } = await c.get('upstream').json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema);
  const list = data.data.shoppingLists[0];
  if (!list) throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.NOT_FOUND, 422);
  return list;
}

/**
 * Applies one line to the list as it is now: reads it, builds the line on it (null: nothing to
 * write), writes with that versionKey; another write in between (409) reads it again. Answers
 * whether the form was made on an older list than the one changed.
 */
async function onLatestList(
  c: ListsContext,
  listId: string,
  seen: string | undefined,
  line: (items: ListItemOutput[]) => ListItemUpdate | ListItemUpdate[] | null,
  /** the form's key (decision 640): a second sending finds the first's write and changes nothing */
  idempotencyKey?: string,
): Promise<{ stale: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const list = await readList(c, listId);
    const stale = seen !== undefined && seen !== list.versionKey;
    const next = line(list.lineItems ?? []);
    const lineItems = next === null ? [] : Array.isArray(next) ? next : [next];
    if (lineItems.length === 0) return { stale };
    try {
      await c.get('upstream').json(
        {
          method: 'PUT',
          path: LIST_PATHS.list(listId),
          body: { lineItems, activeList: false, name: list.name, versionKey: list.versionKey },
          ...(idempotencyKey ? { idempotencyKey } : {}),
        },
        UpdateListResponseSchema,
      );
      return { stale };
    } catch (error) {
      // the same form, sent again: its first sending made the change (on the list as it was then)
      if (idempotencyKey && error instanceof HttpError && error.message === EDGE_REASONS.IDEMPOTENCY_KEY_REUSED)
        return { stale: false };
      if (!(error instanceof HttpError) || error.statusCode !== 409 || attempt >= LIST_WRITE_ATTEMPTS) throw error;
    }
    await afterLostWrite(attempt);
  }
}

/** A form's change, made through the upstream; a refusal throws the upstream's HttpError (422 with the spec's reason). */
async function perform(c: ListsContext, input: ListFormInput): Promise<Outcome> {
  const upstream = c.get('upstream');
  const done = (listSaved: ListFormSaved, listId: string | null, page: string, stale = false, itemId?: string) => ({
    listSaved,
    listId,
    location: listFormLocation(page, { listSaved }, itemId, stale),
  });
  switch (input.action) {
    case 'create': {
      const { data } = await upstream.json(
        {
          method: 'POST',
          path: LIST_PATHS.LISTS,
          body: { name: input.name, activeList: 'true' },
          ...(input.formKey ? { idempotencyKey: `form-create-${input.formKey}` } : {}),
        },
        CreateListResponseSchema,
      );
      return done('created', data.data.listId, listPagePath(data.data.listId));
    }
    case 'delete':
      await upstream.json({ method: 'DELETE', path: LIST_PATHS.list(input.listId) }, v.unknown());
      return done('deleted', null, '/shopping/lists');
    case 'rename':
      // the name is all it changes: without a versionKey the upstream applies it to the newest list
      await upstream.json(
        {
          method: 'PUT',
          path: LIST_PATHS.list(input.listId),
          body: { lineItems: [], activeList: false, name: input.name },
        },
        UpdateListResponseSchema,
      );
      return done('renamed', input.listId, listFormReturn(input.returnTo, listPagePath(input.listId)));
    case 'add': {
      const { name, categoryId } = input;
      const identity = listItemIdentity({ upc: null, categoryId, name });
      // one more of an item already there (as the island's add), else a new one
      const { stale } = await onLatestList(
        c,
        input.listId,
        input.versionKey,
        (items) => {
          const existing = items.find((item) => listItemIdentity(item) === identity);
          if (existing)
            return lineOf({
              key: '',
              listId: input.listId,
              kind: 'quantity',
              item: { ...existing, quantity: existing.quantity + 1 },
            });
          return { name, categoryId, type: 'CUSTOMER_DEFINED', channel: 'WEB', quantity: 1, checked: false };
        },
        formIdempotencyKey('form-item', input.formKey),
      );
      return done('added', input.listId, listFormReturn(input.returnTo, listPagePath(input.listId)), stale);
    }
    case 'clear': {
      // every item on the list now, as the island's "Remove all" (quantity 0 removes)
      const { stale } = await onLatestList(c, input.listId, input.versionKey, (items) =>
        items.map((item) => ({ ...lineOf({ key: '', listId: input.listId, kind: 'quantity', item }), quantity: 0 })),
      );
      return done('cleared', input.listId, listFormReturn(input.returnTo, listPagePath(input.listId)), stale);
    }
    case 'item': {
      const { itemId, checked, quantity } = input;
      // a form owns one field of the item (decision 301): its checked state, or its quantity (0 removes)
      const { stale } = await onLatestList(c, input.listId, input.versionKey, (items) => {
        const item = items.find((entry) => entry.id === itemId);
        if (!item && quantity === 0) return null;
        if (!item) throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_FORM_REASONS.ITEM_GONE, 422);
        const changed = { ...item, quantity: quantity ?? item.quantity, checked: checked ?? item.checked };
        return lineOf({ key: '', listId: input.listId, kind: 'quantity', item: changed });
      });
      const page = listFormReturn(input.returnTo, listPagePath(input.listId));
      if (quantity === 0) return done('removed', input.listId, page, stale);
      return done(
        checked === undefined ? 'quantity' : checked ? 'checked' : 'unchecked',
        input.listId,
        page,
        stale,
        itemId,
      );
    }
  }
}

/** Adds `POST /shopping/api/list-form` to the lists' routes (their sign-in and wrapper headers apply). */
export function addListForm(routes: Hono<EdgeEnv>): void {
  routes.post(LIST_FORM_PATH, validListForm(), async (c) => {
    const input = c.req.valid('json');
    if (!formOf(c)) return c.json({ data: await perform(c, input) }, 200);
    try {
      return c.redirect((await perform(c, input)).location, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const listId = 'listId' in input ? input.listId : undefined;
      return c.redirect(
        refusedLocation(
          input.returnTo,
          listId,
          error.message,
          listFormArea(input.action, input.action === 'item' ? input : undefined),
        ),
        303,
      );
    }
  });
}
