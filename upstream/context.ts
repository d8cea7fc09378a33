import type { Context } from 'hono';

// What the upstream knows about a call: only what the edge put in its headers (the edge builds
// them from its own context; see worker/upstream/client.ts UPSTREAM_HEADERS).

export interface CustomerContext {
  customerGUID: string;
  sessionId: string;
  authorities: string[];
}

export interface CallContext {
  locationId: string;
  division: string;
  store: string;
  modality: string;
  banner: string;
  abTests: Record<string, number>;
  /** The customer of a live session; null for anonymous calls and for revoked or expired sessions. */
  customer: CustomerContext | null;
  /** The call named a session that is no longer live (signed out, expired): it runs as anonymous. */
  staleSession?: boolean;
  timeZone: string;
  correlationId: string;
  /** the geo location id of a shopper who chose no store (account §3), or null */
  geoLocationId: string | null;
  /** the client's address as the edge saw it, on the calls that count tries by it (decision 643), or null */
  clientKey: string | null;
  /** The upstream's clock for this call (epoch ms): what time slots, holds and "today" are judged by. */
  now: number;
}

export interface UpstreamBindings {
  DB: D1Database;
  UPSTREAM_SHARED_SECRET?: string;
  /** "development" opens the outbox of would-be emails (upstream/routes/account.ts). */
  ENVIRONMENT?: string;
  /** Secret: the EBT private key as a JWK (upstream/db/wallet-secrets.ts); unset, the reference key in development only. */
  EBT_PRIVATE_KEY_JWK?: string;
  /** Secret: the key of the wallet's card number and PIN hashes, 32+ characters (docs/decisions/460); no default. */
  WALLET_HASH_KEY?: string;
}

export interface UpstreamEnv {
  Bindings: UpstreamBindings;
  Variables: { call: CallContext };
}

function parseJson<T>(value: string | undefined, fallback: T): T {
  if (!value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Reads the call context from the edge's headers; `now` is the upstream's clock at the call. */
export function readCallContext(c: Context, now: number = Date.now()): CallContext {
  const customer = parseJson<CustomerContext | null>(c.req.header('x-hm-customer-context'), null);
  const valid =
    customer &&
    typeof customer.customerGUID === 'string' &&
    typeof customer.sessionId === 'string' &&
    Array.isArray(customer.authorities);
  return {
    locationId: c.req.header('x-hm-location-id') ?? '',
    division: c.req.header('x-hm-division') ?? '',
    store: c.req.header('x-hm-store') ?? '',
    modality: c.req.header('x-hm-modality') ?? 'PICKUP',
    banner: c.req.header('x-hm-banner') ?? 'harvest',
    abTests: parseJson<Record<string, number>>(c.req.header('x-hm-ab-tests'), {}),
    customer: valid ? customer : null,
    timeZone: c.req.header('x-hm-time-zone') ?? 'UTC',
    correlationId: c.req.header('x-correlation-id') ?? '',
    geoLocationId: /^geo-\d{3}$/.test(c.req.header('x-hm-geo-location') ?? '')
      ? (c.req.header('x-hm-geo-location') as string)
      : null,
    clientKey: c.req.header('x-hm-client-key')?.trim().slice(0, 64) || null,
    now,
  };
}
