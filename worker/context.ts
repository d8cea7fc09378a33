import { AsyncLocalStorage } from 'node:async_hooks';
import type { Banner } from '../src/lib/banner/banners.ts';
import type { Modality } from '../src/lib/catalog/product.ts';
import type { SessionState } from './types.ts';
import type { UpstreamClient } from './upstream/client.ts';

/**
 * What an Astro page may know about its request: set by the worker around Astro's handler, so
 * pages load data through the worker's upstream client, never over HTTP to our own origin.
 */
export interface PageContext {
  banner: Banner;
  locationId: string;
  modality: Modality;
  session: SessionState | null;
  upstream: UpstreamClient;
  requestId: string;
  /** Pages set this to false when what they render must not be cached for everyone. */
  cacheable: boolean;
}

const storage = new AsyncLocalStorage<PageContext>();

export function runWithPageContext<T>(context: PageContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current page's context; throws when called outside a request. */
export function getPageContext(): PageContext {
  const context = storage.getStore();
  if (!context) throw new Error('getPageContext() called outside a worker request');
  return context;
}
