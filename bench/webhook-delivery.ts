/**
 * Webhook-delivery benchmark: signed, recorded deliveries per second through the real delivery
 * path, against plain signed undici POSTs of the same bodies to the same receiver in the same run.
 *
 * - Recording (not measured): EVENTS lifecycle events of a connection journey, six per
 *   connection (AccountsFetchingProgress Started/Completed, TransactionsFetchingProgress
 *   Started/InProgress/Completed, then ConnectionCreateSuccess; delivered in that order), each recorded by
 *   EventLog.record in one transaction per connection, as the sync job does: event row, delivery
 *   row and pg-boss job commit together.
 * - Service: `node bin/bankdata.js worker` (a child process; BANKDATA_WEBHOOK_CONCURRENCY and
 *   BANKDATA_WEBHOOK_BATCH_SIZE as in the options below) drains that backlog: fetch a batch of
 *   jobs (one per connection), claim each connection's next delivery, sign it with
 *   `standardwebhooks`, POST it to the receiver, record the attempt and the delivery's state, and
 *   go on with the connection's next delivery. The rate is the number of attempts recorded in
 *   the database per second (each one delivers its delivery: the receiver answers 204), between
 *   5 % and 95 % of the backlog (start-up, JIT warm-up and tail excluded; the default 60,000
 *   events give about 8 s of sustained delivery); every delivery is checked delivered after.
 * - Raw: plain undici `request()` POSTs of the same JSON bodies from this process, signed as the
 *   service signs them (webhook-id, webhook-timestamp, `standardwebhooks` signature; issue 18's
 *   "raw signed-POST rate"), with the same number of requests in flight, for BENCH_SECONDS after
 *   a warm-up; measured before and after the service, the better run is the baseline.
 *
 * The receiver (bench/webhook-receiver.ts) is its own process and answers 204; it counts
 * distinct webhook-ids (every event must arrive) and keeps signed samples, which are verified
 * here with the `standardwebhooks` package after the run.
 */
import { cpus, loadavg } from 'node:os';
import { request } from 'undici';
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { systemClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { createServices, type Services } from '../src/services.ts';
import type { EventSubject } from '../src/modules/webhooks/events.ts';
import { benchSecretKey, childrenCpu, cpuMs, cpuSince, resetStatementStats, scratchDatabase, startServer, statementStats, type Server, type StatementStats } from './harness.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const here = (file: string) => new URL(file, import.meta.url).pathname;

export interface WebhookDeliveryOptions {
  /** Events recorded before the worker starts (a multiple of 6 is used). */
  events: number;
  /** Job fetchers of the worker (BANKDATA_WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /**
   * Jobs per fetch (BANKDATA_WEBHOOK_BATCH_SIZE); deliveries in flight = concurrency x
   * batchSize, also for the raw POSTs. Both default to the worker's own defaults.
   */
  batchSize: number;
  /** Duration of each raw POST measurement, after `warmupSeconds`. */
  seconds: number;
  warmupSeconds: number;
  /** Give up on the backlog after this long. */
  timeoutSeconds: number;
}

/** Defaults; BENCH_WEBHOOK_EVENTS, BENCH_WEBHOOK_CONCURRENCY, BENCH_WEBHOOK_BATCH_SIZE, BENCH_SECONDS, BENCH_WARMUP_SECONDS override them. */
export function defaultOptions(env: NodeJS.ProcessEnv = process.env): WebhookDeliveryOptions {
  return {
    events: Number(env.BENCH_WEBHOOK_EVENTS ?? 60_000),
    concurrency: Number(env.BENCH_WEBHOOK_CONCURRENCY ?? 4),
    batchSize: Number(env.BENCH_WEBHOOK_BATCH_SIZE ?? 64),
    seconds: Number(env.BENCH_SECONDS ?? 10),
    warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
    timeoutSeconds: Number(env.BENCH_WEBHOOK_TIMEOUT_SECONDS ?? 240),
  };
}

export interface RawRun {
  postsPerSec: number;
  posts: number;
  /** CPU of this process (the sender) per POST, µs. */
  senderCpuUsPerPost: number;
  receiverCpuUsPerPost: number;
}

export interface WebhookDeliveryResult {
  benchmark: 'webhook-delivery';
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; loadAvgBefore: number[]; loadAvgAfter: number[] };
  options: WebhookDeliveryOptions;
  recordSeconds: number;
  service: {
    deliveriesPerSec: number;
    /** Seconds from worker start until every delivery was recorded as delivered. */
    drainSeconds: number;
    delivered: number;
    /** POSTs the receiver got minus distinct events (at-least-once repeats). */
    duplicates: number;
    workerCpuUsPerDelivery: number;
    dbCpuUsPerDelivery: number | null;
    receiverCpuUsPerDelivery: number;
    workerPeakRssMb: number;
    signaturesVerified: number;
    /** With BENCH_PG_STATEMENTS: the statements that took the most database time while the worker drained. */
    statements?: StatementStats[];
  };
  raw: RawRun[];
  ratio: number;
  targets: { rate: { target: string; value: number; met: boolean }; ratio: { target: string; value: number; met: boolean } };
}

const JOURNEY: [string, Record<string, unknown>][] = [
  ['AccountsFetchingProgress', { stage: 'Started' }],
  ['AccountsFetchingProgress', { stage: 'Completed', accounts: 2 }],
  ['TransactionsFetchingProgress', { stage: 'Started' }],
  ['TransactionsFetchingProgress', { stage: 'InProgress', transactions: 500 }],
  ['TransactionsFetchingProgress', { stage: 'Completed', transactions: 812 }],
  ['ConnectionCreateSuccess', {}],
];

/** Records `connections` journeys, `parallel` transactions at a time. */
async function recordEvents(services: Services, partnerId: string, connections: number, parallel: number): Promise<void> {
  let next = 0;
  const clientId = newId();
  const one = async () => {
    while (next < connections) {
      next++;
      const subject: EventSubject = { partnerId, mode: 'sandbox', clientId, connectionId: newId() };
      await services.db.transaction().execute(async (tx) => {
        for (const [type, data] of JOURNEY) await services.events.record(tx, subject, type as 'ConnectionCreateSuccess', data, systemClock.now());
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, one));
}

/**
 * Signed POSTs of `events` (cycled) with `concurrency` in flight, for `seconds`: plain undici
 * `request()` calls with the headers the service sends (webhook-id, webhook-timestamp and the
 * `standardwebhooks` signature under `secret`), each answer's body dumped.
 */
async function rawPosts(url: string, events: { id: string; body: string }[], secret: string, concurrency: number, seconds: number, receiver: Server): Promise<RawRun> {
  let posts = 0;
  let i = 0;
  const signer = new Webhook(secret);
  const cpuBefore = process.cpuUsage();
  const receiverBefore = cpuMs(receiver.pid) ?? 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const { id, body } = events[i++ % events.length]!;
      const at = new Date();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'bankdata-bench/1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(id, at, body),
      };
      const response = await request(url, { method: 'POST', body, headers });
      await response.body.dump();
      if (response.statusCode >= 300) throw new Error(`raw POST answered ${response.statusCode}`);
      posts++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    postsPerSec: Math.round(posts / elapsed),
    posts,
    senderCpuUsPerPost: Math.round((cpu.user + cpu.system) / posts),
    receiverCpuUsPerPost: Math.round((((cpuMs(receiver.pid) ?? 0) - receiverBefore) * 1000) / posts),
  };
}

async function receiverStats(receiver: Server): Promise<{ requests: number; distinctIds: number; samples: { headers: Record<string, string>; body: string }[] }> {
  return (await (await fetch(`${receiver.url}/stats`)).json()) as never;
}

/** Runs the benchmark (progress on stderr) and returns its result. */
export async function runWebhookDeliveryBench(options: WebhookDeliveryOptions = defaultOptions()): Promise<WebhookDeliveryResult> {
  const loadAvgBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const scratch = await scratchDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: scratch.url, BANKDATA_SECRET_KEY: benchSecretKey, LOG_LEVEL: 'warn' });
  const services = await createServices({ db: scratch.db, databaseUrl: scratch.url, clock: systemClock, config, maintenance: false });
  const servers: Server[] = [];
  try {
    const receiver = await startServer('receiver', ['--import', 'tsx', here('./webhook-receiver.ts')], {}, 'ready');
    servers.push(receiver);
    const hookUrl = `${receiver.url}/hooks`;
    const { partner } = await services.partners.create({ name: 'Bench partner' });
    const { secret } = await services.webhooks.setEndpoint(partner.id, 'sandbox', hookUrl);

    const connections = Math.max(1, Math.round(options.events / JOURNEY.length));
    const total = connections * JOURNEY.length;
    const recordStart = performance.now();
    await recordEvents(services, partner.id, connections, 4);
    const recordSeconds = Math.round((performance.now() - recordStart) / 100) / 10;
    log(`  recorded ${total} events (${connections} connections) with their deliveries and jobs in ${recordSeconds} s`);
    await sql`VACUUM ANALYZE`.execute(scratch.db);

    const bodies = (await scratch.db.selectFrom('events').select(['id', 'payload']).orderBy('createdAt').limit(5_000).execute()).map((e) => ({ id: e.id, body: JSON.stringify(e.payload) }));
    // The raw POSTs go to the receiver's /raw: it does the same work for them, but keeps their
    // webhook-ids apart from the deliveries' (every event must arrive at /hooks).
    const rawUrl = `${receiver.url}/raw`;
    const raw: RawRun[] = [];
    const inFlight = options.concurrency * options.batchSize;
    const rawRun = async (label: string) => {
      process.stderr.write(`  raw signed undici POSTs (${label}) ...`);
      if (options.warmupSeconds > 0) await rawPosts(rawUrl, bodies, secret, inFlight, options.warmupSeconds, receiver);
      const run = await rawPosts(rawUrl, bodies, secret, inFlight, options.seconds, receiver);
      log(` ${run.postsPerSec} POST/s, sender ${run.senderCpuUsPerPost} µs CPU/POST, receiver ${run.receiverCpuUsPerPost} µs CPU/POST`);
      raw.push(run);
    };
    await rawRun('before');

    const attemptsHighWater = async () => Number((await sql<{ n: string }>`SELECT coalesce(max(id), 0) AS n FROM webhook_attempts`.execute(scratch.db)).rows[0]!.n);
    const attemptsBefore = await attemptsHighWater();
    const countStatements = await resetStatementStats(scratch.db);
    const before = await receiverStats(receiver);
    const receiverCpuBefore = cpuMs(receiver.pid) ?? 0;
    const dbCpuBefore = scratch.postmasterPid ? childrenCpu(scratch.postmasterPid) : new Map<number, number>();
    process.stderr.write(`  worker draining ${total} deliveries, ${options.concurrency} fetchers x ${options.batchSize} jobs ...`);
    const workerStart = performance.now();
    const env = { DATABASE_URL: scratch.url, BANKDATA_SECRET_KEY: benchSecretKey, LOG_LEVEL: 'warn', BANKDATA_WEBHOOK_CONCURRENCY: String(options.concurrency), BANKDATA_WEBHOOK_BATCH_SIZE: String(options.batchSize) };
    // BENCH_WORKER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the worker.
    const workerNodeOptions = (process.env.BENCH_WORKER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    const worker = await startServer('worker', [...workerNodeOptions, bin, 'worker'], env, 'bankdata worker running');
    servers.push(worker);
    // Start-up (loading modules, connecting) is not delivery work: counted from here.
    const workerStartupCpu = cpuMs(worker.pid) ?? 0;
    const samples: { t: number; delivered: number }[] = [];
    let delivered = 0;
    while (delivered < total && performance.now() - workerStart < options.timeoutSeconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      // Attempts recorded so far, read off the primary key's end (microseconds, whatever the
      // count): each one delivered its delivery here (the receiver answers 204 to every POST).
      // A count(*) of delivered rows read the whole table every time (20-35 ms of PostgreSQL per
      // poll at 60,000 deliveries, taken from the worker's CPU); the exact count is checked below.
      delivered = (await attemptsHighWater()) - attemptsBefore;
      samples.push({ t: performance.now(), delivered });
    }
    const drainSeconds = Math.round((performance.now() - workerStart) / 100) / 10;
    const workerCpu = (cpuMs(worker.pid) ?? 0) - workerStartupCpu;
    const dbCpu = scratch.postmasterPid ? cpuSince(dbCpuBefore, childrenCpu(scratch.postmasterPid)) : null;
    const receiverCpu = (cpuMs(receiver.pid) ?? 0) - receiverCpuBefore;
    const workerPeakRssMb = worker.peakRssMb();
    await worker.stop();
    const statements = countStatements ? await statementStats(scratch.db) : undefined;
    delivered = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'`.execute(scratch.db)).rows[0]!.n);
    if (delivered < total) throw new Error(`only ${delivered} of ${total} deliveries were delivered after ${options.timeoutSeconds} s`);
    const from = samples.find((s) => s.delivered >= total * 0.05)!;
    const to = [...samples].reverse().find((s) => s.delivered <= total * 0.95) ?? samples[samples.length - 1]!;
    const deliveriesPerSec = to.t > from.t ? Math.round(((to.delivered - from.delivered) * 1000) / (to.t - from.t)) : Math.round(total / drainSeconds);
    log(` ${deliveriesPerSec} deliveries/s sustained, all ${total} in ${drainSeconds} s (worker start included)`);

    const after = await receiverStats(receiver);
    const received = after.requests - before.requests;
    if (after.distinctIds !== total) throw new Error(`the receiver got ${after.distinctIds} distinct webhook-ids, expected ${total}`);
    const failedRows = await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_deliveries WHERE status <> 'delivered'`.execute(scratch.db);
    if (Number(failedRows.rows[0]!.n) !== 0) throw new Error(`${failedRows.rows[0]!.n} deliveries are not delivered`);
    const webhook = new Webhook(secret);
    for (const sample of after.samples) webhook.verify(sample.body, sample.headers);

    await rawRun('after');
    const bestRaw = Math.max(...raw.map((r) => r.postsPerSec));
    const ratio = Math.round((deliveriesPerSec / bestRaw) * 100) / 100;
    return {
      benchmark: 'webhook-delivery',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, loadAvgBefore, loadAvgAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
      options,
      recordSeconds,
      service: {
        deliveriesPerSec,
        drainSeconds,
        delivered,
        duplicates: received - total,
        workerCpuUsPerDelivery: Math.round((workerCpu * 1000) / total),
        dbCpuUsPerDelivery: dbCpu === null ? null : Math.round((dbCpu * 1000) / total),
        receiverCpuUsPerDelivery: Math.round((receiverCpu * 1000) / total),
        workerPeakRssMb,
        signaturesVerified: after.samples.length,
        statements,
      },
      raw,
      ratio,
      targets: {
        rate: { target: 'at least 1,000 signed, recorded deliveries per second', value: deliveriesPerSec, met: deliveriesPerSec >= 1000 },
        ratio: { target: 'at least 0.5x the raw signed POST rate (issue 18; issue 4 asked 0.3x)', value: ratio, met: ratio >= 0.5 },
      },
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await services.stop();
    await scratch.close();
  }
}

/** The result as text. */
export function formatWebhookDelivery(r: WebhookDeliveryResult): string {
  const s = r.service;
  const lines = [
    `webhook-delivery: ${s.delivered} events (ordered per connection), ${r.options.concurrency} x ${r.options.batchSize} in flight, raw runs ${r.options.seconds} s after ${r.options.warmupSeconds} s warm-up`,
    `${r.date}, ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, load average before ${r.machine.loadAvgBefore.join(' ')}`,
    '',
    `service: ${s.deliveriesPerSec} deliveries/s sustained (all ${s.delivered} in ${s.drainSeconds} s), ${s.duplicates} duplicates, ${s.signaturesVerified} signatures verified`,
    `         worker ${s.workerCpuUsPerDelivery} µs CPU/delivery, PostgreSQL ${s.dbCpuUsPerDelivery ?? '-'} µs CPU/delivery, receiver ${s.receiverCpuUsPerDelivery} µs CPU/delivery, worker peak RSS ${s.workerPeakRssMb} MB`,
    ...r.raw.map((run, i) => `raw ${i === 0 ? 'before' : 'after '}: ${run.postsPerSec} POST/s, sender ${run.senderCpuUsPerPost} µs CPU/POST, receiver ${run.receiverCpuUsPerPost} µs CPU/POST`),
    `service / raw: ${r.ratio}`,
    ...(s.statements
      ? ['', 'statements by database time while draining (ms execution + planning, calls):', ...s.statements.map((q) => `${String(q.execMs).padStart(7)} + ${String(q.planMs).padStart(5)} ms ${String(q.calls).padStart(7)}x (planned ${q.plans}x)  ${q.query}`)]
      : []),
    '',
    ...Object.values(r.targets).map((t) => `${t.met ? 'MET   ' : 'MISSED'}  ${t.target}: ${t.value}`),
  ];
  return lines.join('\n');
}
