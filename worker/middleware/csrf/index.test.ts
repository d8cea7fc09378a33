import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { EdgeEnv } from '../../types.ts';
import { FORM_POST_ENDPOINTS, checkWrite, csrf, declaresBody } from './index.ts';

// docs/decisions/020-sessions.md CSRF rules.

const URL_ = 'https://harvest.example/basket/api/v2/user/update-item';
const base = {
  method: 'POST',
  url: URL_,
  origin: 'https://harvest.example',
  secFetchSite: 'same-origin',
  contentType: 'application/json',
  hasBody: true,
};

describe('checkWrite', () => {
  test('lets a same-origin JSON write through', () => {
    expect(checkWrite(base)).toBeNull();
    expect(checkWrite({ ...base, secFetchSite: undefined })).toBeNull();
    expect(checkWrite({ ...base, origin: undefined })).toBeNull();
    expect(checkWrite({ ...base, contentType: 'application/json; charset=utf-8' })).toBeNull();
  });

  test('never checks reads', () => {
    expect(checkWrite({ ...base, method: 'GET', origin: 'https://evil.example', contentType: undefined })).toBeNull();
  });

  test('refuses a foreign Origin with CSRF_REJECTED 403', () => {
    expect(checkWrite({ ...base, origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      code: 'CSRF_REJECTED',
    });
    expect(checkWrite({ ...base, origin: 'http://harvest.example' })).toMatchObject({ status: 403 });
  });

  test('Origin null (a no-referrer page) counts as no Origin: only Sec-Fetch-Site same-origin vouches for it', () => {
    expect(checkWrite({ ...base, origin: 'null' })).toBeNull();
    expect(checkWrite({ ...base, origin: 'null', secFetchSite: undefined })).toMatchObject({
      status: 403,
      code: 'CSRF_REJECTED',
    });
    expect(checkWrite({ ...base, origin: 'null', secFetchSite: 'cross-site' })).toMatchObject({
      status: 403,
      code: 'CSRF_REJECTED',
    });
  });

  test('refuses Sec-Fetch-Site cross-site and same-site whatever Origin says', () => {
    expect(checkWrite({ ...base, secFetchSite: 'cross-site' })).toMatchObject({ status: 403, code: 'CSRF_REJECTED' });
    expect(checkWrite({ ...base, secFetchSite: 'same-site' })).toMatchObject({ status: 403, code: 'CSRF_REJECTED' });
  });

  test('without Origin requires Sec-Fetch-Site same-origin', () => {
    expect(checkWrite({ ...base, origin: undefined, secFetchSite: undefined })).toMatchObject({ status: 403 });
    expect(checkWrite({ ...base, origin: undefined, secFetchSite: 'none' })).toMatchObject({ status: 403 });
  });

  test('requires a JSON body type on API writes', () => {
    expect(checkWrite({ ...base, contentType: 'text/plain' })).toMatchObject({ status: 400, code: 'CLIENT_ERROR' });
    expect(checkWrite({ ...base, contentType: undefined })).toMatchObject({ status: 400 });
    expect(checkWrite({ ...base, contentType: 'multipart/form-data; boundary=x' })).toMatchObject({ status: 400 });
    expect(checkWrite({ ...base, contentType: 'application/x-www-form-urlencoded' })).toMatchObject({ status: 400 });
  });

  test('accepts form posts only on the progressive-enhancement allowlist', () => {
    for (const path of FORM_POST_ENDPOINTS) {
      const url = `https://harvest.example${path}`;
      expect(checkWrite({ ...base, url, contentType: 'application/x-www-form-urlencoded' })).toBeNull();
      expect(
        checkWrite({ ...base, url, method: 'PUT', contentType: 'application/x-www-form-urlencoded' }),
      ).toMatchObject({ status: 400 });
    }
  });

  test('a write without a body skips only the type rule (issue 20 §5)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(checkWrite({ ...base, method, contentType: undefined, hasBody: false })).toBeNull();
      expect(
        checkWrite({ ...base, method, contentType: undefined, hasBody: false, secFetchSite: undefined }),
      ).toBeNull();
      expect(
        checkWrite({ ...base, method, contentType: undefined, hasBody: false, origin: 'https://evil.example' }),
      ).toMatchObject({ status: 403 });
      expect(
        checkWrite({
          ...base,
          method,
          contentType: undefined,
          hasBody: false,
          origin: undefined,
          secFetchSite: undefined,
        }),
      ).toMatchObject({ status: 403 });
      expect(
        checkWrite({ ...base, method, contentType: undefined, hasBody: false, secFetchSite: 'cross-site' }),
      ).toMatchObject({ status: 403 });
      expect(checkWrite({ ...base, method, contentType: undefined, hasBody: true })).toMatchObject({ status: 400 });
      expect(checkWrite({ ...base, method, contentType: 'text/plain', hasBody: false })).toMatchObject({ status: 400 });
    }
  });
});

describe('declaresBody', () => {
  test('a Content-Length above 0, a Transfer-Encoding or a Content-Type declares a body', () => {
    expect(declaresBody(new Headers())).toBe(false);
    expect(declaresBody(new Headers({ 'content-length': '0' }))).toBe(false);
    expect(declaresBody(new Headers({ 'content-length': '2' }))).toBe(true);
    expect(declaresBody(new Headers({ 'content-length': 'x' }))).toBe(true);
    expect(declaresBody(new Headers({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(declaresBody(new Headers({ 'content-length': '0', 'content-type': 'text/plain' }))).toBe(true);
  });
});

describe('csrf middleware', () => {
  test('refuses before the route runs, in the spec error shape', async () => {
    let ran = false;
    const app = new Hono<EdgeEnv>();
    app.use('*', csrf());
    app.post('/basket/api/v2/user/update-item', (c) => {
      ran = true;
      return c.json({ ok: true });
    });
    const response = await app.request('https://harvest.example/basket/api/v2/user/update-item', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: Array<{ code: string; statusCode: number }> };
    expect(body.errors[0]).toMatchObject({ code: 'CSRF_REJECTED', statusCode: 403 });
    expect(ran).toBe(false);
  });
});
