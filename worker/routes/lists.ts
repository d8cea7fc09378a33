import { Hono, type Context, type Next } from 'hono';
import { getCookie } from 'hono/cookie';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { FORM_KEY_FIELD, formIdempotencyKey } from '../../src/lib/http/form-key.ts';
import { EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import {
  AddDealToListFormSchema,
  AddToListFormSchema,
  CreateListResponseSchema,
  CreateListSchema,
  LIST_ID_PATTERN,
  LIST_SERVER_REASONS,
  LIST_PATHS,
  ShoppingListsResponseSchema,
  UpdateListResponseSchema,
  UpdateListSchema,
  activeListId,
  listItemIdentity,
} from '../../src/lib/lists/contracts.ts';
import { dealLine, type NewLine } from '../../src/lib/lists/deal-line.ts';
import { LIST_FRAGMENTS, listAddFragment } from '../../src/lib/lists/list-fragments.ts';
import { listLimitReason } from '../../src/lib/lists/list-limits.ts';
import { listsWithDefault, REMEMBERED_LIST_COOKIE } from '../../src/lib/lists/load-lists.ts';
import { errorResponse } from '../errors.ts';
import type { EdgeEnv } from '../types.ts';
import { formOf, readFormFields, singleValues, validJson, validJsonOrForm, type FormFields } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_GTIN, SAMPLE_LIST_ID, type Capability } from '../capability.ts';
import { LIST_FORM_PATH } from '../../src/lib/lists/list-form.ts';
import { addListForm, afterLostWrite, LIST_WRITE_ATTEMPTS } from './lists-form.ts';

// Shopping lists at the edge (issue 11; shopping §7): the four calls of the spec, validated both
// ways, for a signed-in shopper only; and "add to list" from any page as a plain form or JSON.
// The generic wrapper's headers (shopping §7): an answer that needs sign-in carries `redirecturl`,
// any error answer `errorstatus`. docs/decisions/300-shopping-lists.md

const listsRoutes = new Hono<EdgeEnv>();
type ListsContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const listsCapability: Capability = {
  routes: listsRoutes,
  apiPrefixes: ['/atlas/v1/', '/shopping/api/'],
  // add to list from any page before hydration (decision 300); the list page's forms (decision 633)
  formEndpoints: ['/shopping/api/add-to-list', LIST_FORM_PATH],
  personalPages: ['/shopping'],
  registry: {
    api: [
      { method: 'GET', path: '/atlas/v1/shopping-list/v1/shopping-lists', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/atlas/v1/shopping-list/v1/shopping-lists',
        sample: { body: { name: 'Registry list', activeList: 'true' } },
        needsSignIn: true,
      },
      {
        method: 'GET',
        path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`,
        route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId',
        sample: {},
        needsSignIn: true,
      },
      {
        method: 'PUT',
        path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`,
        route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId',
        sample: { body: { lineItems: [{ upc: SAMPLE_GTIN, type: 'UPC', channel: 'WEB', quantity: 2 }] } },
        needsSignIn: true,
      },
      {
        method: 'DELETE',
        path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`,
        route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId',
        sample: {},
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/shopping/api/add-to-list',
        sample: { body: { gtin13: SAMPLE_GTIN } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: LIST_FORM_PATH,
        sample: { body: { action: 'add', listId: SAMPLE_LIST_ID, name: 'Registry item', categoryId: '01' } },
        needsSignIn: true,
      },
    ],
    pages: [
      {
        name: 'shopping lists',
        path: '/shopping/lists',
        file: 'shopping/lists.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'shopping list',
        path: '/shopping/list/00000000-0000-4000-8000-000000000001',
        file: 'shopping/list/[id].astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

const LIST_PREFIX = LIST_PATHS.LISTS;

/** The fields "add to list" reads from its plain form: the non-empty ones. */
const filledFields = (fields: FormFields) =>
  Object.fromEntries(Object.entries(singleValues(fields)).filter(([, value]) => value !== ''));
/** Where the plain "add to list" form comes back to. */
const returnToOf = (fields: FormFields) => sanitizeRedirectUrl(filledFields(fields).returnTo ?? '/shopping/lists');

// every call needs a signed-in shopper; a plain "add to list" form goes to sign in and back
const signedIn = requireSession(SIGN_IN_REASONS.LISTS, {
  signInFrom: async (c) => returnToOf(await readFormFields(c)),
});
for (const path of [LIST_PREFIX, `${LIST_PREFIX}/*`, LIST_PATHS.ADD_TO_LIST, LIST_FORM_PATH]) {
  listsRoutes.use(path, wrapperHeaders());
  listsRoutes.use(path, signedIn);
}

function wrapperHeaders() {
  return async (c: ListsContext, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
    if (c.res.status >= 400) c.header('errorstatus', String(c.res.status));
    if (c.res.status === 401 || c.res.status === 403) c.header('redirecturl', signInUrl('/shopping/lists'));
  };
}

// shopping §8: a malformed list id is the spec's 422 'Invalid list ID.', answered here (decision
// 300, 623), which the island shows as the list that does not exist, not as an outage
// the list page's plain forms (decision 633), behind the same sign-in and wrapper headers
addListForm(listsRoutes);

const validListId = validator('param', (params: Record<string, string>, c) => {
  const listId = params.listId ?? '';
  if (!LIST_ID_PATTERN.test(listId))
    return errorResponse(c, ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.INVALID_ID, 422);
  return { listId };
});

const JSON_BODY = /^application\/json\s*(;|$)/i;
/**
 * validJson, but a body that fails on business limits alone (shopping §5: a name too long, a
 * quantity above 999, too many items), however far past them, is the limit's 422 reason.
 */
function validListJson<S extends v.GenericSchema>(schema: S) {
  const json = validJson(schema);
  const limits = async (c: ListsContext, next: Next) => {
    if (JSON_BODY.test(c.req.header('content-type') ?? '')) {
      const body: unknown = await c.req.json().catch(() => undefined);
      const reason = listLimitReason(v.safeParse(schema, body).issues);
      if (reason) return errorResponse(c, ERROR_CODES.UNPROCESSABLE, reason, 422);
    }
    return json(c, next);
  };
  return limits as unknown as typeof json;
}

listsRoutes.get(LIST_PREFIX, async (c) => {
  const { data } = await c.get('upstream').json({ path: LIST_PREFIX }, ShoppingListsResponseSchema);
  return c.json(data, 200);
});

listsRoutes.post(LIST_PREFIX, validListJson(CreateListSchema), async (c) => {
  const result = await c
    .get('upstream')
    .json(
      { method: 'POST', path: LIST_PREFIX, body: c.req.valid('json'), ...writeHeaders(c) },
      CreateListResponseSchema,
    );
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 201);
});

listsRoutes.get(`${LIST_PREFIX}/:listId`, validListId, async (c) => {
  const { listId } = c.req.valid('param');
  const { data } = await c.get('upstream').json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema);
  return c.json(data, 200);
});

listsRoutes.put(`${LIST_PREFIX}/:listId`, validListId, validListJson(UpdateListSchema), async (c) => {
  const { listId } = c.req.valid('param');
  const result = await c
    .get('upstream')
    .json(
      { method: 'PUT', path: LIST_PATHS.list(listId), body: c.req.valid('json'), ...writeHeaders(c) },
      UpdateListResponseSchema,
    );
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 200);
});

const DeletedSchema = v.object({ data: v.object({ listId: v.string(), deleted: v.literal(true) }) });
listsRoutes.delete(`${LIST_PREFIX}/:listId`, validListId, async (c) => {
  const { listId } = c.req.valid('param');
  const { data } = await c.get('upstream').json({ method: 'DELETE', path: LIST_PATHS.list(listId) }, DeletedSchema);
  return c.json(data, 200);
});

/**
 * Adds one of a product to the shopper's active list (the requested one, else the remembered
 * one, else the first; a shopper without lists gets 'My Shopping List'): one more when it is
 * already there. `idempotencyKey`: a plain form's key (decision 640), so the form sent twice adds one.
 */
async function addToList(c: ListsContext, line: string | NewLine, requested?: string, idempotencyKey?: string) {
  const wanted: NewLine = typeof line === 'string' ? { upc: line, type: 'UPC' } : line;
  const upstream = c.get('upstream');
  const lists = await listsWithDefault(upstream, c.get('session')?.customerGUID ?? 'x');
  // a list asked for by id that is gone (deleted on another device): the spec's added-to-deleted-list error (§8)
  if (requested && !lists.some((list) => list.listId === requested))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, LIST_SERVER_REASONS.NOT_FOUND, 422);
  const listId = activeListId(lists, requested, getCookie(c, REMEMBERED_LIST_COOKIE));
  if (!listId) throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, EDGE_REASONS.NO_LIST_TO_ADD_TO, 500);
  const identity = listItemIdentity({
    upc: wanted.upc ?? null,
    categoryId: wanted.categoryId ?? null,
    name: wanted.name ?? '',
  });
  // one more on the list as it is now; a write in between (409) reads it again (decision 661)
  for (let attempt = 1; ; attempt++) {
    const list = (await upstream.json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema)).data.data
      .shoppingLists[0];
    const existing = list?.lineItems?.find((item) => listItemIdentity(item) === identity);
    const quantity = Math.min((existing?.quantity ?? 0) + 1, 1000);
    try {
      const result = await upstream.json(
        {
          method: 'PUT',
          path: LIST_PATHS.list(listId),
          body: {
            lineItems: [{ ...wanted, channel: 'WEB', quantity }],
            ...(list ? { versionKey: list.versionKey } : {}),
          },
          ...(idempotencyKey ? { idempotencyKey } : {}),
        },
        UpdateListResponseSchema,
      );
      return { listId, name: result.data.data.name, result: result.data };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409 || attempt >= LIST_WRITE_ATTEMPTS) throw error;
    }
    await afterLostWrite(attempt);
  }
}

// JSON, or "add to list" before hydration (issue 11 §3): a plain form, back to the page it was sent from
listsRoutes.post(
  LIST_PATHS.ADD_TO_LIST,
  validJsonOrForm(
    v.object({ gtin13: AddToListFormSchema.entries.gtin13, listId: AddToListFormSchema.entries.listId }),
    {
      schema: v.union([AddToListFormSchema, AddDealToListFormSchema]),
      fields: filledFields,
      invalid: (c, fields) => back(c, returnToOf(fields), LIST_FRAGMENTS.failed),
    },
  ),
  async (c) => {
    const body = c.req.valid('json');
    const form = formOf(c);
    if (!form) {
      const added = await addToList(c, (body as { gtin13: string }).gtin13, body.listId);
      return c.json(added.result, 200);
    }
    const returnTo = returnToOf(form);
    // the form's key (decision 640): sent again, its PUT differs (the item is on now), the key's reuse is refused: added
    const key = formIdempotencyKey('form-list-add', singleValues(form)[FORM_KEY_FIELD]);
    try {
      if ('gtin13' in body) await addToList(c, body.gtin13, body.listId, key);
      else await addToList(c, await dealLine(c.get('upstream'), body.dealId), body.listId, key);
      return back(c, returnTo, LIST_FRAGMENTS.added);
    } catch (error) {
      if (key && error instanceof HttpError && error.message === EDGE_REASONS.IDEMPOTENCY_KEY_REUSED)
        return back(c, returnTo, LIST_FRAGMENTS.added);
      const reason = error instanceof HttpError && error.statusCode === 422 ? error.message : '';
      return back(c, returnTo, listAddFragment(reason));
    }
  },
);

// the answer is a fragment the page shows with CSS alone (src/layouts/BaseLayout.astro): the
// shared, cached page stays the same for everyone
function back(c: ListsContext, returnTo: string, fragment: string) {
  return c.redirect(`${returnTo.split('#')[0]}#${fragment}`, 303);
}
