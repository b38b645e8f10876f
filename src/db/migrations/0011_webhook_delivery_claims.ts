/**
 * `webhook_deliveries.claimed_by`: the pg-boss job whose worker is attempting the delivery now
 * (null when none). A worker delivers a connection's events one after another under one job
 * (src/modules/webhooks/webhooks.service.ts); the claim keeps any other job off the delivery
 * until the attempt is recorded, and lets the same job take it again when pg-boss retries the
 * job after its worker died. No index covers it, so claiming is a HOT update.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('claimed_by', 'uuid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('claimed_by').execute();
}
