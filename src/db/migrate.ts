/**
 * Runs the Kysely migrations in `migrations/` (in name order) up to the latest, then seeds the
 * sandbox provider catalog. Throws when a migration fails; Kysely rolls the failed one back.
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as foundation from './migrations/0001_foundation.ts';
import * as connections from './migrations/0002_connections.ts';
import * as webhooks from './migrations/0003_webhooks.ts';
import * as connectSessions from './migrations/0004_connect_sessions.ts';
import * as lifecycle from './migrations/0005_lifecycle.ts';
import * as enrichment from './migrations/0006_enrichment.ts';
import * as sealedIdempotencyAnswers from './migrations/0007_sealed_idempotency_answers.ts';
import * as sandboxBankState from './migrations/0008_sandbox_bank_state.ts';
import * as enrichmentBackfill from './migrations/0009_enrichment_backfill.ts';
import * as webhookDeliveriesFillfactor from './migrations/0010_webhook_deliveries_fillfactor.ts';
import * as webhookDeliveryClaims from './migrations/0011_webhook_delivery_claims.ts';
import * as liveProviders from './migrations/0012_live_providers.ts';
import * as liveJourneys from './migrations/0013_live_journeys.ts';
import * as usageEvents from './migrations/0014_usage_events.ts';
import { sealedWebhookSecrets } from './migrations/0017_sealed_webhook_secrets.ts';
import * as enrichmentReenrich from './migrations/0018_enrichment_reenrich.ts';
import * as simplefin from './migrations/0019_simplefin.ts';
import * as hostedBranding from './migrations/0021_hosted_branding.ts';
import * as sandboxClock from './migrations/0022_sandbox_clock.ts';
import * as portal from './migrations/0023_portal.ts';
import * as transactionsVariableSymbolPage from './migrations/0024_transactions_variable_symbol_page.ts';
import * as portalConnectionIndexes from './migrations/0025_portal_connection_indexes.ts';
import * as webhookResponseExcerpts from './migrations/0026_webhook_response_excerpts.ts';
import * as enrichmentReenrichIssue20Rounds from './migrations/0027_enrichment_reenrich_issue20_rounds.ts';
import * as enrichmentReenrichIssue20Round5 from './migrations/0029_enrichment_reenrich_issue20_round5.ts';
import * as enrichmentReenrichIssue20Round6 from './migrations/0030_enrichment_reenrich_issue20_round6.ts';
import * as enrichmentReenrichIssue20Rounds7to10 from './migrations/0031_enrichment_reenrich_issue20_rounds7to10.ts';
import * as enrichmentReenrichIssue20Rounds11to13 from './migrations/0032_enrichment_reenrich_issue20_rounds11to13.ts';
import * as enrichmentReenrichIssue20Rounds14to18 from './migrations/0033_enrichment_reenrich_issue20_rounds14to18.ts';
import * as enrichmentReenrichIssue20Rounds19to23 from './migrations/0034_enrichment_reenrich_issue20_rounds19to23.ts';
import * as enrichmentReenrichIssue20Rounds24to29 from './migrations/0035_enrichment_reenrich_issue20_rounds24to29.ts';
import * as enrichmentReenrichIssue20Rounds30to33 from './migrations/0036_enrichment_reenrich_issue20_rounds30to33.ts';
import type { SecretKeys } from '../lib/secret-keys.ts';

const MIGRATION_TABLE = 'kysely_migration';

const migrations = (keys: SecretKeys | undefined): Record<string, Migration> => ({
  '0001_foundation': foundation,
  '0002_connections': connections,
  '0003_webhooks': webhooks,
  '0004_connect_sessions': connectSessions,
  '0005_lifecycle': lifecycle,
  '0006_enrichment': enrichment,
  '0007_sealed_idempotency_answers': sealedIdempotencyAnswers,
  '0008_sandbox_bank_state': sandboxBankState,
  '0009_enrichment_backfill': enrichmentBackfill,
  '0010_webhook_deliveries_fillfactor': webhookDeliveriesFillfactor,
  '0011_webhook_delivery_claims': webhookDeliveryClaims,
  '0012_live_providers': liveProviders,
  '0013_live_journeys': liveJourneys,
  '0014_usage_events': usageEvents,
  '0017_sealed_webhook_secrets': sealedWebhookSecrets(keys),
  '0018_enrichment_reenrich': enrichmentReenrich,
  '0019_simplefin': simplefin,
  '0021_hosted_branding': hostedBranding,
  '0022_sandbox_clock': sandboxClock,
  '0023_portal': portal,
  '0024_transactions_variable_symbol_page': transactionsVariableSymbolPage,
  '0025_portal_connection_indexes': portalConnectionIndexes,
  '0026_webhook_response_excerpts': webhookResponseExcerpts,
  '0027_enrichment_reenrich_issue20_rounds': enrichmentReenrichIssue20Rounds,
  '0029_enrichment_reenrich_issue20_round5': enrichmentReenrichIssue20Round5,
  '0030_enrichment_reenrich_issue20_round6': enrichmentReenrichIssue20Round6,
  '0031_enrichment_reenrich_issue20_rounds7to10': enrichmentReenrichIssue20Rounds7to10,
  '0032_enrichment_reenrich_issue20_rounds11to13': enrichmentReenrichIssue20Rounds11to13,
  '0033_enrichment_reenrich_issue20_rounds14to18': enrichmentReenrichIssue20Rounds14to18,
  '0034_enrichment_reenrich_issue20_rounds19to23': enrichmentReenrichIssue20Rounds19to23,
  '0035_enrichment_reenrich_issue20_rounds24to29': enrichmentReenrichIssue20Rounds24to29,
  '0036_enrichment_reenrich_issue20_rounds30to33': enrichmentReenrichIssue20Rounds30to33,
});

/** `keys` seal what a migration encrypts (0017: webhook secrets); only needed when there is some. */
function migrator(db: Db, keys?: SecretKeys): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations(keys) };
  // Unordered: migrations developed in parallel may land out of name order.
  return new Migrator({ db, provider, migrationTableName: MIGRATION_TABLE, migrationLockTableName: 'kysely_migration_lock', allowUnorderedMigrations: true });
}

/**
 * Applies pending migrations; returns the names applied now. `keys`: the secret key
 * (lib/secret-keys.ts) for migrations that encrypt stored rows; a database without such rows
 * migrates without it.
 */
export async function migrateToLatest(db: Db, keys?: SecretKeys): Promise<string[]> {
  // Nothing to apply (every start but the first after an upgrade): two short queries instead of
  // the migrator's table checks (catalog introspection) and lock.
  if ((await pendingMigrations(db)).length === 0) return [];
  const { error, results } = await migrator(db, keys).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied (all of them on an empty database), in name order. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${MIGRATION_TABLE}) IS NOT NULL AS present`.execute(db);
  const applied = rows[0]?.present ? await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(db) : { rows: [] };
  const done = new Set(applied.rows.map((r) => r.name));
  return Object.keys(migrations(undefined)).filter((name) => !done.has(name)).sort();
}
