/**
 * Compile-once queries for hot paths: a Kysely query is built and compiled once per shape with
 * placeholder values, then executed with the real values. Saves the builder and compiler work
 * on every request (the API-key lookup and transaction pages run on every call), and their SQL
 * runs as a named prepared statement (see database.ts), so PostgreSQL parses and plans it once
 * per connection instead of on every call. Outside a transaction they go to the pg pool
 * directly rather than through Kysely's executor (its connection provider and promise layers were
 * ~5 % of the service's CPU on a transaction page), their rows read as arrays. Their rows are
 * mapped to camelCase as the Kysely instance's CamelCasePlugin maps them, with each column name
 * converted once per query shape.
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
 * are converted once per query shape, nested JSON objects and arrays as the plugin converts them
 * (a nested value without `_` in any key is already what the plugin would answer, and is kept).
 */
class HotRowMapper extends CamelCasePlugin {
  /** The camelCase name of each result column. */
  names(fields: readonly { name: string }[]): string[] {
    return fields.map((field) => this.camelCase(field.name));
  }

  /** Rows of pg's `rowMode: 'array'` as objects named by `names`. */
  fromArrays(rows: unknown[][], names: string[]): Record<string, unknown>[] {
    return rows.map((values) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) mapped[names[i]!] = this.value(values[i]);
      return mapped;
    });
  }

  /** Rows of Kysely's executor (objects keyed by column name) with camelCase names. */
  fromObjects(rows: Record<string, unknown>[]): Record<string, unknown>[] {
    const columns = Object.keys(rows[0] ?? {}).map((column) => [column, this.camelCase(column)] as const);
    return rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (const [column, name] of columns) mapped[name] = this.value(row[column]);
      return mapped;
    });
  }

  /** Only plain objects and arrays change (their keys); Dates and scalars pass as they are. */
  private value(value: unknown): unknown {
    return typeof value !== 'object' || value === null || value instanceof Date || !hasSnakeKey(value) ? value : this.mapRow({ v: value }).v;
  }
}

/**
 * True when a key of `value`, or of a plain object or array nested in it, contains `_` (the plugin
 * could rename it). The plugin maps plain objects only: anything else (a Buffer) is kept.
 */
function hasSnakeKey(value: object): boolean {
  if (Array.isArray(value)) return value.some((item) => typeof item === 'object' && item !== null && hasSnakeKey(item));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) {
    if (key.includes('_')) return true;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && hasSnakeKey(item)) return true;
  }
  return false;
}

const rowMapper = new HotRowMapper();

export class PreparedQueries {
  private readonly cache = new Map<string, { sql: string; name: string; slots: number[]; names?: string[] }>();
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
      entry = { sql: compiled.sql, name: `bankdata_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 32)}`, slots };
      this.cache.set(shape, entry);
      statementNames.set(entry.sql, entry.name);
    }
    const parameters = entry.slots.map((i) => values[i]);
    // Executed without the instance's plugins: the rows are mapped here (HotRowMapper). On the
    // pool as arrays (pg builds no object per row that would be copied again); in a transaction,
    // on its connection through Kysely.
    const pool = pools.get(this.db);
    if (pool) {
      const { rows, fields } = await pool.query<unknown[]>({ name: entry.name, text: entry.sql, values: parameters, rowMode: 'array' });
      if (rows.length === 0) return [];
      return rowMapper.fromArrays(rows, (entry.names ??= rowMapper.names(fields))) as R[];
    }
    const { rows } = await (this.unmapped ??= this.db.withoutPlugins()).executeQuery<Record<string, unknown>>(CompiledQuery.raw(entry.sql, parameters));
    return rowMapper.fromObjects(rows) as R[];
  }
}
