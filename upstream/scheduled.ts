import type { UpstreamBindings } from './context.ts';
import { purgeExpired } from './db/retention.ts';

/**
 * The upstream's Cron Trigger (wrangler.jsonc and upstream/wrangler.jsonc `triggers.crons`): the
 * daily retention purge. The one-worker deployment (worker/index-embedded.ts) and the upstream's
 * own worker (upstream/worker.ts) both export it; the edge alone has no data to purge.
 */
export const scheduled: ExportedHandlerScheduledHandler<UpstreamBindings> = (_controller, env, ctx) => {
  ctx.waitUntil(
    purgeExpired(env.DB).then((deleted) => {
      console.log(JSON.stringify({ event: 'retention', deleted }));
    }),
  );
};
