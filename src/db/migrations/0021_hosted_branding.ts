/**
 * Issue 17, hosted flow:
 * - `partners` gains the branding of the hosted pages: `display_name` (shown instead of `name`),
 *   `logo_url`, `accent_color` (#RRGGBB) and `privacy_url` (all optional);
 * - `connect_sessions` gains the progress counts of its connection's progress webhooks
 *   (`accounts_found`: AccountsFetchingProgress accountCount; `transactions_downloaded`:
 *   TransactionsFetchingProgress transactionCount), shown on the progress page.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partners')
    .addColumn('display_name', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('accent_color', 'text')
    .addColumn('privacy_url', 'text')
    .execute();
  await db.schema
    .alterTable('connect_sessions')
    .addColumn('accounts_found', 'integer')
    .addColumn('transactions_downloaded', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connect_sessions').dropColumn('accounts_found').dropColumn('transactions_downloaded').execute();
  await db.schema.alterTable('partners').dropColumn('display_name').dropColumn('logo_url').dropColumn('accent_color').dropColumn('privacy_url').execute();
}
