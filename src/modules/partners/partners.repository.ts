/** Partners and their API keys in PostgreSQL. The only file of the module touching Kysely. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ApiKeyRow, Capabilities, Partner } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';
import { PreparedQueries } from '../../db/prepared.ts';

export interface NewPartner {
  id: string;
  name: string;
  capabilities: Capabilities;
  consentDuration: string;
  countries: string[] | null;
  returnUrlPatterns: string[];
}

export type PartnerChanges = Partial<Omit<NewPartner, 'id'> & { subscribeToAllAccounts: boolean; skipConsentScreenAllowed: boolean; rateLimit: number | null; consentExpiringNoticeDays: number; sandboxClockOffsetMs: number } & Branding>;

/** The hosted pages' branding of a partner (null clears a value). */
export interface Branding {
  displayName: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  privacyUrl: string | null;
}

/** The key lookup's columns that are not the partner's (the key's, and the rate-limit count). */
const KEY_COLUMNS = new Set(['keyId', 'keyMode', 'keyHash', 'hint', 'keyCreatedAt', 'revokedAt', 'keyLabel', 'keyLastUsedAt', 'requestsInWindow']);

export function partnersRepository(db: Db) {
  const prepared = new PreparedQueries(db);
  /** The partner's columns of the key lookup's rows, read off the first row (the same in every row of both shapes). */
  let partnerColumns: string[] | undefined;
  return {
    async insert(partner: NewPartner): Promise<void> {
      await db.insertInto('partners').values({ ...partner, capabilities: JSON.stringify(partner.capabilities) }).execute();
    },

    async update(id: string, changes: PartnerChanges): Promise<Partner | undefined> {
      const { capabilities, ...rest } = changes;
      return db
        .updateTable('partners')
        .set({ ...rest, ...(capabilities ? { capabilities: JSON.stringify(capabilities) } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** The partner's sandbox clock offset (ms), its row locked until the transaction ends; undefined for no partner. */
    async lockSandboxClock(id: string): Promise<number | undefined> {
      const row = await db.selectFrom('partners').select('sandboxClockOffsetMs').where('id', '=', id).forUpdate().executeTakeFirst();
      return row && Number(row.sandboxClockOffsetMs);
    },

    find(id: string): Promise<Partner | undefined> {
      return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('partners').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertKey(key: { id: string; partnerId: string; mode: Mode; keyHash: string; hint: string; label?: string | null }): Promise<void> {
      await db.insertInto('apiKeys').values(key).execute();
    },

    listKeys(partnerId?: string): Promise<ApiKeyRow[]> {
      let query = db.selectFrom('apiKeys').selectAll().orderBy('createdAt').orderBy('id');
      if (partnerId) query = query.where('partnerId', '=', partnerId);
      return query.execute();
    },

    revokeKey(id: string, at: Date): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('apiKeys')
        .set({ revokedAt: at })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Records that key `id` was used at `at`, unless it was recorded less than a minute before. */
    async touchKey(id: string, at: Date): Promise<void> {
      await db
        .updateTable('apiKeys')
        .set({ lastUsedAt: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', new Date(at.getTime() - 60_000))]))
        .execute();
    },

    findKey(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The active key with this fingerprint and its partner, in one round trip. With `windowStart`
     * (unix seconds) the same statement also counts the request in the key's rate-limit window
     * and returns the count so far.
     */
    async findActiveKeyByHash(keyHash: string, windowStart: number | null): Promise<{ key: ApiKeyRow; partner: Partner; requestsInWindow?: number } | undefined> {
      // A declaration, not a const arrow: the bundle (keepNames) would name a new arrow on every request.
      function activeKeyQuery(q: Db, hash: string) {
        return q
          .selectFrom('apiKeys')
          .innerJoin('partners', 'partners.id', 'apiKeys.partnerId')
          .selectAll('partners')
          .select(['apiKeys.id as keyId', 'apiKeys.mode as keyMode', 'apiKeys.keyHash', 'apiKeys.hint', 'apiKeys.createdAt as keyCreatedAt', 'apiKeys.revokedAt', 'apiKeys.label as keyLabel', 'apiKeys.lastUsedAt as keyLastUsedAt'])
          .where('apiKeys.keyHash', '=', hash)
          .where('apiKeys.revokedAt', 'is', null);
      }
      const [row] =
        windowStart === null
          ? await prepared.execute('active-key', [keyHash], ([hash]) => activeKeyQuery(db, hash!))
          : await prepared.execute('active-key-counted', [keyHash, windowStart], ([hash, window]) =>
              db
                .with('k', (q) => activeKeyQuery(q as unknown as Db, hash!))
                .with('c', (q) =>
                  q
                    .insertInto('rateLimitCounters')
                    .columns(['keyId', 'windowStart', 'count'])
                    .expression((eb) => eb.selectFrom('k').select(['k.keyId', eb.val(window as unknown as number).as('windowStart'), eb.lit(1).as('count')]))
                    .onConflict((oc) => oc.columns(['keyId', 'windowStart']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
                    .returning('count'),
                )
                .selectFrom('k')
                .leftJoin('c', (join) => join.onTrue())
                .selectAll('k')
                .select('c.count as requestsInWindow'),
            );
      if (!row) return undefined;
      const { keyId, keyMode, keyHash: hash, hint, keyCreatedAt, revokedAt, keyLabel, keyLastUsedAt, requestsInWindow, id: partnerId } = row as typeof row & { requestsInWindow?: number | null };
      // Copied column by column: a rest pattern (`...partner`) over the ~40 columns cost several µs per request.
      partnerColumns ??= Object.keys(row).filter((name) => !KEY_COLUMNS.has(name));
      const partner: Record<string, unknown> = {};
      for (const name of partnerColumns) partner[name] = row[name as keyof typeof row];
      return {
        key: { id: keyId, partnerId, mode: keyMode, keyHash: hash, hint, createdAt: keyCreatedAt, revokedAt, label: keyLabel, lastUsedAt: keyLastUsedAt },
        partner: partner as unknown as Partner,
        ...(requestsInWindow != null ? { requestsInWindow: Number(requestsInWindow) } : {}),
      };
    },
  };
}

export type PartnersRepository = ReturnType<typeof partnersRepository>;
