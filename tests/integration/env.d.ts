// Bindings the Workers test pool provides (vitest.config.ts, project "integration").
type D1MigrationList = Array<{ name: string; queries: string[] }>;
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    UPSTREAM: string;
    SESSION_KEYS?: string;
    WALLET_HASH_KEY: string;
    EBT_PRIVATE_KEY_JWK: string;
    ENVIRONMENT?: string;
    TEST_MIGRATIONS: D1MigrationList;
  }
}
