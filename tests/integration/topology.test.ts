import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { MIN_SECRET_LENGTH } from '../../upstream/edge-secret.ts';
import upstreamWorker from '../../upstream/worker.ts';
import { createApp as createEdgeApp } from '../../worker/app.ts';
import { UPSTREAM_HEADERS } from '../../worker/upstream/client.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// docs/decisions/110: the upstream run apart from the edge (upstream/worker.ts) serves nobody
// until its shared secret is configured, then only calls that carry it; the edge without an
// injected upstream reaches it through the service binding with that secret.

const SECRET = 's'.repeat(MIN_SECRET_LENGTH);
const SEARCH = '/atlas/v1/search/v1/products-search?filter.query=milk';
const ctx = () => createExecutionContext();

async function upstreamCall(
  bindings: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = new Request(`http://upstream.internal${SEARCH}`, {
    headers: { [UPSTREAM_HEADERS.LOCATION_ID]: '70100101', ...headers },
  });
  return upstreamWorker.fetch(request, { ...env, ...bindings } as never, ctx());
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 60 });
});

describe('the upstream as its own worker', () => {
  test('refuses to serve without a configured secret, or with one too short to be a secret', async () => {
    for (const secret of [undefined, '', 'short']) {
      const response = await upstreamCall(
        { UPSTREAM_SHARED_SECRET: secret },
        { [UPSTREAM_HEADERS.EDGE_SECRET]: secret ?? '' },
      );
      expect(response.status).toBe(503);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(
        'UNKNOWN_RESPONSE_ERROR',
      );
    }
  });

  test('with the secret configured, answers only calls that carry it', async () => {
    const configured = { UPSTREAM_SHARED_SECRET: SECRET };
    expect((await upstreamCall(configured)).status).toBe(403);
    expect((await upstreamCall(configured, { [UPSTREAM_HEADERS.EDGE_SECRET]: `${SECRET.slice(1)}x` })).status).toBe(
      403,
    );
    expect((await upstreamCall(configured, { [UPSTREAM_HEADERS.EDGE_SECRET]: SECRET.slice(1) })).status).toBe(403);
    expect((await upstreamCall(configured, { [UPSTREAM_HEADERS.EDGE_SECRET]: SECRET })).status).toBe(200);
  });
});

describe('the edge without an embedded upstream', () => {
  let upstreamCalls = 0;
  const service = (secret: string | undefined) =>
    ({
      fetch: (input: RequestInfo, init?: RequestInit) => {
        upstreamCalls++;
        return upstreamWorker.fetch(
          new Request(input, init),
          { ...env, UPSTREAM_SHARED_SECRET: secret } as never,
          ctx(),
        );
      },
    }) as unknown as Fetcher;
  const edge = createEdgeApp();

  async function search(bindings: Record<string, unknown>) {
    upstreamCalls = 0;
    const response = await edge.request(SEARCH, {}, { ...env, ...bindings }, ctx());
    return {
      status: response.status,
      code:
        response.status >= 400
          ? ((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code
          : undefined,
    };
  }

  test('UPSTREAM=embedded answers UNKNOWN_RESPONSE_ERROR: this build has no upstream to run', async () => {
    expect(await search({ UPSTREAM: 'embedded' })).toEqual({ status: 500, code: 'UNKNOWN_RESPONSE_ERROR' });
  });

  test('reaches the upstream worker through the service binding with the shared secret', async () => {
    expect(
      await search({ UPSTREAM: 'service', UPSTREAM_SERVICE: service(SECRET), UPSTREAM_SHARED_SECRET: SECRET }),
    ).toEqual({ status: 200, code: undefined });
    expect(upstreamCalls).toBe(1);
  });

  test('without a shared secret of its own, never calls the upstream', async () => {
    expect(await search({ UPSTREAM: 'service', UPSTREAM_SERVICE: service(SECRET) })).toEqual({
      status: 500,
      code: 'UNKNOWN_RESPONSE_ERROR',
    });
    expect(upstreamCalls).toBe(0);
  });

  test('with the wrong secret, the upstream refuses and the edge answers UNKNOWN_RESPONSE_ERROR', async () => {
    expect(
      await search({ UPSTREAM: 'service', UPSTREAM_SERVICE: service(SECRET), UPSTREAM_SHARED_SECRET: `${SECRET}x` }),
    ).toEqual({ status: 500, code: 'UNKNOWN_RESPONSE_ERROR' });
    expect(upstreamCalls).toBe(1);
  });
});
