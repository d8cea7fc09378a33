import { describe, expect, test } from 'vitest';
import { isFullySignedIn } from './full-sign-in.ts';

describe('isFullySignedIn (account §6; decision 627)', () => {
  test('a full sign-in is; a remembered-only session and no session are not', () => {
    expect(isFullySignedIn({ authorities: ['ROLE_USER'] })).toBe(true);
    expect(isFullySignedIn({ authorities: ['ROLE_PERSISTENT_USER'] })).toBe(false);
    expect(isFullySignedIn(null)).toBe(false);
    expect(isFullySignedIn(undefined)).toBe(false);
  });
});
