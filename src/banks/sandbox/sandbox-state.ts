/**
 * The sandbox bank's own memory of a consent, kept in PostgreSQL so that every process sees it:
 * revoked at the bank, re-authentication demanded, transactions added for the next refresh, and
 * how often it listed the consent's accounts (the flaky bank fails by that count).
 * Sandbox controls write it; the sandbox connector reads it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BankTransaction } from '../connector.ts';
import type { ExtraTransactions } from './generator.ts';

export interface SandboxConsentState {
  revoked: boolean;
  requireReauth: boolean;
  /** One batch per sandbox-control call, in call order. */
  extraTransactions: ExtraTransactions[];
  /** How often the bank listed the consent's accounts. */
  listings: number;
}

export class SandboxState {
  constructor(private readonly db: Db) {}

  async get(connectionId: string): Promise<SandboxConsentState> {
    const row = await this.db.selectFrom('sandboxConsents').select(['revoked', 'requireReauth', 'extraBatches', 'listings']).where('connectionId', '=', connectionId).executeTakeFirst();
    return {
      revoked: row?.revoked ?? false,
      requireReauth: row?.requireReauth ?? false,
      extraTransactions: (row?.extraBatches ?? []).map((b) =>
        'transactions' in b
          ? { since: new Date(b.since), accountExternalId: b.accountExternalId, transactions: b.transactions.map((t) => ({ ...t, recordDate: new Date(t.recordDate) })) }
          : { since: new Date(b.since), count: b.count },
      ),
      listings: row?.listings ?? 0,
    };
  }

  /** Marks the consent revoked (or not) at the bank. */
  setRevoked(connectionId: string, revoked: boolean): Promise<void> {
    return this.upsert(connectionId, { revoked });
  }

  /** Makes the next refreshes demand re-authentication (cleared by a new authorization). */
  setRequireReauth(connectionId: string, requireReauth: boolean): Promise<void> {
    return this.upsert(connectionId, { requireReauth });
  }

  /** Counts one more listing of the consent's accounts; returns the count including this one. */
  async countListing(connectionId: string): Promise<number> {
    const row = await this.insertForConnection(connectionId, { listings: sql`1::integer` })
      .onConflict((oc) => oc.column('connectionId').doUpdateSet({ listings: sql`sandbox_consents.listings + 1` }))
      .returning('listings')
      .executeTakeFirst();
    // The connection was deleted meanwhile: nothing is remembered for it.
    return row?.listings ?? 1;
  }

  /** Adds `count` transactions dated at or before `since` (the time of the call) that the next refresh finds. */
  async addTransactions(connectionId: string, count: number, since: Date): Promise<void> {
    await this.addBatch(connectionId, { since: since.toISOString(), count });
  }

  /**
   * Adds the partner's own `transactions` (externalIds already fixed) to account
   * `accountExternalId`, added at `since`: the next refresh finds exactly them.
   */
  async addCustomTransactions(connectionId: string, accountExternalId: string, since: Date, transactions: BankTransaction[]): Promise<void> {
    await this.addBatch(connectionId, { since: since.toISOString(), accountExternalId, transactions });
  }

  private async addBatch(connectionId: string, value: object): Promise<void> {
    const batch = JSON.stringify([value]);
    await this.insertForConnection(connectionId, { extraBatches: sql`${batch}::jsonb` })
      .onConflict((oc) => oc.column('connectionId').doUpdateSet({ extraBatches: sql`sandbox_consents.extra_batches || ${batch}::jsonb` }))
      .execute();
  }

  private async upsert(connectionId: string, changes: { revoked?: boolean; requireReauth?: boolean }): Promise<void> {
    const values = Object.fromEntries(Object.entries(changes).map(([column, value]) => [column, sql`${value}::boolean`]));
    await this.insertForConnection(connectionId, values)
      .onConflict((oc) => oc.column('connectionId').doUpdateSet(changes))
      .execute();
  }

  /**
   * INSERT ... SELECT from the connection's row, read under FOR KEY SHARE: when a concurrent
   * delete of the connection (or of its client) commits first, nothing is inserted, where a plain
   * INSERT would fail its foreign key (a DELETE of a client racing another revoked the same
   * consents at the bank). `values` are typed SQL expressions (a bare parameter in a select list is text).
   */
  private insertForConnection(connectionId: string, values: Record<string, RawBuilder<unknown>>) {
    const columns = ['connectionId', ...Object.keys(values)] as const;
    return this.db
      .insertInto('sandboxConsents')
      .columns(columns as unknown as ['connectionId'])
      .expression((eb) =>
        eb
          .selectFrom('connections')
          .select((row) => [row.ref('connections.id').as('connectionId'), ...Object.entries(values).map(([column, value]) => value.as(column))])
          .where('connections.id', '=', connectionId)
          .forKeyShare(),
      );
  }
}
