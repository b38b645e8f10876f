/**
 * The Kysely instance over a `pg` pool, and the transaction helper. `Db` is what repositories
 * receive: either the pool-backed instance or a transaction.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { preparedStatementName, runHotQueriesOnPool } from './prepared.ts';
import type { Database } from './schema.ts';
import { trackPool } from '../metrics/metrics.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// timestamptz -> Date (default), bigint -> number (counts fit in 2^53), numeric -> number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Kysely sends `query(sql, values)`; for the SQL of a hot query (db/prepared.ts) the client sends
 * it as a named prepared statement instead, parsed and planned once per connection.
 */
function runHotQueriesPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? preparedStatementName(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(...args);
  }) as typeof client.query;
}

/** Opens a pool of at most `max` connections to `url`. */
export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  pool.on('connect', (client) => {
    runHotQueriesPrepared(client);
    // A connection lost while checked out (mid-transaction, the server shut down) emits 'error' on
    // its client, where the pool listens only while the client is idle; unheard, it would end the
    // process. The statement under way fails on its own, and the pool drops the broken client.
    client.on('error', () => {});
  });
  trackPool(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  runHotQueriesOnPool(db, pool);
  return db;
}
