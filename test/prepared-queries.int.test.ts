/**
 * Hot prepared queries (src/db/prepared.ts) answer the rows the Kysely instance answers: columns
 * and nested JSON keys in camelCase as its CamelCasePlugin maps them, on the pool (rows read as
 * arrays) and inside a transaction (through Kysely).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';
import { PreparedQueries } from '../src/db/prepared.ts';
import { cloneTemplate } from './helpers/app.ts';

let db: Db;

beforeAll(async () => {
  db = createDb(await cloneTemplate(), 2);
});
afterAll(async () => {
  await db?.destroy();
});

/** Snake-case columns; JSON with snake_case keys nested in objects and arrays, camelCase keys, scalars and nulls. */
const query = (p: string[]) =>
  sql`SELECT ${p[0]}::int AS some_number, now() AS created_at, NULL::text AS no_value,
    jsonb_build_object('variableSymbol', '0042', 'others', NULL) AS camel_details,
    jsonb_build_object('snake_key', 1, 'nested_object', jsonb_build_object('inner_key', ${p[1]}::text), 'list_of', jsonb_build_array(jsonb_build_object('item_key', 2), 3)) AS snake_details,
    ARRAY['a_b', 'c'] AS text_list
    FROM generate_series(1, 3)`;

describe('prepared queries', () => {
  it('answer the rows of the Kysely instance, on the pool and in a transaction', async () => {
    const expected = (await query(['7', 'x']).execute(db)).rows;
    expect(expected).toHaveLength(3);
    expect(Object.keys(expected[0]!)).toEqual(['someNumber', 'createdAt', 'noValue', 'camelDetails', 'snakeDetails', 'textList']);
    expect((expected[0] as { snakeDetails: unknown }).snakeDetails).toEqual({ snakeKey: 1, nestedObject: { innerKey: 'x' }, listOf: [{ itemKey: 2 }, 3] });

    const build = (p: string[]) => ({ compile: () => query(p).compile(db) });
    const onPool = await new PreparedQueries(db).execute('test-shape', [7, 'x'], build);
    const inTransaction = await db.transaction().execute((tx) => new PreparedQueries(tx).execute('test-shape', [7, 'x'], build));
    for (const rows of [onPool, inTransaction]) {
      expect(rows.map((r) => ({ ...(r as object), createdAt: null }))).toEqual(expected.map((r) => ({ ...(r as object), createdAt: null })));
      expect((rows[0] as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
    }
    // The same shape again (its names mapped once) and an empty answer.
    expect(await new PreparedQueries(db).execute('test-shape', [8, 'y'], build)).toHaveLength(3);
    expect(await new PreparedQueries(db).execute('empty', [], () => ({ compile: () => sql`SELECT 1 AS one WHERE false`.compile(db) }))).toEqual([]);
  });
});
