/**
 * Indexes for the portal's Overview and Connections pages (issue 15): a partner's connections of
 * one mode, newest first (`connections_partner_idx`: the list, counts by state, new connections
 * of the last 7 days); its Active ones by consent end (`connections_consent_end_idx`, partial:
 * consents ending soon); a connection by the connect session that made it
 * (`connections_session_idx`: search by session id); and a partner's failure events of one mode
 * by time (`events_partner_failures_idx`, partial: only ConnectionCreateFailed and
 * ConnectionRefreshFailed rows, so the many progress events cost nothing more to write).
 *
 * Plain CREATE INDEX (migrations run in a transaction): the build blocks writes to these tables
 * while it runs; IF NOT EXISTS takes an index built CONCURRENTLY by hand beforehand as built.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS connections_partner_idx ON connections (partner_id, mode, created_at DESC)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS connections_consent_end_idx ON connections (partner_id, mode, consent_expires_at) WHERE state = 'Active'`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS connections_session_idx ON connections (session_id) WHERE session_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS events_partner_failures_idx ON events (partner_id, mode, created_at) WHERE type IN ('ConnectionCreateFailed', 'ConnectionRefreshFailed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_partner_failures_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS connections_session_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS connections_consent_end_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS connections_partner_idx`.execute(db);
}
