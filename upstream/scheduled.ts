import type { UpstreamBindings } from './context.ts';
import { releaseExpiredClaims } from './db/flash-sales.ts';
import { purgeExpired } from './db/retention.ts';
import { refreshPopularity } from './db/search-relevance.ts';

/**
 * The upstream's Cron Trigger (wrangler.jsonc and upstream/wrangler.jsonc `triggers.crons`): the
 * daily retention purge, and the flash-sale claims no order used going back to their sales (the
 * claim call releases its own sale's at once; reads count expired claims as free already:
 * docs/decisions/470), and search's popularity snapshot from the receipts of the last 90 days
 * (docs/decisions/595). The one-worker deployment (worker/index-embedded.ts) and the upstream's
 * own worker (upstream/worker.ts) both export it; the edge alone has no data to purge.
 */
export const scheduled: ExportedHandlerScheduledHandler<UpstreamBindings> = (_controller, env, ctx) => {
  ctx.waitUntil(
    purgeExpired(env.DB).then((deleted) => {
      console.log(JSON.stringify({ event: 'retention', deleted }));
    }),
  );
  ctx.waitUntil(
    env.DB.batch(releaseExpiredClaims(env.DB, Date.now())).then((results) =>
      console.log(JSON.stringify({ event: 'flash-claims-released', deleted: results[1]?.meta.changes ?? 0 })),
    ),
  );
  ctx.waitUntil(
    refreshPopularity(env.DB).then((rows) => console.log(JSON.stringify({ event: 'search-popularity', ...rows }))),
  );
};
