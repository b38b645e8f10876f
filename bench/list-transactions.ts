/**
 * List-transactions benchmark: one account holding 100,000 transactions;
 * `GET /v1/accounts/{id}/transactions?limit=10` (the API default; BENCH_PAGE_SIZE) at the first page and at the last page
 * (keyset: the last page must be as fast as the first), at 50 connections, against two
 * baselines measured in the same run:
 *
 * - "pg": bench/baseline-pg.ts, a hand-written Fastify route doing the same API-key lookup
 *   with rate-limit counting, ownership check and keyset page query with `pg` directly (the
 *   target: service >= 1.0x, issue 18);
 * - "bare": bench/baseline-bare.ts, a bare Fastify route answering the service's first page as
 *   a fixed body (the ceiling of Fastify + Node here).
 *
 * Each server is its own child process (`node bin/bankdata.js serve` for the service), so its
 * CPU and memory are measured apart from the load generator (autocannon, in this process).
 * Measurements are interleaved bare, pg, service for the first page, then the same for the last
 * page, and that whole sequence runs `rounds` times; for each server and page the round with
 * the higher throughput is reported (all rounds are kept in the result).
 */
import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { systemClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { partnersService } from '../src/modules/partners/partners.service.ts';
import { benchSecretKey, childrenCpu, cpuMs, cpuSince, load, onCleanup, scratchDatabase, startServer, type LoadOptions, type LoadResult, type ScratchDatabase, type Server } from './harness.ts';

const TRANSACTIONS = 100_000;
/** Page size used to walk the whole account once (to find the last page and check the keyset). */
const WALK_PAGE = 500;

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const here = (file: string) => new URL(file, import.meta.url).pathname;

export interface ListTransactionsOptions extends LoadOptions {
  rounds: number;
  /** `limit` of the measured pages: the API's default (10) unless BENCH_PAGE_SIZE says otherwise. */
  pageSize: number;
}

/** Defaults; BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_PAGE_SIZE override them. */
export function defaultOptions(env: NodeJS.ProcessEnv = process.env): ListTransactionsOptions {
  return {
    connections: Number(env.BENCH_CONNECTIONS ?? 50),
    warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
    seconds: Number(env.BENCH_SECONDS ?? 10),
    rounds: Number(env.BENCH_ROUNDS ?? 2),
    pageSize: Number(env.BENCH_PAGE_SIZE ?? 10),
  };
}

type ServerName = 'bare' | 'pg' | 'service';
type PageName = 'first' | 'last';

export interface Measurement extends LoadResult {
  round: number;
  /** CPU time of the server process per request (µs), measured run only. */
  serverCpuUsPerRequest: number;
  /** CPU time of the load generator (autocannon, this process) per request (µs), measured run only. */
  loadGenCpuUsPerRequest: number;
  /** CPU time of all PostgreSQL backends per request (µs); null with BENCH_DATABASE_URL. */
  dbCpuUsPerRequest: number | null;
  /** Peak RSS of the server process during this measurement (warm-up included), MB. */
  peakRssMb: number;
}

export interface Target {
  target: string;
  value: number;
  met: boolean;
}

export interface ListTransactionsResult {
  benchmark: 'list-transactions';
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; loadAvgBefore: number[]; loadAvgAfter: number[] };
  commit: string;
  transactions: number;
  pageSize: number;
  options: ListTransactionsOptions;
  seedSeconds: number;
  /** Best round per server and page (higher requests/s). */
  best: Record<PageName, Record<ServerName, Measurement>>;
  rounds: Record<PageName, Record<ServerName, Measurement[]>>;
  ratios: {
    serviceVsPg: Record<PageName, number>;
    serviceVsBare: Record<PageName, number>;
    pgVsBare: Record<PageName, number>;
    /** Last-page over first-page throughput (keyset: ~1). */
    lastVsFirst: { service: number; pg: number };
  };
  /** Peak RSS of the service process over its whole life in this run (start, walk, all loads). */
  servicePeakRssMb: number;
  /** EXPLAIN ANALYZE of the baseline's page query (same shape as the service's), first and last page. */
  plans: Record<PageName, string>;
  targets: {
    throughputVsPg: Target;
    p99: Target;
    memory: Target;
    lastVsFirst: Target;
  };
}

/**
 * What `seed` inserts: `transactions` rows on the one account; with `symbols`, `common` is the
 * variable symbol of every tenth of them and `rare` of one in 100,000 (bench/variable-symbol.ts).
 */
export interface Dataset {
  transactions: number;
  symbols?: { common: string; rare: string };
}

/** Partner + sandbox key, client, Active connection, one account and its transactions (100,000 by default). */
export async function seed(scratch: ScratchDatabase, dataset: Dataset = { transactions: TRANSACTIONS }) {
  const { db } = scratch;
  // A partner limit far above what 2 cores can serve: every request is still counted in its
  // rate-limit window (service and pg baseline alike), none is refused.
  const { partner, key } = await partnersService(db, systemClock).create({ name: 'Bench partner', capabilities: ['refresh'], rateLimit: 1_000_000 });
  const clientId = newId();
  const connectionId = newId();
  const accountId = newId();
  const now = new Date();
  await db.insertInto('clients').values({ id: clientId, partnerId: partner.id, mode: 'sandbox', email: 'bench@example.com', countryCode: 'CZ', externalId: 'bench-user' }).execute();
  const provider = await db.selectFrom('providers').select('id').where('mode', '=', 'sandbox').where('status', '=', 'Active').orderBy('code').executeTakeFirstOrThrow();
  await db
    .insertInto('connections')
    .values({
      id: connectionId,
      partnerId: partner.id,
      clientId,
      mode: 'sandbox',
      providerId: provider.id,
      state: 'Active',
      errorCode: null,
      errorDesc: null,
      returnUrl: 'http://localhost:8080/done',
      locale: 'cs',
      ownershipType: 'Personal',
      subscribeToAllAccounts: true,
      skipConsentScreen: false,
      authorizationTokenHash: null,
      consentRef: 'bench-consent',
      consentExpiresAt: new Date(now.getTime() + 90 * 86_400_000),
      expiresAt: now,
      sessionId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      connectionId,
      partnerId: partner.id,
      clientId,
      externalId: 'bench-account',
      name: 'Běžný účet',
      type: 'CurrentAccount',
      currencyCode: 'CZK',
      iban: 'CZ6508000000192000145399',
      balance: 48_213.55,
      subscribed: true,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const common = dataset.symbols?.common ?? null;
  const rare = dataset.symbols?.rare ?? null;
  // One INSERT ... SELECT over generate_series; deterministic (setseed on the same connection).
  // recordDate: whole seconds, newest first as n grows, spread over 90 days (77.76 s apart on
  // average, with jitter). 70 % carry a variable symbol (10 digits, leading zeros), and
  // variable_symbol_key is that symbol without leading zeros, as the service stores it.
  await db.connection().execute(async (conn) => {
    await sql`SELECT setseed(0.42)`.execute(conn);
    await sql`
      INSERT INTO transactions (id, account_id, external_id, amount, currency_code, record_state, record_date, note,
                                counter_party, details, variable_symbol_key, enrichment, created_at, updated_at)
      SELECT gen_random_uuid(), ${accountId}::uuid, 'bench-' || n,
             CASE WHEN n % 12 = 0 THEN round((2000 + random() * 60000)::numeric, 2) ELSE -round((19 + random() * 4000)::numeric, 2) END,
             'CZK',
             CASE WHEN n <= 40 THEN 'Uncleared' ELSE 'Cleared' END,
             date_trunc('second', ${now}::timestamptz) - make_interval(secs => floor(n * 77.76 + random() * 60)),
             (ARRAY['Platba kartou', 'Příchozí platba', 'Trvalý příkaz', 'Inkaso', 'Odchozí platba'])[1 + n % 5] || ' ' || cp.name,
             cp.name,
             jsonb_build_object(
               'variableSymbol', v.vs,
               'constantSymbol', CASE WHEN n % 3 = 0 THEN '0308' END,
               'specificSymbol', CASE WHEN n % 17 = 0 THEN lpad((n % 99991)::text, 6, '0') END,
               'transactionCode', (ARRAY['CARD_PAYMENT', 'SEPA_CREDIT', 'STANDING_ORDER', 'DIRECT_DEBIT', 'DOMESTIC_PAYMENT'])[1 + n % 5],
               'creditorReference', CASE WHEN n % 23 = 0 THEN 'RF18' || lpad(n::text, 8, '0') END,
               'externalCategoryName', cp.category,
               'mccCode', cp.mcc,
               'others', NULL),
             CASE WHEN v.vs IS NULL THEN NULL ELSE coalesce(nullif(ltrim(v.vs, '0'), ''), '0') END,
             NULL, ${now}::timestamptz, ${now}::timestamptz
      FROM generate_series(1, ${dataset.transactions}::int) AS n
      CROSS JOIN LATERAL (SELECT CASE WHEN ${common}::text IS NOT NULL AND n % 10 = 0 THEN ${common}::text
                                      WHEN ${rare}::text IS NOT NULL AND n % 100000 = 7 THEN ${rare}::text
                                      WHEN n % 10 < 7 THEN lpad(((n::bigint * 7919) % 10000000)::text, 10, '0') END AS vs) AS v
      CROSS JOIN LATERAL (
        SELECT (ARRAY['Albert Česká republika', 'Lidl Česká republika', 'Rohlik.cz', 'ČEZ Prodej', 'Pražská energetika',
                      'Vodafone Czech Republic', 'Alza.cz', 'Shell Czech Republic', 'dm drogerie markt', 'Zaměstnavatel s.r.o.'])[1 + (n * 7) % 10] AS name,
               (ARRAY['Groceries', 'Groceries', 'Groceries', 'Utilities', 'Utilities', 'Telecom', 'Electronics', 'Fuel', 'Drugstore', 'Salary'])[1 + (n * 7) % 10] AS category,
               (ARRAY['5411', '5411', '5499', '4900', '4900', '4814', '5732', '5541', '5912', NULL])[1 + (n * 7) % 10] AS mcc
      ) AS cp`.execute(conn);
  });
  await sql`VACUUM ANALYZE transactions`.execute(db);
  return { apiKey: key.apiKey, partnerId: partner.id, clientId, accountId };
}

export interface Page {
  limit: number;
  nextCursor: string | null;
  data: { id: string }[];
}

export async function getJson(url: string, headers: Record<string, string>): Promise<Page> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Page;
}

/**
 * Walks the whole account through the service with limit 500 (checking that the keyset visits
 * every transaction exactly once), then steps with limit 50 to the cursor whose page is the last.
 */
async function lastPageCursor(service: Server, path: string, headers: Record<string, string>, pageSize: number): Promise<string> {
  const seen = new Set<string>();
  let cursor: string | null = null;
  let lastCursor: string | null = null;
  do {
    const page: Page = await getJson(`${service.url}${path}?limit=${WALK_PAGE}${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`, headers);
    for (const row of page.data) seen.add(row.id);
    if (page.nextCursor) lastCursor = page.nextCursor;
    cursor = page.nextCursor;
  } while (cursor);
  if (seen.size !== TRANSACTIONS) throw new Error(`walking the account visited ${seen.size} distinct transactions, not ${TRANSACTIONS}`);
  let position = lastCursor!;
  for (;;) {
    const page = await getJson(`${service.url}${path}?limit=${pageSize}&nextCursor=${encodeURIComponent(position)}`, headers);
    if (page.nextCursor === null) {
      if (page.data.length !== pageSize) throw new Error(`the last page has ${page.data.length} rows, expected ${pageSize}`);
      return position;
    }
    position = page.nextCursor;
  }
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/** Runs the benchmark (progress on stderr) and returns its result. */
export async function runListTransactionsBench(options: ListTransactionsOptions = defaultOptions()): Promise<ListTransactionsResult> {
  const loadAvgBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const scratch = await scratchDatabase();
  const servers: Server[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'bankdata-bench-body-'));
  const removeTmp = onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));
  try {
    const seedStart = performance.now();
    const { apiKey, partnerId, clientId, accountId } = await seed(scratch);
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    log(`  seeded ${TRANSACTIONS} transactions in ${seedSeconds} s`);

    const env = { DATABASE_URL: scratch.url, BANKDATA_SECRET_KEY: benchSecretKey, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
    // BENCH_SERVICE_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the service.
    const serviceNodeOptions = (process.env.BENCH_SERVICE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    const service = await startServer('service', [...serviceNodeOptions, bin, 'serve'], env, 'Stop with Ctrl+C');
    servers.push(service);
    // BENCH_PG_NODE_OPTIONS profiles the hand-written route the same way.
    const pgNodeOptions = (process.env.BENCH_PG_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    const pg = await startServer('pg', [...pgNodeOptions, '--import', 'tsx', here('./baseline-pg.ts')], env, 'ready');
    servers.push(pg);

    const path = `/v1/accounts/${accountId}/transactions`;
    const headers = { 'x-api-key': apiKey, 'x-client-id': clientId };
    const firstResponse = await fetch(`${service.url}${path}?limit=${options.pageSize}`, { headers });
    const firstBody = await firstResponse.text();
    if (firstResponse.status !== 200) throw new Error(`service first page: ${firstResponse.status} ${firstBody}`);
    const bodyFile = join(tmp, 'first-page.json');
    writeFileSync(bodyFile, firstBody);
    const bare = await startServer('bare', ['--import', 'tsx', here('./baseline-bare.ts')], { BODY_FILE: bodyFile }, 'ready');
    servers.push(bare);

    log(`  walking all ${TRANSACTIONS} transactions with limit ${WALK_PAGE} to find the last page`);
    const serviceCursor = await lastPageCursor(service, path, headers, options.pageSize);
    // The baseline's cursor is the service's without the HMAC tag.
    const pgCursor = serviceCursor.split('.')[0]!;
    const urls: Record<PageName, Record<ServerName, string>> = {
      first: { bare: `${bare.url}${path}?limit=${options.pageSize}`, pg: `${pg.url}${path}?limit=${options.pageSize}`, service: `${service.url}${path}?limit=${options.pageSize}` },
      last: {
        bare: `${bare.url}${path}?limit=${options.pageSize}&nextCursor=${encodeURIComponent(serviceCursor)}`,
        pg: `${pg.url}${path}?limit=${options.pageSize}&nextCursor=${pgCursor}`,
        service: `${service.url}${path}?limit=${options.pageSize}&nextCursor=${encodeURIComponent(serviceCursor)}`,
      },
    };

    // The baseline must answer the same pages as the service.
    for (const page of ['first', 'last'] as const) {
      const fromService = await getJson(urls[page].service, headers);
      const fromPg = await getJson(urls[page].pg, headers);
      if (!isDeepStrictEqual(fromPg.data, fromService.data) || fromPg.limit !== fromService.limit || (fromPg.nextCursor === null) !== (fromService.nextCursor === null)) {
        throw new Error(`the pg baseline's ${page} page differs from the service's`);
      }
      if (fromService.nextCursor && fromPg.nextCursor !== fromService.nextCursor.split('.')[0]) throw new Error(`the pg baseline's ${page} cursor differs`);
    }

    const plans = {} as Record<PageName, string>;
    for (const page of ['first', 'last'] as const) {
      const position = page === 'last' ? (JSON.parse(Buffer.from(pgCursor, 'base64url').toString()) as [string, string]) : null;
      const explained = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
        SELECT id, amount, currency_code, record_state, record_date, note, counter_party, details FROM transactions
        WHERE account_id = ${accountId}::uuid
          AND EXISTS (SELECT 1 FROM accounts a JOIN connections c ON c.id = a.connection_id
                      WHERE a.id = ${accountId}::uuid AND a.partner_id = ${partnerId}::uuid AND a.client_id = ${clientId}::uuid AND c.mode = 'sandbox')
          ${position ? sql`AND (record_date, id) < (${position[0]}::timestamptz, ${position[1]}::uuid)` : sql``}
        ORDER BY record_date DESC, id DESC LIMIT ${options.pageSize + 1}`.execute(scratch.db);
      plans[page] = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    if (!plans.first.includes('transactions_page_idx') || !plans.last.includes('transactions_page_idx')) log('  WARNING: the page query does not use transactions_page_idx');

    const all: Record<PageName, Record<ServerName, Measurement[]>> = {
      first: { bare: [], pg: [], service: [] },
      last: { bare: [], pg: [], service: [] },
    };
    const byName: Record<ServerName, Server> = { bare, pg, service };
    for (let round = 1; round <= options.rounds; round++) {
      for (const page of ['first', 'last'] as const) {
        for (const name of ['bare', 'pg', 'service'] as const) {
          const server = byName[name];
          const url = urls[page][name];
          process.stderr.write(`  round ${round}, ${page} page, ${name.padEnd(7)} ...`);
          const measured = await measure(server, url, headers, options, scratch.postmasterPid);
          log(` ${measured.requestsPerSec} req/s, p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms, ${measured.serverCpuUsPerRequest} µs CPU/req, RSS ${measured.peakRssMb} MB`);
          if (measured.non2xx || measured.errors) throw new Error(`${name}, ${page} page: ${measured.non2xx} non-2xx responses, ${measured.errors} errors`);
          all[page][name].push({ ...measured, round });
        }
      }
    }

    const bestOf = (runs: Measurement[]) => runs.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const best = {
      first: { bare: bestOf(all.first.bare), pg: bestOf(all.first.pg), service: bestOf(all.first.service) },
      last: { bare: bestOf(all.last.bare), pg: bestOf(all.last.pg), service: bestOf(all.last.service) },
    };
    const ratios = {
      serviceVsPg: { first: ratio(best.first.service.requestsPerSec, best.first.pg.requestsPerSec), last: ratio(best.last.service.requestsPerSec, best.last.pg.requestsPerSec) },
      serviceVsBare: { first: ratio(best.first.service.requestsPerSec, best.first.bare.requestsPerSec), last: ratio(best.last.service.requestsPerSec, best.last.bare.requestsPerSec) },
      pgVsBare: { first: ratio(best.first.pg.requestsPerSec, best.first.bare.requestsPerSec), last: ratio(best.last.pg.requestsPerSec, best.last.bare.requestsPerSec) },
      lastVsFirst: { service: ratio(best.last.service.requestsPerSec, best.first.service.requestsPerSec), pg: ratio(best.last.pg.requestsPerSec, best.first.pg.requestsPerSec) },
    };
    const servicePeakRssMb = service.peakRssMb();
    const worstP99 = Math.max(best.first.service.p99Ms, best.last.service.p99Ms);
    const minVsPg = Math.min(ratios.serviceVsPg.first, ratios.serviceVsPg.last);
    return {
      benchmark: 'list-transactions',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, loadAvgBefore, loadAvgAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
      commit: gitDescription(),
      transactions: TRANSACTIONS,
      pageSize: options.pageSize,
      options,
      seedSeconds,
      best,
      rounds: all,
      ratios,
      servicePeakRssMb,
      plans,
      targets: {
        throughputVsPg: { target: 'service >= 1.0x the pg baseline (first and last page; issue 18)', value: minVsPg, met: minVsPg >= 1 },
        p99: { target: `service p99 < 30 ms at ${options.connections} connections`, value: worstP99, met: worstP99 < 30 },
        memory: { target: 'service peak RSS < 300 MB', value: servicePeakRssMb, met: servicePeakRssMb < 300 },
        lastVsFirst: { target: 'last page as fast as the first (service last/first >= 0.9)', value: ratios.lastVsFirst.service, met: ratios.lastVsFirst.service >= 0.9 },
      },
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await removeTmp();
    await scratch.close();
  }
}

/** One measurement: warm-up, then the measured run with CPU and RSS accounting. */
export async function measure(server: Server, url: string, headers: Record<string, string>, options: LoadOptions, postmasterPid: number | null): Promise<Omit<Measurement, 'round'>> {
  server.resetWindow();
  if (options.warmupSeconds > 0) await load(url, headers, { connections: options.connections, seconds: options.warmupSeconds });
  const cpuBefore = cpuMs(server.pid) ?? 0;
  const dbBefore = postmasterPid ? childrenCpu(postmasterPid) : new Map<number, number>();
  const loadGenBefore = process.cpuUsage();
  const result = await load(url, headers, options);
  const loadGen = process.cpuUsage(loadGenBefore);
  const cpuAfter = cpuMs(server.pid) ?? 0;
  const dbAfter = postmasterPid ? childrenCpu(postmasterPid) : new Map<number, number>();
  const perRequest = (ms: number) => (result.requests ? Math.round((ms * 1000) / result.requests) : 0);
  return {
    ...result,
    serverCpuUsPerRequest: perRequest(cpuAfter - cpuBefore),
    loadGenCpuUsPerRequest: perRequest((loadGen.user + loadGen.system) / 1000),
    dbCpuUsPerRequest: postmasterPid ? perRequest(cpuSince(dbBefore, dbAfter)) : null,
    peakRssMb: server.windowPeakRssMb(),
  };
}

export function gitDescription(): string {
  try {
    const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execSync('git status --porcelain -- src', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    return dirty ? `${commit} + uncommitted changes in src/` : commit;
  } catch {
    return 'unknown';
  }
}

/** The result as a text table. */
export function formatListTransactions(r: ListTransactionsResult): string {
  const lines: string[] = [];
  lines.push(
    `list-transactions: ${r.transactions} transactions in one account, limit=${r.pageSize}, ${r.options.connections} connections, ` +
      `${r.options.seconds} s per measurement after ${r.options.warmupSeconds} s warm-up, best of ${r.options.rounds} interleaved rounds`,
  );
  lines.push(`${r.date}, ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, commit ${r.commit}, load average before ${r.machine.loadAvgBefore.join(' ')}`);
  lines.push('');
  const header = ['page', 'server', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'server CPU µs/req', 'db CPU µs/req', 'autocannon CPU µs/req', 'peak RSS MB'];
  const rows: string[][] = [];
  for (const page of ['first', 'last'] as const) {
    for (const name of ['bare', 'pg', 'service'] as const) {
      const m = r.best[page][name];
      rows.push([page, name, String(m.requestsPerSec), String(m.p50Ms), String(m.p99Ms), String(m.maxMs), String(m.serverCpuUsPerRequest), String(m.dbCpuUsPerRequest ?? '-'), String(m.loadGenCpuUsPerRequest), String(m.peakRssMb)]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  lines.push(fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt));
  lines.push('');
  lines.push(`service / pg:    first ${r.ratios.serviceVsPg.first}, last ${r.ratios.serviceVsPg.last}`);
  lines.push(`service / bare:  first ${r.ratios.serviceVsBare.first}, last ${r.ratios.serviceVsBare.last}`);
  lines.push(`pg / bare:       first ${r.ratios.pgVsBare.first}, last ${r.ratios.pgVsBare.last}`);
  lines.push(`last / first:    service ${r.ratios.lastVsFirst.service}, pg ${r.ratios.lastVsFirst.pg}`);
  lines.push(`service peak RSS over the run: ${r.servicePeakRssMb} MB`);
  lines.push('');
  for (const t of Object.values(r.targets)) lines.push(`${t.met ? 'MET   ' : 'MISSED'}  ${t.target}: ${t.value}`);
  return lines.join('\n');
}
