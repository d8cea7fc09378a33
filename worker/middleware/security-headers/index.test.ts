import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { securityHeaders } from './index.ts';

describe('securityHeaders', () => {
  const app = new Hono();
  app.use('*', securityHeaders());
  app.get('/ok', (c) => c.text('ok'));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ errors: [] }, 500));

  for (const path of ['/ok', '/boom', '/missing']) {
    test(`every response carries the CSP, HSTS and nosniff (${path})`, async () => {
      const response = await app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      const hsts = /max-age=(\d+)/.exec(response.headers.get('strict-transport-security') ?? '');
      expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }
});
