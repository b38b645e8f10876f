/** Webhook endpoints, secrets, deliveries and attempts in PostgreSQL. */
import { sql, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';

export function webhooksRepository(db: Db | Tx) {
  return {
    endpoint(partnerId: string, mode: Mode) {
      return db.selectFrom('webhookEndpoints').selectAll().where('partnerId', '=', partnerId).where('mode', '=', mode).executeTakeFirst();
    },

    async upsertEndpoint(partnerId: string, mode: Mode, url: string, at: Date): Promise<void> {
      await db
        .insertInto('webhookEndpoints')
        .values({ partnerId, mode, url, disabledAt: null, disabledReason: null, updatedAt: at })
        .onConflict((oc) => oc.columns(['partnerId', 'mode']).doUpdateSet({ url, disabledAt: null, disabledReason: null, updatedAt: at }))
        .execute();
    },

    async disableEndpoint(partnerId: string, mode: Mode, reason: string, at: Date): Promise<void> {
      await db.updateTable('webhookEndpoints').set({ disabledAt: at, disabledReason: reason, updatedAt: at }).where('partnerId', '=', partnerId).where('mode', '=', mode).execute();
    },

    /** Secrets that sign at `at`: the current one and those still in their overlap window. */
    activeSecrets(partnerId: string, mode: Mode, at: Date) {
      return db
        .selectFrom('webhookSecrets')
        .selectAll()
        .where('partnerId', '=', partnerId)
        .where('mode', '=', mode)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', at)]))
        .orderBy('createdAt', 'desc')
        .execute();
    },

    async insertSecret(row: { id: string; partnerId: string; mode: Mode; secret: string; createdAt: Date }): Promise<void> {
      await db.insertInto('webhookSecrets').values({ ...row, expiresAt: null }).execute();
    },

    /** Ends the current secret(s) at `expiresAt` (rotation overlap). */
    async expireCurrentSecrets(partnerId: string, mode: Mode, expiresAt: Date): Promise<void> {
      await db.updateTable('webhookSecrets').set({ expiresAt }).where('partnerId', '=', partnerId).where('mode', '=', mode).where('expiresAt', 'is', null).execute();
    },

    async insertDelivery(row: { id: string; eventId: string; partnerId: string; mode: Mode; orderKey: string | null; createdAt: Date }): Promise<void> {
      await db.insertInto('webhookDeliveries').values({ ...row, status: 'pending', nextAttemptAt: row.createdAt }).execute();
    },

    delivery(id: string) {
      return db
        .selectFrom('webhookDeliveries')
        .innerJoin('events', 'events.id', 'webhookDeliveries.eventId')
        .selectAll('webhookDeliveries')
        .select(['events.payload', 'events.type'])
        .where('webhookDeliveries.id', '=', id)
        .executeTakeFirst();
    },

    /** True when a delivery with the same order key and an earlier sequence is still pending. */
    async hasPendingPredecessor(orderKey: string, seq: number): Promise<boolean> {
      const row = await db.selectFrom('webhookDeliveries').select('id').where('orderKey', '=', orderKey).where('status', '=', 'pending').where('seq', '<', seq).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** The oldest pending delivery with this order key. */
    nextPending(orderKey: string) {
      return db.selectFrom('webhookDeliveries').select(['id', 'seq']).where('orderKey', '=', orderKey).where('status', '=', 'pending').orderBy('seq').limit(1).executeTakeFirst();
    },

    /** Claims the next attempt of a pending delivery; undefined when it is not pending. */
    claimAttempt(id: string) {
      return db
        .updateTable('webhookDeliveries')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['attempts'])
        .executeTakeFirst();
    },

    async updateDelivery(id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
      await db.updateTable('webhookDeliveries').set(changes).where('id', '=', id).execute();
    },

    async insertAttempt(row: { deliveryId: string; attempt: number; at: Date; url: string; statusCode: number | null; error: string | null; latencyMs: number }): Promise<void> {
      await db.insertInto('webhookAttempts').values(row).execute();
    },

    listDeliveries(partnerId: string, limit: number) {
      return db
        .selectFrom('webhookDeliveries')
        .innerJoin('events', 'events.id', 'webhookDeliveries.eventId')
        .selectAll('webhookDeliveries')
        .select(['events.type', 'events.connectionId'])
        .where('webhookDeliveries.partnerId', '=', partnerId)
        .orderBy('webhookDeliveries.seq', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
