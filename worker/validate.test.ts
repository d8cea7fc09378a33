import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../src/lib/http/errors.ts';
import { EDGE_REASONS } from '../src/lib/http/messages.ts';
import type { EdgeEnv } from './types.ts';
import { formOf, validJsonOrForm, validParams } from './validate.ts';

const ClipSchema = v.object({ couponId: v.pipe(v.string(), v.regex(/^cp-\d+$/, 'must be a coupon id')) });

const app = new Hono<EdgeEnv>();
app.post('/clip', validJsonOrForm(ClipSchema), (c) => c.json({ value: c.req.valid('json'), form: formOf(c) }, 200));
app.post(
  '/clip-page',
  validJsonOrForm(ClipSchema, {
    schema: v.object({ ...ClipSchema.entries, returnTo: v.optional(v.string()) }),
    invalid: (c, fields) => c.redirect(`${String(fields.returnTo ?? '/')}?error=clip`, 303),
  }),
  (c) => c.json({ value: c.req.valid('json') }, 200),
);
app.get('/lists/:listId', validParams(v.object({ listId: v.pipe(v.string(), v.uuid('must be a list id')) })), (c) =>
  c.json(c.req.valid('param'), 200),
);

const post = (path: string, type: string, body: string) =>
  app.request(path, { method: 'POST', headers: { 'content-type': type }, body });
const error = async (response: Response) => v.parse(ErrorBodySchema, await response.json()).errors[0];

describe('validJsonOrForm', () => {
  test('a JSON body and a form post both validate against the schema; formOf tells them apart', async () => {
    const asJson = await post('/clip', 'application/json', '{"couponId":"cp-1"}');
    expect(await asJson.json()).toEqual({ value: { couponId: 'cp-1' }, form: null });
    const asForm = await post('/clip', 'application/x-www-form-urlencoded; charset=UTF-8', 'couponId=cp-2&tag=a&tag=b');
    expect(await asForm.json()).toEqual({ value: { couponId: 'cp-2' }, form: { couponId: 'cp-2', tag: ['a', 'b'] } });
  });

  test('a bad JSON or form body answers CLIENT_ERROR/400 in the spec error shape, naming the field', async () => {
    for (const [type, body] of [
      ['application/json', '{"couponId":"x"}'],
      ['application/x-www-form-urlencoded', 'couponId=x'],
    ] as const) {
      const response = await post('/clip', type, body);
      expect(response.status).toBe(400);
      expect(await error(response)).toMatchObject({
        code: 'CLIENT_ERROR',
        reason: EDGE_REASONS.INVALID_BODY,
        statusCode: 400,
        rootCause: ['couponId: must be a coupon id'],
      });
    }
  });

  test('broken JSON, another type and a bodiless POST are refused or read as no body', async () => {
    expect((await error(await post('/clip', 'application/json', '{')))?.reason).toBe(EDGE_REASONS.NOT_JSON);
    expect((await error(await post('/clip', 'text/plain', 'couponId=cp-1')))?.reason).toBe(
      EDGE_REASONS.JSON_TYPE_REQUIRED,
    );
    // no body at all is `undefined` to the schema: refused by this one, as an invalid body
    const bodiless = await app.request('/clip', { method: 'POST' });
    expect(bodiless.status).toBe(400);
    expect((await error(bodiless))?.reason).toBe(EDGE_REASONS.INVALID_BODY);
  });

  test('a form the route answers itself gets its redirect; its JSON twin still gets the 400', async () => {
    const asForm = await post('/clip-page', 'application/x-www-form-urlencoded', 'couponId=x&returnTo=%2Fcoupons');
    expect(asForm.status).toBe(303);
    expect(asForm.headers.get('location')).toBe('/coupons?error=clip');
    expect((await post('/clip-page', 'application/json', '{"couponId":"x"}')).status).toBe(400);
  });
});

describe('validParams', () => {
  test('a bad path parameter answers CLIENT_ERROR/400 "Invalid path" with what it must be', async () => {
    const response = await app.request('/lists/bad!id');
    expect(response.status).toBe(400);
    expect(await error(response)).toMatchObject({
      code: 'CLIENT_ERROR',
      reason: EDGE_REASONS.INVALID_PATH,
      rootCause: ['listId: must be a list id'],
    });
    const id = '00000000-0000-4000-8000-000000000001';
    expect(await (await app.request(`/lists/${id}`)).json()).toEqual({ listId: id });
  });
});
