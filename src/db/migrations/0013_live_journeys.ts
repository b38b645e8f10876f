/**
 * Live journeys and the live refresh quota (issue 13):
 * - `connections.pending_consent`: the consent a bank created before the user authorized it
 *   (passed back on the callback; revoked at the bank when the journey fails);
 * - `connections.authorization_url`: the bank's SCA address once the journey started there (a
 *   live direct connection without `psuIpAddress` starts it when the user opens our
 *   `/connect/bank/{state}` page);
 * - `connections.psu_ip_address`: the end user's address while a journey runs (its first
 *   download is a user-present call), cleared when the journey ends;
 * - `connections.bank_valid_until`: the consent end the bank granted (validUntil);
 * - `connections.refresh_blocked_until`: set when the bank answered ACCESS_EXCEEDED: refreshes
 *   are refused until the next local midnight of the provider;
 * - `refreshes.counted`: false for a refresh made with the user present (it does not count
 *   against the daily quota).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('connections')
    .addColumn('pending_consent', 'text')
    .addColumn('authorization_url', 'text')
    .addColumn('psu_ip_address', 'text')
    .addColumn('bank_valid_until', 'timestamptz')
    .addColumn('refresh_blocked_until', 'timestamptz')
    .execute();
  await db.schema.alterTable('refreshes').addColumn('counted', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refreshes').dropColumn('counted').execute();
  await db.schema
    .alterTable('connections')
    .dropColumn('pending_consent')
    .dropColumn('authorization_url')
    .dropColumn('psu_ip_address')
    .dropColumn('bank_valid_until')
    .dropColumn('refresh_blocked_until')
    .execute();
}
