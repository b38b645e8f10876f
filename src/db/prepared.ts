/**
 * Compile-once queries for hot paths: a Kysely query is built and compiled once per shape with
 * placeholder values, then executed with the real values. Saves the builder and compiler work
 * on every request (the API-key lookup and transaction pages run on every call), and their SQL
 * runs as a named prepared statement (see database.ts), so PostgreSQL parses and plans it once
 * per connection instead of on every call.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db, Tx } from './database.ts';

const statementNames = new Map<string, string>();

/** The prepared-statement name of a hot query's SQL, or undefined for any other SQL. */
export const preparedStatementName = (sql: string): string | undefined => statementNames.get(sql);

/** A placeholder for the i-th value of a prepared query. */
const placeholder = (i: number) => `\u0000prepared-${i}`;

export class PreparedQueries {
  private readonly cache = new Map<string, { sql: string; slots: number[] }>();

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
    const result = await this.db.executeQuery<R>(CompiledQuery.raw(entry.sql, entry.slots.map((i) => values[i])));
    return result.rows;
  }
}
