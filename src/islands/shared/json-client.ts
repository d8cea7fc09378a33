import type { JsonClient, UpstreamCall } from '../../lib/http/upstream-client.ts';
import { callEdge } from './call-edge.ts';

// The page loaders of src/lib (loadRecipeList, …) take a JsonClient. The edge answers the same
// paths as the upstream (it proxies and validates them), so in the browser a JsonClient over
// callEdge runs the very same loader: one request mapping for pages and islands.

/** A JsonClient over callEdge; a failure throws an EdgeCallError. */
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
    return {
      data: await callEdge(path, {
        schema,
        method: call.method ?? 'GET',
        ...(call.body === undefined ? {} : { body: call.body }),
      }),
    };
  },
};
