/**
 * The sandbox bank's own memory of a consent, kept in PostgreSQL so that every process sees it:
 * revoked at the bank, re-authentication demanded, extra transactions for the next refresh.
 * Sandbox controls write it; the sandbox connector reads it.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface SandboxConsentState {
  revoked: boolean;
  requireReauth: boolean;
  extraTransactions: number;
  extraSince: Date | null;
}

const none: SandboxConsentState = { revoked: false, requireReauth: false, extraTransactions: 0, extraSince: null };

export class SandboxState {
  constructor(private readonly db: Db) {}

  async get(connectionId: string): Promise<SandboxConsentState> {
    const row = await this.db.selectFrom('sandboxConsents').select(['revoked', 'requireReauth', 'extraTransactions', 'extraSince']).where('connectionId', '=', connectionId).executeTakeFirst();
    return row ?? none;
  }

  /** Marks the consent revoked (or not) at the bank. */
  setRevoked(connectionId: string, revoked: boolean): Promise<void> {
    return this.upsert(connectionId, { revoked });
  }

  /** Makes the next refreshes demand re-authentication (cleared by a new authorization). */
  setRequireReauth(connectionId: string, requireReauth: boolean): Promise<void> {
    return this.upsert(connectionId, { requireReauth });
  }

  /** Adds `count` transactions dated after `since` (the first time) that the next refresh finds. */
  async addTransactions(connectionId: string, count: number, since: Date): Promise<void> {
    await this.db
      .insertInto('sandboxConsents')
      .values({ connectionId, extraTransactions: count, extraSince: since })
      .onConflict((oc) =>
        oc.column('connectionId').doUpdateSet({
          extraTransactions: sql`sandbox_consents.extra_transactions + ${count}`,
          extraSince: sql`coalesce(sandbox_consents.extra_since, ${since}::timestamptz)`,
        }),
      )
      .execute();
  }

  private async upsert(connectionId: string, changes: Partial<Pick<SandboxConsentState, 'revoked' | 'requireReauth'>>): Promise<void> {
    await this.db
      .insertInto('sandboxConsents')
      .values({ connectionId, ...changes })
      .onConflict((oc) => oc.column('connectionId').doUpdateSet(changes))
      .execute();
  }
}
