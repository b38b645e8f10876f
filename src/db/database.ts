/**
 * The Kysely instance over a `pg` pool, and the transaction helper. `Db` is what repositories
 * receive: either the pool-backed instance or a transaction.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// timestamptz -> Date (default), bigint -> number (counts fit in 2^53), numeric -> number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Opens a pool of at most `max` connections to `url`. */
export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
