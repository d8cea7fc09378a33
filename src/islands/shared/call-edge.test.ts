// @vitest-environment happy-dom
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ERROR_LOG_PATH } from '../../lib/http/error-log.ts';
import { errorBody } from '../../lib/http/errors.ts';
import { EdgeCallError, UNEXPECTED_ANSWER, callEdge, edgeResult } from './call-edge.ts';

const ItemSchema = v.object({ data: v.object({ id: v.string() }) });

function stubFetch(...answers: Array<Response | Error>) {
  const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(call: Promise<unknown>): Promise<EdgeCallError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof EdgeCallError)) throw new Error(`expected an EdgeCallError, got ${String(error)}`);
  return error;
}

let beacon: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // the error log's beacon (a lost request is reported once the connection is back)
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('callEdge', () => {
  test('sends JSON with the write headers and resolves to the validated answer', async () => {
    const fetchMock = stubFetch(Response.json({ data: { id: 'l1' } }));
    const answer = await callEdge('/lists/api/v1/lists', {
      schema: ItemSchema,
      method: 'PUT',
      body: { name: 'Weekly' },
      idempotencyKey: 'key-1',
      ifMatch: '"3"',
      headers: { 'x-bot-telemetry': 't' },
    });
    expect(answer).toEqual({ data: { id: 'l1' } });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/lists/api/v1/lists');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Weekly"}');
    expect(init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key-1',
      'if-match': '"3"',
      'x-bot-telemetry': 't',
    });
  });

  test('a GET carries no body and no JSON body type', async () => {
    const fetchMock = stubFetch(Response.json({ data: { id: 'l1' } }));
    await callEdge('/x', { schema: ItemSchema });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  test("reads the spec's errors[] shape into the error", async () => {
    stubFetch(Response.json(errorBody('OUT_OF_STOCK', 'Only 2 left', 422, ['stock']), { status: 422 }));
    const error = await failure(callEdge('/x', { schema: ItemSchema }));
    expect(error).toMatchObject({
      kind: 'status',
      status: 422,
      code: 'OUT_OF_STOCK',
      reason: 'Only 2 left',
      message: 'Only 2 left',
      rootCause: ['stock'],
      shape: 'errors',
    });
  });

  test('reads the single { error: { reason, code } } shape, and falls back to the status without a body', async () => {
    stubFetch(
      Response.json({ error: { reason: 'Card not found', code: 'SNAP_404' } }, { status: 404 }),
      new Response('oops', { status: 502 }),
    );
    expect(await failure(callEdge('/x', { schema: ItemSchema }))).toMatchObject({
      status: 404,
      code: 'SNAP_404',
      reason: 'Card not found',
      shape: 'error',
    });
    expect(await failure(callEdge('/x', { schema: ItemSchema }))).toMatchObject({
      kind: 'status',
      status: 502,
      code: null,
      reason: null,
      message: 'HTTP 502',
    });
  });

  test('an errorstatus header is an error even on a 200 (shopping §7 generic wrapper)', async () => {
    stubFetch(Response.json({ data: { id: 'l1' } }, { headers: { errorstatus: '500' } }));
    expect((await failure(callEdge('/x', { schema: ItemSchema }))).status).toBe(200);
  });

  test('a 401 with a redirecturl header sends the shopper to sign-in', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    stubFetch(
      Response.json(errorBody('AUTH_REQUIRED', 'Sign in', 401), {
        status: 401,
        headers: { redirecturl: '/signin?redirectUrl=%2Fshopping%2Flists' },
      }),
    );
    expect((await failure(callEdge('/x', { schema: ItemSchema }))).status).toBe(401);
    expect(assign).toHaveBeenCalledWith('/signin?redirectUrl=%2Fshopping%2Flists');
  });

  // shopping §2: the sign-in redirect is throttled to 100 ms on the leading edge (decision 661's
  // leftover: the lists' calls each redirected)
  test('calls refused together send the shopper to sign-in once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const refused = () =>
      Response.json(errorBody('AUTH_REQUIRED', 'Sign in', 401), {
        status: 401,
        headers: { redirecturl: '/signin?redirectUrl=%2Fshopping%2Flists' },
      });
    stubFetch(refused(), refused());
    await Promise.all([
      failure(callEdge('/x', { schema: ItemSchema })),
      failure(callEdge('/y', { schema: ItemSchema })),
    ]);
    expect(assign.mock.calls).toEqual([['/signin?redirectUrl=%2Fshopping%2Flists']]);
  });

  test('an answer the schema refuses is an invalid answer', async () => {
    stubFetch(Response.json({ data: { id: 7 } }));
    expect(await failure(callEdge('/x', { schema: ItemSchema }))).toMatchObject({
      kind: 'invalid',
      status: 200,
      message: UNEXPECTED_ANSWER,
    });
  });

  test('no answer is a network error (status null); retries resend the same Idempotency-Key', async () => {
    const fetchMock = stubFetch(new TypeError('Failed to fetch'), Response.json({ data: { id: 'o1' } }));
    await expect(
      callEdge('/x', { schema: ItemSchema, method: 'POST', body: {}, idempotencyKey: 'k', retries: 1 }),
    ).resolves.toEqual({ data: { id: 'o1' } });
    const keys = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toEqual(['k', 'k']);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe(ERROR_LOG_PATH);

    stubFetch(new TypeError('Failed to fetch'));
    expect(await failure(callEdge('/x', { schema: ItemSchema }))).toMatchObject({
      kind: 'network',
      status: null,
      message: 'Network Error',
    });
  });

  test('a call its caller aborted is aborted, not a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(new DOMException('aborted', 'AbortError'));
    expect((await failure(callEdge('/x', { schema: ItemSchema, signal: controller.signal }))).kind).toBe('aborted');
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('edgeResult', () => {
  test('is the answer, or the failure with its status, code and reason', async () => {
    stubFetch(
      Response.json({ data: { id: 'l1' } }),
      Response.json(errorBody('CONFLICT', 'Stale', 409), { status: 409 }),
    );
    expect(await edgeResult(callEdge('/x', { schema: ItemSchema }))).toEqual({
      ok: true,
      data: { data: { id: 'l1' } },
    });
    expect(await edgeResult(callEdge('/x', { schema: ItemSchema }))).toMatchObject({
      ok: false,
      status: 409,
      code: 'CONFLICT',
      reason: 'Stale',
    });
  });

  test('rethrows what is not an edge failure', async () => {
    await expect(edgeResult(Promise.reject(new RangeError('bug')))).rejects.toThrow(RangeError);
  });
});
