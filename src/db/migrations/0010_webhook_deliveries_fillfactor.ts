/**
 * Room for HOT updates in webhook_deliveries: claiming an attempt updates only `attempts`, which
 * no index covers, so with free space in the row's page PostgreSQL writes the new row version
 * there without touching the table's four indexes. At the default fillfactor (100) inserts fill
 * the pages and every claim wrote a new entry in each index. Applies to pages written from now on.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries SET (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries RESET (fillfactor)`.execute(db);
}
