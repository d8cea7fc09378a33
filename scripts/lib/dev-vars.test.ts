import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseSessionKeys } from '../../worker/middleware/session/cookie.ts';
import { ensureDevVars, newSessionKeys, readDevVars } from './dev-vars.mjs';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dev-vars-'));
  dirs.push(dir);
  return join(dir, '.dev.vars');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('newSessionKeys', () => {
  test('makes a key the edge accepts: k1 and 32 random bytes in base64url', async () => {
    const value = newSessionKeys();
    expect(value).toMatch(/^k1:[A-Za-z0-9_-]{43}$/);
    expect(await parseSessionKeys(value)).not.toBeNull();
    expect(newSessionKeys()).not.toBe(value);
  });
});

describe('ensureDevVars', () => {
  test('writes session keys and the development environment when the file is missing', () => {
    const path = tempFile();
    expect(ensureDevVars(path)).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/^SESSION_KEYS=k1:[A-Za-z0-9_-]{43}$/m);
    expect(text).toMatch(/^ENVIRONMENT=development$/m);
    expect(text).toMatch(/^WALLET_HASH_KEY=[A-Za-z0-9_-]{43}$/m);
  });

  test('never overwrites an existing file unless asked; one without a wallet hash key only gains one', () => {
    const path = tempFile();
    writeFileSync(path, 'SESSION_KEYS=mine\nWALLET_HASH_KEY=kept\n');
    expect(ensureDevVars(path)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('SESSION_KEYS=mine\nWALLET_HASH_KEY=kept\n');
    writeFileSync(path, 'SESSION_KEYS=mine');
    expect(ensureDevVars(path)).toBe(true);
    expect(readDevVars(path)).toEqual({
      SESSION_KEYS: 'mine',
      WALLET_HASH_KEY: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(ensureDevVars(path, { overwrite: true })).toBe(true);
    expect(readFileSync(path, 'utf8')).not.toContain('mine');
  });
});
