import * as v from 'valibot';
import type { JsonClient, UpstreamCall } from '../../lib/http/upstream-client.ts';
import { islandFetch } from './fetch.ts';

// The page loaders of src/lib (loadRecipeList, …) take a JsonClient. The edge answers the same
// paths as the upstream (it proxies and validates them), so in the browser a JsonClient over
// islandFetch runs the very same loader: one request mapping for pages and islands.

export class BrowserCallError extends Error {
  constructor(readonly statusCode: number | null) {
    super(statusCode === null ? 'network error' : `status ${statusCode}`);
  }
}

export const browserJsonClient: JsonClient = {
  async json(call: UpstreamCall, schema) {
    const query = call.query
      ? new URLSearchParams(
          Object.entries(call.query instanceof URLSearchParams ? Object.fromEntries(call.query) : call.query).flatMap(
            ([key, value]) => (value === undefined ? [] : [[key, value]]),
          ),
        )
      : null;
    const path = query && query.size ? `${call.path}?${query}` : call.path;
    let response: Response;
    try {
      response = await islandFetch(path, {
        method: call.method ?? 'GET',
        headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    } catch {
      throw new BrowserCallError(null);
    }
    if (!response.ok) throw new BrowserCallError(response.status);
    return { data: v.parse(schema, await response.json()) };
  },
};
