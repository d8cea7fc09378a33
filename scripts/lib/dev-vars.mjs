// Local secrets for wrangler dev: .dev.vars (never committed, never overwritten).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A SESSION_KEYS value with one fresh key: "k1:<base64url of 32 random bytes>". */
export function newSessionKeys() {
  return `k1:${randomBytes(32).toString('base64url')}`;
}

/** Writes a dev vars file with fresh session keys unless one exists; returns true if it wrote. */
export function ensureDevVars(path, { overwrite = false } = {}) {
  if (existsSync(path) && !overwrite) return false;
  mkdirSync(dirname(path), { recursive: true });
  const lines = [
    '# Local secrets for wrangler dev (not committed). SESSION_KEYS: "kid:key,kid:key", the first signs.',
    `SESSION_KEYS=${newSessionKeys()}`,
    'ENVIRONMENT=development',
    '',
  ];
  writeFileSync(path, lines.join('\n'), { mode: 0o600 });
  return true;
}
