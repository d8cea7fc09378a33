import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { RECIPE_PATHS } from '../src/lib/recipes/recipes.ts';
import { readSession } from './middleware/session/index.ts';
import { recipeCorrelationId } from './routes/recipes.ts';
import type { EdgeEnv } from './types.ts';

// A recipe view is recorded for a signed-in shopper only (issue 10 §2; shopping §4). Recipe pages
// are shared, cached pages that never read the session (decision 075), so the edge records the
// view beside the page: after a recipe page answered 200 to a request with a valid session cookie,
// it posts the view to the shopper's recent views under waitUntil (the page does not wait).

const RECIPE_PAGE = /^\/r\/[^/]+\/(\d{1,9})$/;
const RecordedSchema = v.object({ data: v.object({ recentViews: v.array(v.string()) }) });

export function recordRecentViews(reattachUpstream: (c: Context<EdgeEnv>) => void): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    const id = c.req.method === 'GET' ? RECIPE_PAGE.exec(c.req.path)?.[1] : undefined;
    if (!id || c.res.status !== 200 || !(c.req.header('cookie') ?? '').includes('hm_session=')) return;
    const session = await readSession(c);
    if (!session) return;
    c.set('session', session);
    reattachUpstream(c);
    const write = c
      .get('upstream')
      .json(
        {
          method: 'POST',
          path: RECIPE_PATHS.recentViews(session.customerGUID),
          body: { recentViews: [id] },
          correlationId: recipeCorrelationId(),
        },
        RecordedSchema,
      )
      .catch(() => undefined);
    try {
      c.executionCtx.waitUntil(write);
    } catch {
      await write; // no execution context (tests): record before answering
    }
  };
}
