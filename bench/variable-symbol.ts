/**
 * variableSymbol benchmark (issue 18): one account holding 1,000,000 transactions (seeded with
 * generate_series, bench/list-transactions.ts `seed`), one variable symbol on every tenth of them
 * (100,000 matches) and a rare one on ten. `GET /v1/accounts/{id}/transactions?limit=10` through
 * the service (`node bin/bankdata.js serve`) for:
 *
 * - **unfiltered**: the first page without a filter: the baseline of every ratio;
 * - **common first**: the first page of the common symbol;
 * - **common deep**: the common symbol's page after 50,500 of its matches (a cursor from deep in);
 * - **rare**: the rare symbol's page (all ten matches);
 * - **several**: 20 symbols at once (the common, the rare and 18 others), first page;
 *
 * at 1 and 50 connections, interleaved, the sequence `rounds` times; the round with the higher
 * throughput is reported per page and connection count. Each filtered page's ratio is its
 * requests/s over the unfiltered page's at the same connection count in the same run (target
 * >= 0.5), its p99 at 50 connections the second target (< 30 ms on a quiet machine).
 * Warm-up (2 s) runs each statement far past PostgreSQL's five custom plans, so the generic-plan
 * cliff, if any, is in the measurement. The result keeps EXPLAIN (ANALYZE, BUFFERS) of the
 * service's own prepared statements for each page, with the custom and the generic plan.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb } from '../src/db/database.ts';
import { accountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { benchSecretKey, scratchDatabase, startServer, type LoadOptions, type Server } from './harness.ts';
import { getJson, gitDescription, measure, ratio, seed, type Measurement, type Page, type Target } from './list-transactions.ts';

const COMMON = '0000012345';
const RARE = '0000000777';
const key = (symbol: string) => symbol.replace(/^0+(?=.)/, '');
/** Matches of the common symbol walked before the deep page's cursor. */
const DEEP_AFTER = 50_500;
const WALK_PAGE = 500;

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;

const PAGES = ['unfiltered', 'commonFirst', 'commonDeep', 'rare', 'several'] as const;
type PageName = (typeof PAGES)[number];

export interface VariableSymbolOptions extends LoadOptions {
  transactions: number;
  rounds: number;
  pageSize: number;
  connectionCounts: number[];
}

/** Defaults; BENCH_VS_TRANSACTIONS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_PAGE_SIZE override them. */
export function defaultVariableSymbolOptions(env: NodeJS.ProcessEnv = process.env): VariableSymbolOptions {
  return {
    transactions: Number(env.BENCH_VS_TRANSACTIONS ?? 1_000_000),
    connections: 50,
    connectionCounts: [1, 50],
    warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
    seconds: Number(env.BENCH_SECONDS ?? 10),
    rounds: Number(env.BENCH_ROUNDS ?? 2),
    pageSize: Number(env.BENCH_PAGE_SIZE ?? 10),
  };
}

export interface VariableSymbolResult {
  benchmark: 'variable-symbol';
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; loadAvgBefore: number[]; loadAvgAfter: number[] };
  commit: string;
  options: VariableSymbolOptions;
  seedSeconds: number;
  /** Seconds to build transactions_vs_page_idx on the seeded table (migration 0024's CREATE INDEX). */
  indexBuildSeconds: number;
  matches: { common: number; rare: number };
  /** Best round per connection count and page (higher requests/s). */
  best: Record<string, Record<PageName, Measurement>>;
  rounds: Record<string, Record<PageName, Measurement[]>>;
  /** Per connection count: filtered requests/s over unfiltered, and unfiltered p50/p99 over filtered. */
  ratios: Record<string, Record<Exclude<PageName, 'unfiltered'>, { requestsPerSec: number; p50: number; p99: number }>>;
  /** EXPLAIN (ANALYZE, BUFFERS) of the service's prepared statement per filtered page: custom and generic plan. */
  plans: Record<Exclude<PageName, 'unfiltered'>, { custom: string; generic: string }>;
  targets: { ratio: Target; p99: Target };
}

/** Walks the common symbol's matches with limit 500, checking the order; answers the count and the cursor after DEEP_AFTER. */
async function walkCommon(service: Server, path: string, headers: Record<string, string>): Promise<{ count: number; deepCursor: string }> {
  let cursor: string | null = null;
  let deepCursor: string | null = null;
  let count = 0;
  let previous: [string, string] | null = null;
  do {
    const page: Page & { data: { id: string; recordDate: string }[] } = (await getJson(
      `${service.url}${path}?limit=${WALK_PAGE}&variableSymbol=${COMMON}${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    )) as never;
    for (const row of page.data) {
      const position: [string, string] = [new Date(row.recordDate).toISOString(), row.id];
      if (previous && !(position[0] < previous[0] || (position[0] === previous[0] && position[1] < previous[1]))) throw new Error(`the filtered walk is out of order at ${row.id}`);
      previous = position;
    }
    count += page.data.length;
    if (count === DEEP_AFTER) deepCursor = page.nextCursor;
    cursor = page.nextCursor;
  } while (cursor);
  if (!deepCursor) throw new Error(`the common symbol has ${count} matches, fewer than ${DEEP_AFTER}`);
  return { count, deepCursor };
}

/** The named prepared statements (name, SQL, values) this process's pg clients send, latest last. */
function recordPreparedStatements(): { name: string; text: string; values: unknown[] }[] {
  const sent: { name: string; text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config) sent.push(config as never);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
  return sent;
}

const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${(value instanceof Date ? value.toISOString() : String(value)).replace(/'/g, "''")}'`);

/** Runs the benchmark (progress on stderr) and returns its result. */
export async function runVariableSymbolBench(options: VariableSymbolOptions = defaultVariableSymbolOptions()): Promise<VariableSymbolResult> {
  const loadAvgBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const sent = recordPreparedStatements();
  const scratch = await scratchDatabase();
  let service: Server | undefined;
  try {
    const seedStart = performance.now();
    const { apiKey, partnerId, clientId, accountId } = await seed(scratch, { transactions: options.transactions, symbols: { common: COMMON, rare: RARE } });
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    log(`  seeded ${options.transactions} transactions in ${seedSeconds} s`);
    // Migration 0024's index build on this table (it blocks writes to transactions while it runs).
    const buildStart = performance.now();
    await sql`DROP INDEX transactions_vs_page_idx`.execute(scratch.db);
    await sql`CREATE INDEX transactions_vs_page_idx ON transactions (account_id, variable_symbol_key, record_date DESC, id DESC) WHERE variable_symbol_key IS NOT NULL`.execute(scratch.db);
    const indexBuildSeconds = Math.round((performance.now() - buildStart) / 100) / 10;
    log(`  built transactions_vs_page_idx in ${indexBuildSeconds} s`);
    const others = await sql<{ k: string }>`
      SELECT variable_symbol_key AS k FROM transactions
      WHERE account_id = ${accountId}::uuid AND variable_symbol_key NOT IN (${key(COMMON)}, ${key(RARE)}) ORDER BY record_date DESC LIMIT 18`.execute(scratch.db);
    const several = [COMMON, RARE, ...others.rows.map((r) => r.k)];
    const expected = await sql<{ common: number; rare: number }>`
      SELECT count(*) FILTER (WHERE variable_symbol_key = ${key(COMMON)})::int AS common, count(*) FILTER (WHERE variable_symbol_key = ${key(RARE)})::int AS rare
      FROM transactions WHERE account_id = ${accountId}::uuid`.execute(scratch.db);
    const matches = expected.rows[0]!;

    const env = { DATABASE_URL: scratch.url, BANKDATA_SECRET_KEY: benchSecretKey, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
    const serviceNodeOptions = (process.env.BENCH_SERVICE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    service = await startServer('service', [...serviceNodeOptions, bin, 'serve'], env, 'Stop with Ctrl+C');
    const path = `/v1/accounts/${accountId}/transactions`;
    const headers = { 'x-api-key': apiKey, 'x-client-id': clientId };
    log(`  walking the ${matches.common} matches of the common symbol with limit ${WALK_PAGE}`);
    const walk = await walkCommon(service, path, headers);
    if (walk.count !== matches.common) throw new Error(`the filtered walk visited ${walk.count} transactions, not ${matches.common}`);
    const base = `${service.url}${path}?limit=${options.pageSize}`;
    const urls: Record<PageName, string> = {
      unfiltered: base,
      commonFirst: `${base}&variableSymbol=${COMMON}`,
      commonDeep: `${base}&variableSymbol=${COMMON}&nextCursor=${encodeURIComponent(walk.deepCursor)}`,
      rare: `${base}&variableSymbol=${RARE}`,
      several: `${base}&${several.map((s) => `variableSymbol=${s}`).join('&')}`,
    };
    for (const page of PAGES) {
      const answer = await getJson(urls[page], headers);
      if (answer.data.length !== (page === 'rare' ? Math.min(options.pageSize, matches.rare) : options.pageSize)) throw new Error(`${page}: ${answer.data.length} rows`);
    }

    // The service's statements, run by the repository on one connection, explained there.
    const explainDb = createDb(scratch.url, 1);
    const plans = {} as VariableSymbolResult['plans'];
    try {
      const repo = accountsRepository(explainDb);
      const owner = { partnerId, clientId, mode: 'sandbox' };
      const deepPosition = JSON.parse(Buffer.from(walk.deepCursor.split('.')[0]!, 'base64url').toString()) as [string, string];
      const cases: Record<keyof typeof plans, [[string, string] | null, string[]]> = {
        commonFirst: [null, [key(COMMON)]],
        commonDeep: [deepPosition, [key(COMMON)]],
        rare: [null, [key(RARE)]],
        several: [null, several.map(key)],
      };
      for (const [page, [after, symbols]] of Object.entries(cases) as [keyof typeof plans, (typeof cases)['rare']][]) {
        await repo.pageTransactions(owner, accountId, after, options.pageSize + 1, symbols);
        const statement = sent.at(-1)!;
        const execute = sql.raw(`EXECUTE ${statement.name}(${statement.values.map(literal).join(', ')})`);
        const explain = async (mode: string) => {
          await sql`SELECT set_config('plan_cache_mode', ${mode}, false)`.execute(explainDb);
          const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${execute}`.execute(explainDb);
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        };
        plans[page] = { custom: await explain('force_custom_plan'), generic: await explain('force_generic_plan') };
        if (!plans[page].generic.includes('transactions_vs_page_idx')) log(`  WARNING: the generic plan of ${page} does not use transactions_vs_page_idx`);
      }
    } finally {
      await explainDb.destroy();
    }

    const all: Record<string, Record<PageName, Measurement[]>> = {};
    for (const connections of options.connectionCounts) all[connections] = Object.fromEntries(PAGES.map((p) => [p, []])) as never;
    for (let round = 1; round <= options.rounds; round++) {
      for (const connections of options.connectionCounts) {
        for (const page of PAGES) {
          process.stderr.write(`  round ${round}, ${connections} connections, ${page.padEnd(11)} ...`);
          const measured = await measure(service, urls[page], headers, { ...options, connections }, scratch.postmasterPid);
          log(` ${measured.requestsPerSec} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms`);
          if (measured.non2xx || measured.errors) throw new Error(`${page}: ${measured.non2xx} non-2xx responses, ${measured.errors} errors`);
          all[connections]![page].push({ ...measured, round });
        }
      }
    }
    const bestOf = (runs: Measurement[]) => runs.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const best: VariableSymbolResult['best'] = {};
    const ratios: VariableSymbolResult['ratios'] = {};
    for (const connections of options.connectionCounts) {
      const byPage = Object.fromEntries(PAGES.map((p) => [p, bestOf(all[connections]![p])])) as Record<PageName, Measurement>;
      best[connections] = byPage;
      const u = byPage.unfiltered;
      ratios[connections] = Object.fromEntries(
        PAGES.filter((p) => p !== 'unfiltered').map((p) => [
          p,
          { requestsPerSec: ratio(byPage[p].requestsPerSec, u.requestsPerSec), p50: ratio(Math.max(u.p50Ms, 1), Math.max(byPage[p].p50Ms, 1)), p99: ratio(Math.max(u.p99Ms, 1), Math.max(byPage[p].p99Ms, 1)) },
        ]),
      ) as never;
    }
    const worstRatio = Math.min(...Object.values(ratios).flatMap((r) => Object.values(r).map((x) => x.requestsPerSec)));
    const worstP99 = Math.max(...PAGES.filter((p) => p !== 'unfiltered').map((p) => best[50]?.[p].p99Ms ?? 0));
    return {
      benchmark: 'variable-symbol',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, loadAvgBefore, loadAvgAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
      commit: gitDescription(),
      options,
      seedSeconds,
      indexBuildSeconds,
      matches,
      best,
      rounds: all,
      ratios,
      plans,
      targets: {
        ratio: { target: 'every filtered page >= 0.5x the unfiltered first page (requests/s, 1 and 50 connections)', value: worstRatio, met: worstRatio >= 0.5 },
        p99: { target: 'filtered p99 < 30 ms at 50 connections', value: worstP99, met: worstP99 < 30 },
      },
    };
  } finally {
    await service?.stop();
    await scratch.close();
  }
}

/** The result as a text table. */
export function formatVariableSymbol(r: VariableSymbolResult): string {
  const lines = [
    `variable-symbol: ${r.options.transactions} transactions in one account, common symbol on ${r.matches.common}, rare on ${r.matches.rare}, limit=${r.options.pageSize}, index build ${r.indexBuildSeconds} s, ` +
      `${r.options.seconds} s per measurement after ${r.options.warmupSeconds} s warm-up, best of ${r.options.rounds} interleaved rounds`,
    `${r.date}, ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, commit ${r.commit}, load average before ${r.machine.loadAvgBefore.join(' ')}, after ${r.machine.loadAvgAfter.join(' ')}`,
    '',
  ];
  const header = ['connections', 'page', 'req/s', 'p50 ms', 'p99 ms', 'req/s ratio', 'p50 ratio', 'p99 ratio', 'server CPU µs/req', 'db CPU µs/req'];
  const rows: string[][] = [];
  for (const [connections, byPage] of Object.entries(r.best)) {
    for (const page of PAGES) {
      const m = byPage[page];
      const q = page === 'unfiltered' ? null : r.ratios[connections]![page];
      rows.push([connections, page, String(m.requestsPerSec), String(m.p50Ms), String(m.p99Ms), q ? String(q.requestsPerSec) : '1', q ? String(q.p50) : '1', q ? String(q.p99) : '1', String(m.serverCpuUsPerRequest), String(m.dbCpuUsPerRequest ?? '-')]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => row.map((cell, i) => (i === 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  lines.push(fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt), '');
  for (const t of Object.values(r.targets)) lines.push(`${t.met ? 'MET   ' : 'MISSED'}  ${t.target}: ${t.value}`);
  return lines.join('\n');
}
