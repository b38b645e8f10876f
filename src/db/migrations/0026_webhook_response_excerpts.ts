/**
 * Issue 15, portal webhooks page: each webhook attempt keeps the start of the endpoint's answer
 * (`response_excerpt`: at most the first 512 characters of the response body, null when there was
 * no answer or it was empty), shown with the attempt's response code and latency.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_attempts').addColumn('response_excerpt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_attempts').dropColumn('response_excerpt').execute();
}
