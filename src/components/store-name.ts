import * as v from 'valibot';
import type { PageContext } from '../lib/http/page-context.ts';
import { StoreSchema, shortStoreName, storePath } from '../lib/location/stores.ts';

// The header names the shopper's store (issue 22 §1: "Pickup · Orchard Plaza", not "Store 00101").
// Store names change rarely: each isolate keeps them for ten minutes, so a page render costs no
// upstream call for them after the first (docs/decisions/562).

const StoreAnswerSchema = v.object({ data: v.object({ store: StoreSchema }) });
const KEEP_MS = 10 * 60 * 1000;
const names = new Map<string, { name: string; until: number }>();

/** The short name of the page's store, or null when it cannot be read (the header then says its number). */
export async function loadStoreName(
  context: Pick<PageContext, 'banner' | 'locationId' | 'upstream'>,
): Promise<string | null> {
  const key = `${context.banner.id}/${context.locationId}`;
  const kept = names.get(key);
  if (kept && kept.until > Date.now()) return kept.name;
  try {
    const { store } = (await context.upstream.json({ path: storePath(context.locationId) }, StoreAnswerSchema)).data
      .data;
    const name = shortStoreName(store.name, context.banner.name);
    names.set(key, { name, until: Date.now() + KEEP_MS });
    return name;
  } catch {
    return null;
  }
}
