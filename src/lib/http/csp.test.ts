import { describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY, sha256Base64, withHashSource } from './csp.ts';

describe('Content-Security-Policy helpers', () => {
  test('the worker policy allows no inline script or style', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
  });

  test('withHashSource adds a hash to one directive only', () => {
    const policy = "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b';";
    expect(withHashSource(policy, 'style-src', 'sha256-c')).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b' 'sha256-c';",
    );
    expect(withHashSource("default-src 'self'", 'style-src', 'sha256-c')).toBe("default-src 'self'");
  });

  test('sha256Base64 is the hash a browser computes', async () => {
    expect(await sha256Base64('astro-island,astro-slot,astro-static-slot{display:contents}')).toBe(
      'vv9IoKo7BSLbWcUHr3tNmfNVmm5L/9Cfn2H6LMk7/ow=',
    );
  });
});
