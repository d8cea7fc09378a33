import { applyD1Migrations, env } from 'cloudflare:test';

// Every integration test file starts from the migrated schema; seed what a test needs with
// tests/fixtures helpers.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
