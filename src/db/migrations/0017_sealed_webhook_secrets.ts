/**
 * Webhook secrets are stored encrypted (issue 14, item 6): `secret_sealed` (bytea, AES-256-GCM
 * under the operator's key, lib/secret-keys.ts) beside a now nullable `secret`, which only rows
 * written before this migration held. Existing rows are sealed here and their plain text
 * cleared; the code still reads a plain row should one remain (webhooks.repository.ts). Sealing
 * needs the key: `migrateToLatest(db, keys)`; without keys only a database with no secrets
 * migrates.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Db } from '../database.ts';
import { checkSecretKey } from '../settings.ts';
import type { SecretKeys } from '../../lib/secret-keys.ts';

/** The migration, sealing with `keys` (undefined: refuse when there is something to seal). */
export function sealedWebhookSecrets(keys: SecretKeys | undefined): Migration {
  const needKeys = (rows: unknown[]): SecretKeys => {
    if (!keys) throw new Error(`Migration 0017 must encrypt ${rows.length} webhook secret(s) and needs the secret key (BANKDATA_SECRET_KEY or the data dir's secret.key)`);
    return keys;
  };
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('webhook_secrets').addColumn('secret_sealed', 'bytea').execute();
      await db.schema.alterTable('webhook_secrets').alterColumn('secret', (c) => c.dropNotNull()).execute();
      const { rows } = await sql<{ id: string; secret: string }>`SELECT id, secret FROM webhook_secrets WHERE secret IS NOT NULL`.execute(db);
      if (rows.length > 0) {
        const box = needKeys(rows);
        await checkSecretKey(db as unknown as Db, box);
        for (const row of rows) await sql`UPDATE webhook_secrets SET secret_sealed = ${box.seal(row.secret)}, secret = NULL WHERE id = ${row.id}`.execute(db);
      }
      await sql`ALTER TABLE webhook_secrets ADD CONSTRAINT webhook_secrets_stored CHECK (secret IS NOT NULL OR secret_sealed IS NOT NULL)`.execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE webhook_secrets DROP CONSTRAINT webhook_secrets_stored`.execute(db);
      const { rows } = await sql<{ id: string; sealed: Buffer }>`SELECT id, secret_sealed AS sealed FROM webhook_secrets WHERE secret_sealed IS NOT NULL`.execute(db);
      if (rows.length > 0) {
        const box = needKeys(rows);
        for (const row of rows) await sql`UPDATE webhook_secrets SET secret = ${box.open(row.sealed)} WHERE id = ${row.id}`.execute(db);
      }
      await db.schema.alterTable('webhook_secrets').alterColumn('secret', (c) => c.setNotNull()).execute();
      await db.schema.alterTable('webhook_secrets').dropColumn('secret_sealed').execute();
    },
  };
}
