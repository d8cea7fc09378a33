// Local secrets for wrangler dev: .dev.vars (never committed; an existing one is kept, and only
// gains a WALLET_HASH_KEY when it lacks one).
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A SESSION_KEYS value with one fresh key: "k1:<base64url of 32 random bytes>". */
export function newSessionKeys() {
  return `k1:${randomBytes(32).toString('base64url')}`;
}

/** A WALLET_HASH_KEY value: 32 random bytes in base64url (docs/decisions/460). */
function newWalletHashKey() {
  return randomBytes(32).toString('base64url');
}

/** The settings of a dev vars file (KEY=value lines; comments and blank lines skipped); {} when it is missing. */
export function readDevVars(path) {
  if (!existsSync(path)) return {};
  const vars = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=(.*)$/.exec(line);
    if (match) vars[match[1]] = match[2].trim();
  }
  return vars;
}

/**
 * Writes a dev vars file with fresh secrets unless one exists; an existing file only gains a
 * WALLET_HASH_KEY when it has none (written before the wallet needed one). True if it wrote.
 */
export function ensureDevVars(path, { overwrite = false } = {}) {
  if (existsSync(path) && !overwrite) {
    if (readDevVars(path).WALLET_HASH_KEY) return false;
    const text = readFileSync(path, 'utf8');
    appendFileSync(path, `${text === '' || text.endsWith('\n') ? '' : '\n'}WALLET_HASH_KEY=${newWalletHashKey()}\n`);
    return true;
  }
  mkdirSync(dirname(path), { recursive: true });
  const lines = [
    '# Local secrets for wrangler dev (not committed). SESSION_KEYS: "kid:key,kid:key", the first signs.',
    `SESSION_KEYS=${newSessionKeys()}`,
    "# The key of the wallet's card number and PIN hashes; the seed hashes with it (npm run db:setup re-hashes after a change).",
    `WALLET_HASH_KEY=${newWalletHashKey()}`,
    'ENVIRONMENT=development',
    '',
  ];
  writeFileSync(path, lines.join('\n'), { mode: 0o600 });
  return true;
}
