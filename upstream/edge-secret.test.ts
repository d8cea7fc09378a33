import { describe, expect, test } from 'vitest';
import { secretMatches } from './edge-secret.ts';

describe('secretMatches', () => {
  const secret = 'k'.repeat(40);
  test('accepts the secret itself only', async () => {
    expect(await secretMatches(secret, secret)).toBe(true);
    for (const other of ['', 'k', 'k'.repeat(39), `${secret}k`, `K${'k'.repeat(39)}`, `${'k'.repeat(39)}\u0000`]) {
      expect(await secretMatches(other, secret), JSON.stringify(other)).toBe(false);
    }
  });
  test('a missing header never matches, even an empty secret', async () => {
    expect(await secretMatches(undefined, '')).toBe(false);
    expect(await secretMatches(null, secret)).toBe(false);
  });
});
