/** Providers (banks) in PostgreSQL: keyset-paged listing and catalog upsert. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Provider, ProviderConnector, ProviderTraits, ProviderStatus } from '../../db/schema.ts';
import type { Xs2aConfig } from '../../banks/berlin-group/config.ts';
import type { Mode } from '../../lib/ids.ts';

export interface ProviderFilter {
  mode: Mode;
  countries: string[] | null;
  includeNonRegulated: boolean;
  country?: string;
  search?: string;
}

export interface ProviderUpsert {
  id: string;
  mode: Mode;
  name: string;
  code: string;
  countryCode: string;
  bicCodes: string[];
  timeZone: string;
  status: ProviderStatus;
  nonRegulated: boolean;
  traits: ProviderTraits;
  connector: ProviderConnector;
  xs2a: Xs2aConfig | null;
  logoUrl: string | null;
}

const LISTED: ProviderStatus[] = ['Active', 'Inactive'];

export function providersRepository(db: Db) {
  return {
    /** Listed providers after `after` = [name, id], ordered by name then id. */
    list(filter: ProviderFilter, after: [string, string] | null, limit: number): Promise<Provider[]> {
      let query = db
        .selectFrom('providers')
        .selectAll()
        .where('mode', '=', filter.mode)
        .where('status', 'in', LISTED)
        .orderBy('name')
        .orderBy('id')
        .limit(limit);
      if (!filter.includeNonRegulated) query = query.where('nonRegulated', '=', false);
      if (filter.countries) query = query.where('countryCode', 'in', filter.countries.length ? filter.countries : ['--']);
      if (filter.country) query = query.where('countryCode', '=', filter.country);
      if (filter.search) query = query.where('name', 'ilike', `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (after) query = query.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after[0], after[1])));
      return query.execute();
    },

    /** Every provider of `mode` (or of both), whatever its status, by mode, country and name: the operator's view. */
    listAll(mode?: Mode): Promise<Provider[]> {
      let query = db.selectFrom('providers').selectAll().orderBy('mode').orderBy('countryCode').orderBy('name');
      if (mode) query = query.where('mode', '=', mode);
      return query.execute();
    },

    /** The providers whose codes are in `codes`. */
    findByCodes(codes: string[]): Promise<Provider[]> {
      if (codes.length === 0) return Promise.resolve([]);
      return db.selectFrom('providers').selectAll().where('code', 'in', codes).execute();
    },

    find(id: string): Promise<Provider | undefined> {
      return db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts or updates catalog rows by code (idempotent). */
    async upsert(rows: ProviderUpsert[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('providers')
        .values(rows.map((r) => ({ ...r, traits: JSON.stringify(r.traits), xs2a: r.xs2a && JSON.stringify(r.xs2a) })))
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({
            name: (eb) => eb.ref('excluded.name'),
            countryCode: (eb) => eb.ref('excluded.countryCode'),
            bicCodes: (eb) => eb.ref('excluded.bicCodes'),
            timeZone: (eb) => eb.ref('excluded.timeZone'),
            status: (eb) => eb.ref('excluded.status'),
            nonRegulated: (eb) => eb.ref('excluded.nonRegulated'),
            traits: sql`excluded.traits`,
            connector: (eb) => eb.ref('excluded.connector'),
            xs2a: sql`excluded.xs2a`,
            logoUrl: (eb) => eb.ref('excluded.logoUrl'),
          }),
        )
        .execute();
    },
  };
}
