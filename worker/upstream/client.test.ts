import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { HttpError, errorBody } from '../../src/lib/http/errors.ts';
import { UPSTREAM_HEADERS, createUpstreamClient, type FetchLike, type UpstreamContext } from './client.ts';

const CONTEXT: UpstreamContext = {
  locationId: '70100101',
  modality: 'PICKUP',
  banner: 'harvest',
  abTests: { 'upfront-timeslots': 1 },
  customer: null,
  timeZone: 'America/New_York',
  correlationId: 'corr-1',
};
const ENV = { UPSTREAM: 'embedded', UPSTREAM_TIMEOUT_MS: '150' } as unknown as Env;
const OkSchema = v.object({ data: v.object({ n: v.number() }) });

function client(transport: FetchLike) {
  return createUpstreamClient(ENV, undefined, CONTEXT, transport);
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('upstream client fault handling', () => {
  const faults: Array<[string, FetchLike]> = [
    ['a timeout', () => new Promise<Response>(() => {})],
    ['a 500', async () => new Response('boom', { status: 500 })],
    ['a 503 in the error shape', async () => Response.json(errorBody('X', 'down', 503), { status: 503 })],
    ['a 429', async () => new Response('slow down', { status: 429 })],
    ['malformed JSON', async () => new Response('{"data":', { status: 200 })],
    ['a body that breaks the contract', async () => Response.json({ data: { n: 'seven' } })],
    [
      'a connection reset',
      async () => {
        throw new TypeError('Network connection lost.');
      },
    ],
    [
      'a slow body',
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"data":'));
            },
          }),
          {
            status: 200,
          },
        ),
    ],
  ];

  for (const [name, transport] of faults) {
    test(`answers UNKNOWN_RESPONSE_ERROR/500 for ${name}, within its own time limit`, async () => {
      const started = Date.now();
      const error = await failure(client(transport).json({ path: '/x' }, OkSchema));
      expect(error.code).toBe('UNKNOWN_RESPONSE_ERROR');
      expect(error.statusCode).toBe(500);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  }

  test('passes a 429 through only when the call says it is a real answer (sign-in rate limit)', async () => {
    const limited: FetchLike = async () =>
      Response.json(errorBody('RATE_LIMITED', 'Too many attempts', 429), { status: 429 });
    expect(await failure(client(limited).json({ path: '/x' }, OkSchema))).toMatchObject({
      code: 'UNKNOWN_RESPONSE_ERROR',
      statusCode: 500,
    });
    expect(await failure(client(limited).json({ path: '/x', rateLimitIsAnswer: true }, OkSchema))).toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
    });
  });

  test('passes an upstream 4xx in the spec shape through with its code and status', async () => {
    const error = await failure(
      client(async () =>
        Response.json(errorBody('INVALID_OBJECT', 'page.offset must be less than 40', 400), { status: 400 }),
      ).json({ path: '/x' }, OkSchema),
    );
    expect(error).toMatchObject({
      code: 'INVALID_OBJECT',
      statusCode: 400,
      message: 'page.offset must be less than 40',
    });
  });

  test('returns validated data on success', async () => {
    const result = await client(async () => Response.json({ data: { n: 7 } })).json({ path: '/x' }, OkSchema);
    expect(result.data.data.n).toBe(7);
  });
});

describe('upstream headers', () => {
  test('are built from the edge context only: location, banner, A/B tests, time zone, correlation id', async () => {
    let seen: Request | undefined;
    await client(async (request) => {
      seen = request;
      return Response.json({ data: { n: 1 } });
    }).json({ path: '/atlas/v1/x', query: { a: '1', b: undefined }, idempotencyKey: 'key-12345678' }, OkSchema);
    expect(seen).toBeDefined();
    const headers = seen!.headers;
    expect(new URL(seen!.url).search).toBe('?a=1');
    expect(headers.get(UPSTREAM_HEADERS.LOCATION_ID)).toBe('70100101');
    expect(headers.get(UPSTREAM_HEADERS.DIVISION)).toBe('701');
    expect(headers.get(UPSTREAM_HEADERS.STORE)).toBe('00101');
    expect(headers.get(UPSTREAM_HEADERS.BANNER)).toBe('harvest');
    expect(JSON.parse(headers.get(UPSTREAM_HEADERS.AB_TESTS) ?? '{}')).toEqual({ 'upfront-timeslots': 1 });
    expect(headers.get(UPSTREAM_HEADERS.TIME_ZONE)).toBe('America/New_York');
    expect(headers.get(UPSTREAM_HEADERS.CORRELATION_ID)).toBe('corr-1');
    expect(headers.get(UPSTREAM_HEADERS.CUSTOMER_CONTEXT)).toBeNull();
    expect(headers.get('idempotency-key')).toBe('key-12345678');
  });
});
