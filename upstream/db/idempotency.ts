import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS } from '../../src/lib/http/messages.ts';

// Idempotent writes for any upstream service (migrations/0001_identity.sql idempotency_keys).
// Same key + same request -> the stored response, never a second write; same key + a different
// request -> 422. Only successful answers are stored: a refused write (400, 404, 412) may be retried
// with the same key once its cause is fixed. The record goes into the same D1 batch as the write,
// so a write and its record commit together (a crash cannot leave one without the other).

/** How long a key is remembered (a retry after this is a new write). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRequest {
  db: D1Database;
  /** who and what the key belongs to, e.g. `basket:<customerGUID>` (keys never cross customers) */
  scope: string;
  /** the client's Idempotency-Key, or null for a plain write */
  key: string | null;
  method: string;
  path: string;
  body: unknown;
}

/** Thrown by a write that lost a race (its guard matched nothing); the helper then looks again for a stored answer. */
export class WriteConflictError extends Error {
  constructor() {
    super('write conflict');
    this.name = 'WriteConflictError';
  }
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the method, path and canonical JSON body: what "the same request" means. */
async function requestHash(method: string, path: string, body: unknown): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${method.toUpperCase()} ${path}\n${stableJson(body)}`),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Lookup = { kind: 'none' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' };

async function lookup(db: D1Database, scope: string, key: string, hash: string, now: number): Promise<Lookup> {
  const row = await db
    .prepare(
      'SELECT request_hash, status, response_body, created_at FROM idempotency_keys WHERE scope = ?1 AND idem_key = ?2',
    )
    .bind(scope, key)
    .first<{ request_hash: string; status: number; response_body: string; created_at: number }>();
  if (!row) return { kind: 'none' };
  if (row.created_at <= now - IDEMPOTENCY_TTL_MS) {
    await db
      .prepare('DELETE FROM idempotency_keys WHERE scope = ?1 AND idem_key = ?2 AND created_at = ?3')
      .bind(scope, key, row.created_at)
      .run();
    return { kind: 'none' };
  }
  if (row.request_hash !== hash) return { kind: 'mismatch' };
  return { kind: 'replay', response: { status: row.status, body: JSON.parse(row.response_body) as unknown } };
}

/**
 * A SQL condition the record must also satisfy (the write's own guard), written with parameters
 * numbered from ?91 so they cannot clash with the record's ?1..?6.
 */
export interface WriteGuard {
  sql: string;
  binds: readonly unknown[];
}

/** Builds the statements that store an answer; the write puts them into its own batch. */
export type RecordAnswer = (response: StoredResponse, guard?: WriteGuard) => D1PreparedStatement[];

/** Binds `binds` to ?1.. and the guard's to ?91.. (D1 allows 100 parameters). */
export function bindWithGuard(
  statement: D1PreparedStatement,
  binds: readonly unknown[],
  guard: WriteGuard | undefined,
): D1PreparedStatement {
  if (!guard) return statement.bind(...binds);
  const params: unknown[] = new Array(90 + guard.binds.length).fill(null);
  binds.forEach((bind, index) => (params[index] = bind));
  guard.binds.forEach((bind, index) => (params[90 + index] = bind));
  return statement.bind(...params);
}

/**
 * Runs a write at most once per key. `write` receives `record`, whose statements it must run in
 * the same batch as its own changes. A replay answers the stored response (with `replayed: true`).
 */
export async function idempotentWrite(
  request: IdempotencyRequest,
  write: (record: RecordAnswer) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const { db, scope, key } = request;
  if (!key) return { ...(await write(() => [])), replayed: false };
  const now = Date.now();
  const hash = await requestHash(request.method, request.path, request.body);
  const found = await lookup(db, scope, key, hash, now);
  if (found.kind === 'replay') return { ...found.response, replayed: true };
  if (found.kind === 'mismatch') {
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, EDGE_REASONS.IDEMPOTENCY_KEY_REUSED, 422);
  }
  const record: RecordAnswer = (response, guard) => [
    bindWithGuard(
      db.prepare(
        `INSERT INTO idempotency_keys (idem_key, scope, request_hash, status, response_body, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${guard?.sql ?? 'TRUE'}`,
      ),
      [key, scope, hash, response.status, JSON.stringify(response.body), now],
      guard,
    ),
  ];
  try {
    return { ...(await write(record)), replayed: false };
  } catch (error) {
    // A concurrent retry with the same key may have committed first: answer what it stored.
    const again =
      error instanceof HttpError && !(error instanceof WriteConflictError)
        ? null
        : await lookup(db, scope, key, hash, now);
    if (again?.kind === 'replay') return { ...again.response, replayed: true };
    if (again?.kind === 'mismatch')
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, EDGE_REASONS.IDEMPOTENCY_KEY_REUSED, 422);
    throw error;
  }
}

/** Stores an answer on its own batch, for a write that committed (or changed nothing) without it. */
export async function storeAnswer(db: D1Database, recorded: D1PreparedStatement[]): Promise<void> {
  if (recorded.length > 0) await db.batch(recorded);
}
