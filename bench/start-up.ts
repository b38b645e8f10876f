/**
 * Start-up benchmark (issue 18): how long `node bin/bankdata.js start` on an existing data dir
 * (embedded PostgreSQL initialised, migrated, demo partner created) takes from launching the
 * command until its first API request answers, against two baselines measured in the same run:
 *
 * - "service": spawn `node bin/bankdata.js start`, then poll `GET /v1/partner/config` with the
 *   demo partner's key every 5 ms until it answers 200 (a real request: API key, rate limit,
 *   database). The whole command: Node, loading the code, starting the embedded PostgreSQL,
 *   migration check, job queue, app. Also recorded: the service's own `readyMs` (from reading
 *   its configuration to listening, PostgreSQL start included).
 * - "postgres": the embedded PostgreSQL of the same data dir started and answering a query
 *   (startEmbeddedPostgres, in this process: no Node start, no code loading), then stopped.
 *   service - postgres is the part of the command that is not PostgreSQL's start.
 * - "bare": spawn `node` importing Fastify and answering one route, polled the same way: the
 *   floor of any Node HTTP service on this machine (Node start + Fastify + listen).
 *
 * Runs are interleaved (service, postgres, bare) BENCH_STARTS times (10) after one unmeasured
 * round (OS file cache); medians are reported. Each service run is stopped with SIGTERM and
 * waited for (it stops its PostgreSQL) before the next starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { gitDescription } from './list-transactions.ts';
import { benchSecretKey, onCleanup } from './harness.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;

const BARE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/v1/partner/config', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));`;

export interface StartUpRun {
  /** Launch to first 200 (ms). */
  serviceMs: number;
  /** The service's own "ready in" (ms): configuration read to listening, PostgreSQL start included. */
  serviceReadyMs: number;
  postgresMs: number;
  bareMs: number;
}

export interface StartUpResult {
  benchmark: 'start-up';
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; loadAvgBefore: number[]; loadAvgAfter: number[] };
  commit: string;
  runs: StartUpRun[];
  median: StartUpRun & { serviceMinusPostgresMs: number };
  /** Medians of the per-run ratios (each run's service and baselines measured back to back): steadier than ratios of medians on a busy machine. */
  ratios: { serviceVsBare: number; serviceMinusPostgresVsBare: number };
  target: { target: string; value: number; met: boolean };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** A spawned node process with its stdout collected. */
function launch(args: string[], env: Record<string, string>): { child: ChildProcess; stdout: () => string; exited: Promise<void> } {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  void exited.then(stop);
  child.once('exit', (code) => {
    if (code && process.env.BENCH_DEBUG) process.stderr.write(`exit ${code}: ${err}\n`);
  });
  return { child, stdout: () => out, exited };
}

/** Polls `url` every 5 ms until it answers 200; the ms since `start`. Fails when `exited` settles first. */
async function firstAnswer(url: string, headers: Record<string, string>, start: number, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}) before answering`);
    if (performance.now() - start > timeoutMs) throw new Error(`${url}: no answer after ${timeoutMs} ms`);
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - start;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The service's `--json` start banner, once printed. Fails when the process exits first. */
async function banner(stdout: () => string, child: ChildProcess, timeoutMs = 60_000): Promise<{ readyMs: number }> {
  const start = performance.now();
  for (;;) {
    try {
      return JSON.parse(stdout()) as { readyMs: number };
    } catch {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the service exited (${child.exitCode ?? child.signalCode}) before its banner`);
      if (performance.now() - start > timeoutMs) throw new Error(`no banner after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

async function stop(run: { child: ChildProcess; exited: Promise<void> }): Promise<void> {
  run.child.kill('SIGTERM');
  await run.exited;
}

/** Runs the benchmark (progress on stderr) and returns its result. */
export async function runStartUpBench(starts = Number(process.env.BENCH_STARTS ?? 10)): Promise<StartUpResult> {
  const loadAvgBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const dataDir = mkdtempSync(join(tmpdir(), 'bankdata-bench-start-'));
  const removeDir = onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const serviceNodeOptions = (process.env.BENCH_SERVICE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  try {
    const port = await freePort();
    const env = { BANKDATA_DATA_DIR: dataDir, BANKDATA_SECRET_KEY: benchSecretKey, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const url = `http://127.0.0.1:${port}/v1/partner/config`;

    // The first start initialises and migrates the data dir and creates the demo partner (its key is printed once).
    process.stderr.write('  first start: initdb, migrations, demo partner\n');
    const first = launch([bin, 'start', '--json'], env);
    let apiKey: string | null = null;
    const firstStart = performance.now();
    while (apiKey === null) {
      if (first.child.exitCode !== null) throw new Error(`the first start exited (${first.child.exitCode})`);
      if (performance.now() - firstStart > 120_000) throw new Error('the first start was not ready after 120 s');
      try {
        apiKey = (JSON.parse(first.stdout()) as { apiKey: string }).apiKey;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await stop(first);
    const headers = { 'x-api-key': apiKey };

    const runs: StartUpRun[] = [];
    for (let round = 0; round <= starts; round++) {
      const serviceStart = performance.now();
      const service = launch([...serviceNodeOptions, bin, 'start', '--json'], env);
      const serviceMs = await firstAnswer(url, headers, serviceStart, service.child);
      // The banner (with "ready in") comes once the job queue and the worker run, which may be after the first answer.
      const serviceReadyMs = (await banner(service.stdout, service.child)).readyMs;
      await stop(service);

      const postgresStart = performance.now();
      const postgres = await startEmbeddedPostgres(dataDir);
      const postgresMs = performance.now() - postgresStart;
      await postgres.stop();

      const bareStart = performance.now();
      const bare = launch(['--input-type=module', '-e', BARE], { PORT: String(port) });
      const bareMs = await firstAnswer(url, {}, bareStart, bare.child);
      await stop(bare);

      const run = { serviceMs: Math.round(serviceMs), serviceReadyMs, postgresMs: Math.round(postgresMs), bareMs: Math.round(bareMs) };
      process.stderr.write(`  ${round === 0 ? 'warm-up' : `run ${round}`}: service ${run.serviceMs} ms (ready in ${run.serviceReadyMs}), postgres ${run.postgresMs} ms, bare ${run.bareMs} ms\n`);
      if (round > 0) runs.push(run);
    }

    const m = {
      serviceMs: median(runs.map((r) => r.serviceMs)),
      serviceReadyMs: median(runs.map((r) => r.serviceReadyMs)),
      postgresMs: median(runs.map((r) => r.postgresMs)),
      bareMs: median(runs.map((r) => r.bareMs)),
    };
    const median_ = { ...m, serviceMinusPostgresMs: m.serviceMs - m.postgresMs };
    return {
      benchmark: 'start-up',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, loadAvgBefore, loadAvgAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
      commit: gitDescription(),
      runs,
      median: median_,
      ratios: {
        serviceVsBare: median(runs.map((r) => (100 * r.serviceMs) / r.bareMs)) / 100,
        serviceMinusPostgresVsBare: median(runs.map((r) => (100 * (r.serviceMs - r.postgresMs)) / r.bareMs)) / 100,
      },
      target: { target: 'first API answer of `bankdata start` under 600 ms', value: m.serviceMs, met: m.serviceMs < 600 },
    };
  } finally {
    await removeDir();
  }
}

/** The result as text. */
export function formatStartUp(r: StartUpResult): string {
  const m = r.median;
  return [
    `start-up: \`bankdata start\` on an existing data dir, launch to first 200 of GET /v1/partner/config, median of ${r.runs.length} interleaved runs`,
    `${r.date}, ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, commit ${r.commit}, load average before ${r.machine.loadAvgBefore.join(' ')}, after ${r.machine.loadAvgAfter.join(' ')}`,
    '',
    `service (whole command):        ${m.serviceMs} ms   (its own "ready in": ${m.serviceReadyMs} ms)`,
    `postgres alone (in-process):    ${m.postgresMs} ms`,
    `service - postgres:             ${m.serviceMinusPostgresMs} ms`,
    `bare (node + fastify, 1 route): ${m.bareMs} ms`,
    '',
    `per-run ratios (median): service / bare ${r.ratios.serviceVsBare}, (service - postgres) / bare ${r.ratios.serviceMinusPostgresVsBare}`,
    `${r.target.met ? 'MET   ' : 'MISSED'}  ${r.target.target}: ${r.target.value} ms`,
  ].join('\n');
}
