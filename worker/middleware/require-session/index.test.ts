import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../../src/lib/http/errors.ts';
import { handleError } from '../../errors.ts';
import type { EdgeEnv, SessionState } from '../../types.ts';
import { readFormFields } from '../../validate.ts';
import { requireSession } from './index.ts';

const SESSION = { sid: 's', customerGUID: 'g', firstName: 'Dana' } as SessionState;

function appWith(signedIn: boolean) {
  const reached: string[] = [];
  const app = new Hono<EdgeEnv>();
  app.onError(handleError);
  app.use('*', async (c, next) => {
    c.set('session', signedIn ? SESSION : null);
    await next();
  });
  app.post('/plain', requireSession('Sign in to see it'), (c) => {
    reached.push('plain');
    return c.json({ ok: true }, 200);
  });
  app.post(
    '/form',
    requireSession('Sign in to clip', {
      signInFrom: async (c) => String((await readFormFields(c)).returnTo ?? '/coupons'),
    }),
    async (c) => {
      reached.push('form');
      return c.json({ fields: await readFormFields(c) }, 200);
    },
  );
  return { app, reached };
}

const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
const form = (body: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body,
});

describe('requireSession', () => {
  test('a signed-in request reaches the handler, a form post with its body still readable', async () => {
    const { app, reached } = appWith(true);
    expect((await app.request('/plain', json)).status).toBe(200);
    const response = await app.request('/form', form('couponId=cp-1&returnTo=%2Fcoupons%3Fpage%3D2'));
    expect(await response.json()).toEqual({ fields: { couponId: 'cp-1', returnTo: '/coupons?page=2' } });
    expect(reached).toEqual(['plain', 'form']);
  });

  test('a signed-out JSON call is AUTH_REQUIRED/401 in the error shape with the reason, the handler never runs', async () => {
    const { app, reached } = appWith(false);
    for (const path of ['/plain', '/form']) {
      const response = await app.request(path, json);
      expect(response.status).toBe(401);
      const body = v.parse(ErrorBodySchema, await response.json());
      expect(body.errors[0]).toMatchObject({ code: 'AUTH_REQUIRED', statusCode: 401 });
      expect(body.errors[0]?.reason).toBe(path === '/plain' ? 'Sign in to see it' : 'Sign in to clip');
    }
    expect(reached).toEqual([]);
  });

  test('a signed-out form post goes to sign in and back to where the form says (303), never JSON', async () => {
    const { app, reached } = appWith(false);
    const response = await app.request('/form', form('couponId=cp-1&returnTo=%2Fcoupons%3Fpage%3D2'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?redirectUrl=%2Fcoupons%3Fpage%3D2');
    expect(reached).toEqual([]);
  });

  test('a signed-out form post to a route without a sign-in page gets the 401', async () => {
    const { app } = appWith(false);
    expect((await app.request('/plain', form('a=1'))).status).toBe(401);
  });
});
