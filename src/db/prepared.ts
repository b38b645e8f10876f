/**
 * Compile-once queries for hot paths: a Kysely query is built and compiled once per shape with
 * placeholder values, then executed with the real values. Saves the builder and compiler work
 * on every request (the API-key lookup and transaction pages run on every call), and their SQL
 * runs as a named prepared statement (see database.ts), so PostgreSQL parses and plans it once
 * per connection instead of on every call. Outside a transaction they go to the pg pool
 * directly rather than through Kysely's executor (its connection provider and promise layers were
 * ~5 % of the service's CPU on a transaction page). Their rows are mapped to camelCase as the
 * Kysely instance's CamelCasePlugin maps them, with each column name converted once per query shape.
 */
import { createHash } from 'node:crypto';
import { CamelCasePlugin, CompiledQuery, type Compilable } from 'kysely';
import type pg from 'pg';
import type { Db, Tx } from './database.ts';

const statementNames = new Map<string, string>();
const pools = new WeakMap<Db | Tx, pg.Pool>();

/** Records the pool under `db` (database.ts's createDb): its hot queries run on the pool directly. */
export const runHotQueriesOnPool = (db: Db, pool: pg.Pool): void => void pools.set(db, pool);

/** The prepared-statement name of a hot query's SQL, or undefined for any other SQL. */
export const preparedStatementName = (sql: string): string | undefined => statementNames.get(sql);

/** A placeholder for the i-th value of a prepared query. */
const placeholder = (i: number) => `\u0000prepared-${i}`;

/**
 * The result mapping of database.ts's CamelCasePlugin (the same, default, options): column names
 * are converted once per query shape, nested JSON objects and arrays as the plugin converts them.
 */
class HotRowMapper extends CamelCasePlugin {
  /** Each column of `row` (the first row of a shape's result) and its camelCase name. */
  columns(row: Record<string, unknown>): [string, string][] {
    return Object.keys(row).map((column) => [column, this.camelCase(column)]);
  }

  map(rows: Record<string, unknown>[], columns: [string, string][]): Record<string, unknown>[] {
    return rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (const [column, name] of columns) {
        const value = row[column];
        // Only plain objects and arrays change (their keys); Dates and scalars pass as they are.
        mapped[name] = typeof value !== 'object' || value === null || value instanceof Date ? value : this.mapRow({ v: value }).v;
      }
      return mapped;
    });
  }
}

const rowMapper = new HotRowMapper();

export class PreparedQueries {
  private readonly cache = new Map<string, { sql: string; slots: number[]; columns?: [string, string][] }>();
  private unmapped: Db | Tx | undefined;

  constructor(private readonly db: Db | Tx) {}

  /**
   * Runs the query `build(p)` produces, where `p[i]` stands for `values[i]`; `shape` names the
   * query's structure (queries of one shape must differ only in values). Returns rows as Kysely
   * would (plugins applied).
   */
  async execute<R>(shape: string, values: unknown[], build: (p: string[]) => Compilable<R>): Promise<R[]> {
    let entry = this.cache.get(shape);
    if (!entry) {
      const compiled = build(values.map((_, i) => placeholder(i))).compile();
      const slots = compiled.parameters.map((parameter) => {
        const index = values.findIndex((_, i) => parameter === placeholder(i));
        if (index < 0) throw new Error(`prepared query ${shape}: parameter ${String(parameter)} is not a placeholder`);
        return index;
      });
      entry = { sql: compiled.sql, slots };
      this.cache.set(shape, entry);
      statementNames.set(compiled.sql, `bankdata_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 32)}`);
    }
    const parameters = entry.slots.map((i) => values[i]);
    // Executed without the instance's plugins: the rows are mapped here (HotRowMapper). In a
    // transaction, on its connection through Kysely.
    const pool = pools.get(this.db);
    const { rows } = pool
      ? await pool.query<Record<string, unknown>>(entry.sql, parameters)
      : await (this.unmapped ??= this.db.withoutPlugins()).executeQuery<Record<string, unknown>>(CompiledQuery.raw(entry.sql, parameters));
    if (rows.length === 0) return [];
    entry.columns ??= rowMapper.columns(rows[0]!);
    return rowMapper.map(rows, entry.columns) as R[];
  }
}
