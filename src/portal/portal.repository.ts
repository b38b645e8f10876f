/** Portal users, sessions, setup tokens, sign-in failure counters and the audit log in PostgreSQL. The only portal file touching Kysely. */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PortalRole, PortalUser } from '../db/schema.ts';

export interface AuditEntry {
  who: string;
  what: string;
  details: Record<string, unknown>;
  at: Date;
}

export function portalRepository(db: Db) {
  return {
    async insertUser(user: { id: string; partnerId: string; email: string; role: PortalRole; passwordHash: string | null }): Promise<void> {
      await db.insertInto('portalUsers').values(user).execute();
    },

    findUser(id: string): Promise<PortalUser | undefined> {
      return db.selectFrom('portalUsers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(partnerId: string, email: string): Promise<PortalUser | undefined> {
      return db.selectFrom('portalUsers').selectAll().where('partnerId', '=', partnerId).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    /** Active users with this e-mail address in any partner, oldest first. */
    activeUsersByEmail(email: string): Promise<PortalUser[]> {
      return db.selectFrom('portalUsers').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).where('disabledAt', 'is', null).orderBy('createdAt').execute();
    },

    listUsers(partnerId: string): Promise<PortalUser[]> {
      return db.selectFrom('portalUsers').selectAll().where('partnerId', '=', partnerId).orderBy('createdAt').orderBy('id').execute();
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('portalUsers').set({ passwordHash }).where('id', '=', userId).execute();
    },

    async disableUser(userId: string, at: Date): Promise<PortalUser | undefined> {
      return db.transaction().execute(async (tx) => {
        const user = await tx.updateTable('portalUsers').set({ disabledAt: sql`coalesce(disabled_at, ${at})` }).where('id', '=', userId).returningAll().executeTakeFirst();
        await tx.deleteFrom('portalSessions').where('userId', '=', userId).execute();
        return user;
      });
    },

    async insertSetupToken(token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insertInto('portalSetupTokens').values(token).execute();
    },

    /** Marks an unused, unexpired token used and returns its user id; undefined when it is not usable. */
    async useSetupToken(tokenHash: string, at: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('portalSetupTokens')
        .set({ usedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .returning('userId')
        .executeTakeFirst();
      return row?.userId;
    },

    findSetupToken(tokenHash: string, at: Date) {
      return db.selectFrom('portalSetupTokens').select('userId').where('tokenHash', '=', tokenHash).where('usedAt', 'is', null).where('expiresAt', '>', at).executeTakeFirst();
    },

    /** Failures counted for `scopes` in the window starting at `windowStart`. */
    async failures(scopes: string[], windowStart: Date): Promise<Record<string, number>> {
      const rows = await db.selectFrom('portalSigninFailures').select(['scope', 'count']).where('scope', 'in', scopes).where('windowStart', '=', windowStart).execute();
      return Object.fromEntries(rows.map((r) => [r.scope, r.count]));
    },

    async countFailure(scopes: string[], windowStart: Date): Promise<void> {
      await db
        .insertInto('portalSigninFailures')
        .values(scopes.map((scope) => ({ scope, windowStart, count: 1 })))
        .onConflict((oc) => oc.columns(['scope', 'windowStart']).doUpdateSet({ count: sql`portal_signin_failures.count + 1` }))
        .execute();
      await db.deleteFrom('portalSigninFailures').where('windowStart', '<', new Date(windowStart.getTime() - 86_400_000)).execute();
    },

    async insertSession(session: { idHash: string; userId: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }): Promise<void> {
      await db.insertInto('portalSessions').values(session).execute();
    },

    /**
     * The session and its active user when the session was seen after `idleSince` and has not
     * expired at `now`; marks it seen at `now`.
     */
    async touchSession(idHash: string, now: Date, idleSince: Date): Promise<PortalUser | undefined> {
      return db
        .with('s', (q) =>
          q.updateTable('portalSessions').set({ lastSeenAt: now }).where('idHash', '=', idHash).where('lastSeenAt', '>', idleSince).where('expiresAt', '>', now).returning('userId'),
        )
        .selectFrom('s')
        .innerJoin('portalUsers as u', 'u.id', 's.userId')
        .selectAll('u')
        .where('u.disabledAt', 'is', null)
        .executeTakeFirst();
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('portalSessions').where('idHash', '=', idHash).execute();
    },

    async deleteSessionsOf(userId: string): Promise<number> {
      const result = await db.deleteFrom('portalSessions').where('userId', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insertAudit(entry: { partnerId: string; userId: string | null; who: string; what: string; details: Record<string, unknown>; at: Date }): Promise<void> {
      await db.insertInto('portalAudit').values({ ...entry, details: JSON.stringify(entry.details) }).execute();
    },

    listAudit(partnerId: string, limit: number): Promise<AuditEntry[]> {
      return db.selectFrom('portalAudit').select(['who', 'what', 'details', 'at']).where('partnerId', '=', partnerId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
