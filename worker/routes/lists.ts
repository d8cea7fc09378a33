import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import {
  AddDealToListFormSchema,
  AddToListFormSchema,
  type WeeklyAdInfoSchema,
  CreateListResponseSchema,
  CreateListSchema,
  DEFAULT_LIST_NAME,
  LIST_FRAGMENTS,
  LIST_ID_PATTERN,
  LIST_SERVER_REASONS,
  LIST_PATHS,
  ShoppingListsResponseSchema,
  UpdateListResponseSchema,
  UpdateListSchema,
  activeListId,
  listItemIdentity,
} from '../../src/lib/lists/contracts.ts';
import { errorResponse } from '../errors.ts';
import { loadCurrentCirculars, loadDealDetails } from '../../src/lib/promotions/load-weekly-ad.ts';
import { REMEMBERED_LIST_COOKIE } from '../../src/lib/lists/load-lists.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_GTIN, SAMPLE_LIST_ID, type Capability } from '../capability.ts';

// Shopping lists at the edge (issue 11; shopping §7): the four calls of the spec, validated both
// ways, for a signed-in shopper only; and "add to list" from any page as a plain form or JSON.
// The generic wrapper's headers (shopping §7): an answer that needs sign-in carries `redirecturl`,
// any error answer `errorstatus`. docs/decisions/300-shopping-lists.md

export const listsRoutes = new Hono<EdgeEnv>();
type ListsContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const listsCapability: Capability = {
  routes: listsRoutes,
  apiPrefixes: ['/atlas/v1/', '/shopping/api/'],
  // add to list from any page before hydration (decision 300)
  formEndpoints: ['/shopping/api/add-to-list'],
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

listsRoutes.use(`${LIST_PREFIX}`, wrapperHeaders());
listsRoutes.use(`${LIST_PREFIX}/*`, wrapperHeaders());
listsRoutes.use(LIST_PATHS.ADD_TO_LIST, wrapperHeaders());

function wrapperHeaders() {
  return async (c: ListsContext, next: () => Promise<void>) => {
    if (!c.get('session') && !(c.req.method === 'POST' && c.req.path === LIST_PATHS.ADD_TO_LIST)) {
      const refused = errorResponse(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in to use shopping lists', 401);
      refused.headers.set('errorstatus', '401');
      refused.headers.set('redirecturl', signInUrl('/shopping/lists'));
      refused.headers.set('Cache-Control', 'private, no-store');
      return refused;
    }
    await next();
    c.header('Cache-Control', 'private, no-store');
    if (c.res.status >= 400) c.header('errorstatus', String(c.res.status));
    if (c.res.status === 401 || c.res.status === 403) c.header('redirecturl', signInUrl('/shopping/lists'));
  };
}

function checkListId(listId: string) {
  if (!LIST_ID_PATTERN.test(listId)) throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'Invalid list ID.', 422);
}

listsRoutes.get(LIST_PREFIX, async (c) => {
  const { data } = await c.get('upstream').json({ path: LIST_PREFIX }, ShoppingListsResponseSchema);
  return c.json(data, 200);
});

listsRoutes.post(LIST_PREFIX, validJson(CreateListSchema), async (c) => {
  const result = await c
    .get('upstream')
    .json(
      { method: 'POST', path: LIST_PREFIX, body: c.req.valid('json'), ...writeHeaders(c) },
      CreateListResponseSchema,
    );
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 201);
});

listsRoutes.get(`${LIST_PREFIX}/:listId`, async (c) => {
  const listId = c.req.param('listId');
  checkListId(listId);
  const { data } = await c.get('upstream').json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema);
  return c.json(data, 200);
});

listsRoutes.put(`${LIST_PREFIX}/:listId`, validJson(UpdateListSchema), async (c) => {
  const listId = c.req.param('listId');
  checkListId(listId);
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
listsRoutes.delete(`${LIST_PREFIX}/:listId`, async (c) => {
  const listId = c.req.param('listId');
  checkListId(listId);
  const { data } = await c.get('upstream').json({ method: 'DELETE', path: LIST_PATHS.list(listId) }, DeletedSchema);
  return c.json(data, 200);
});

/**
 * Adds one of a product to the shopper's active list (the requested one, else the remembered
 * one, else the first; a shopper without lists gets 'My Shopping List'): one more when it is
 * already there.
 */
type NewLine = {
  upc?: string;
  categoryId?: string;
  name?: string;
  type: 'UPC' | 'WEEKLY_AD';
  weeklyAdInfo?: v.InferOutput<typeof WeeklyAdInfoSchema>;
};

/** The WEEKLY_AD line of a deal of the current weekly ad (shopping §3 weeklyAdInfo). */
async function dealLine(c: ListsContext, dealId: string): Promise<NewLine> {
  const [details, circulars] = await Promise.all([
    loadDealDetails(c.get('upstream'), dealId),
    loadCurrentCirculars(c.get('upstream')),
  ]);
  if (details.state !== 'loaded')
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such deal in the current weekly ad', 404);
  const circular = circulars?.find((entry) => entry.id === details.deal.circularId);
  const { deal } = details;
  return {
    type: 'WEEKLY_AD',
    name: deal.title.slice(0, 200),
    ...(deal.categoryId && /^\d{2,4}$/.test(deal.categoryId) ? { categoryId: deal.categoryId } : {}),
    weeklyAdInfo: {
      startDate: circular?.startDate ?? { value: new Date().toISOString(), timezone: 'UTC' },
      endDate: circular?.endDate ?? { value: new Date(Date.now() + 7 * 86_400_000).toISOString(), timezone: 'UTC' },
      priceString: deal.priceString.slice(0, 80),
      displayName: deal.title.slice(0, 200),
      ...(circular ? { circular: circular.title.slice(0, 80) } : {}),
      weeklyFlyer: deal.weeklyFlyer?.name.slice(0, 80) ?? null,
      imageFileUri: deal.imageFileUri.slice(0, 500),
    },
  };
}

async function addToList(c: ListsContext, line: string | NewLine, requested: string | undefined) {
  const wanted: NewLine = typeof line === 'string' ? { upc: line, type: 'UPC' } : line;
  const upstream = c.get('upstream');
  let lists = (await upstream.json({ path: LIST_PREFIX }, ShoppingListsResponseSchema)).data.data.shoppingLists;
  if (lists.length === 0) {
    await upstream.json(
      {
        method: 'POST',
        path: LIST_PREFIX,
        body: { name: DEFAULT_LIST_NAME, activeList: 'true' },
        idempotencyKey: `default-list-${c.get('session')?.customerGUID ?? 'x'}`,
      },
      CreateListResponseSchema,
    );
    lists = (await upstream.json({ path: LIST_PREFIX }, ShoppingListsResponseSchema)).data.data.shoppingLists;
  }
  const listId = activeListId(lists, requested, getCookie(c, REMEMBERED_LIST_COOKIE));
  if (!listId) throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'No list to add to', 500);
  const list = (await upstream.json({ path: LIST_PATHS.list(listId) }, ShoppingListsResponseSchema)).data.data
    .shoppingLists[0];
  const identity = listItemIdentity({
    upc: wanted.upc ?? null,
    categoryId: wanted.categoryId ?? null,
    name: wanted.name ?? '',
  });
  const existing = list?.lineItems?.find((item) => listItemIdentity(item) === identity);
  const quantity = Math.min((existing?.quantity ?? 0) + 1, 1000);
  const result = await upstream.json(
    {
      method: 'PUT',
      path: LIST_PATHS.list(listId),
      body: { lineItems: [{ ...wanted, channel: 'WEB', quantity }], ...(list ? { versionKey: list.versionKey } : {}) },
    },
    UpdateListResponseSchema,
  );
  return { listId, name: result.data.data.name, result: result.data };
}

const isForm = (c: ListsContext) =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '');

listsRoutes.post(LIST_PATHS.ADD_TO_LIST, async (c, next) => {
  if (!isForm(c)) return next();
  // add to list before hydration (issue 11 §3): a plain form, back to the page it was sent from
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const fields = Object.fromEntries(
    Object.entries(form).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
  const returnTo = sanitizeRedirectUrl(typeof fields.returnTo === 'string' ? fields.returnTo : '/shopping/lists');
  if (!c.get('session')) return c.redirect(signInUrl(returnTo), 303);
  const parsed = v.safeParse(AddToListFormSchema, fields);
  // the answer is a fragment the page shows with CSS alone (src/layouts/BaseLayout.astro): the
  // shared, cached page stays the same for everyone
  const back = (fragment: string) => c.redirect(`${returnTo.split('#')[0]}#${fragment}`, 303);
  const deal = parsed.success ? null : v.safeParse(AddDealToListFormSchema, fields);
  if (!parsed.success && !deal?.success) return back(LIST_FRAGMENTS.failed);
  try {
    if (parsed.success) await addToList(c, parsed.output.gtin13, parsed.output.listId);
    else if (deal?.success) await addToList(c, await dealLine(c, deal.output.dealId), deal.output.listId);
    return back(LIST_FRAGMENTS.added);
  } catch (error) {
    const reason = error instanceof HttpError && error.statusCode === 422 ? error.message : '';
    return back(reason === LIST_SERVER_REASONS.MAX_ITEMS ? LIST_FRAGMENTS.full : LIST_FRAGMENTS.failed);
  }
});
listsRoutes.post(
  LIST_PATHS.ADD_TO_LIST,
  validJson(v.object({ gtin13: AddToListFormSchema.entries.gtin13, listId: AddToListFormSchema.entries.listId })),
  async (c) => {
    if (!c.get('session')) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to use shopping lists', 401);
    const body = c.req.valid('json');
    const added = await addToList(c, body.gtin13, body.listId);
    return c.json(added.result, 200);
  },
);
