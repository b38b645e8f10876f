/**
 * Shared benchmark plumbing: a scratch PostgreSQL (embedded in a temp dir, or BENCH_DATABASE_URL),
 * server child processes with RSS and CPU sampling, autocannon runs, and a cleanup registry so
 * that an error or Ctrl+C still stops every process this run started (by pid) and removes its
 * temp files.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, type Db } from '../src/db/database.ts';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { CursorCodec } from '../src/lib/cursor.ts';
import { providersService } from '../src/modules/providers/providers.service.ts';

// ---------------------------------------------------------------------------------------------
// Cleanup registry

const cleanups: (() => Promise<void>)[] = [];

/** Registers `fn` to run at cleanup; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const i = cleanups.indexOf(run);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
  cleanups.push(run);
  return run;
}

/** Runs every registered cleanup, newest first (servers before the database they use). */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups[cleanups.length - 1]!();
    } catch (error) {
      process.stderr.write(`cleanup failed: ${String(error)}\n`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scratch database

export interface ScratchDatabase {
  url: string;
  db: Db;
  /** Pid of the embedded postmaster (null with BENCH_DATABASE_URL), for CPU accounting. */
  postmasterPid: number | null;
  close(): Promise<void>;
}

/** BANKDATA_SECRET_KEY of the processes of one benchmark run (webhook secrets are sealed under it). */
export const benchSecretKey = randomBytes(32).toString('base64');

/**
 * A migrated database with the sandbox provider catalog, for one benchmark run. With
 * BENCH_PG_STATEMENTS the embedded server runs with pg_stat_statements (planning tracked too).
 */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  const dir = external ? null : mkdtempSync(join(tmpdir(), 'bankdata-bench-'));
  const removeDir = dir ? onCleanup(async () => rmSync(dir, { recursive: true, force: true })) : null;
  let embedded = dir ? await startEmbeddedPostgres(dir) : null;
  if (embedded && process.env.BENCH_PG_STATEMENTS) {
    // pg_stat_statements must be preloaded: set it, then restart the server on the same data dir.
    const admin = createDb(embedded.url, 1);
    await sql`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`.execute(admin);
    await sql`ALTER SYSTEM SET pg_stat_statements.track_planning = on`.execute(admin);
    await admin.destroy();
    await embedded.stop();
    embedded = await startEmbeddedPostgres(dir!);
  }
  const server = embedded;
  const stopEmbedded = server ? onCleanup(() => server.stop()) : null;
  const url = external ?? server!.url;
  const db = createDb(url, 4);
  const destroyDb = onCleanup(() => db.destroy());
  await migrateToLatest(db);
  await providersService(db, new CursorCodec('x')).seedSandboxCatalog();
  const pidFile = dir ? join(dir, 'pg', 'postmaster.pid') : null;
  const postmasterPid = pidFile && existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
  return {
    url,
    db,
    postmasterPid,
    async close() {
      await destroyDb();
      await stopEmbedded?.();
      await removeDir?.();
    },
  };
}

/** One statement's share of the database time (pg_stat_statements). */
export interface StatementStats {
  calls: number;
  /** Times PostgreSQL planned it: about `calls` when each execution is planned anew (custom plans), a few per connection with a cached generic plan. */
  plans: number;
  execMs: number;
  planMs: number;
  rows: number;
  /** The normalised statement, whitespace collapsed, cut at 160 characters. */
  query: string;
}

/**
 * With BENCH_PG_STATEMENTS set, starts pg_stat_statements counting from zero and returns true;
 * returns false without it. scratchDatabase preloads the extension in the embedded server; a
 * BENCH_DATABASE_URL server must preload it itself.
 */
export async function resetStatementStats(db: Db): Promise<boolean> {
  if (!process.env.BENCH_PG_STATEMENTS) return false;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  await sql`SELECT pg_stat_statements_reset()`.execute(db);
  return true;
}

/** The `limit` statements with the most execution plus planning time since resetStatementStats. */
export async function statementStats(db: Db, limit = 12): Promise<StatementStats[]> {
  const { rows } = await sql<{ calls: string; plans: string; execMs: number; planMs: number; rows: string; query: string }>`
    SELECT calls, plans, total_exec_time AS exec_ms, total_plan_time AS plan_ms, rows, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) AS query
    FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time + total_plan_time DESC LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ calls: Number(r.calls), plans: Number(r.plans), execMs: Math.round(r.execMs), planMs: Math.round(r.planMs), rows: Number(r.rows), query: r.query }));
}

// ---------------------------------------------------------------------------------------------
// Process accounting from /proc (Linux)

const TICKS_PER_SECOND = 100; // USER_HZ; `getconf CLK_TCK` is 100 on Linux

/** CPU time (user + system) of `pid` in ms, or null when it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU time (ms) of each child of `parentPid` (the PostgreSQL backends of a postmaster), by pid. */
export function childrenCpu(parentPid: number): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== parentPid) continue;
      byPid.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      /* exited meanwhile */
    }
  }
  return byPid;
}

/**
 * CPU time (ms) the children alive at `after` used since `before` (new ones count whole).
 * Children that exited in between are left out rather than subtracted.
 */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Server child processes

export interface Server {
  name: string;
  url: string;
  pid: number;
  /** Peak resident memory (MB) of the process since it started, sampled every 100 ms. */
  peakRssMb(): number;
  /** Peak resident memory (MB) since the last `resetWindow()`. */
  windowPeakRssMb(): number;
  resetWindow(): void;
  stop(): Promise<void>;
}

/**
 * Starts `node ...args` as a server on a free port (env PORT) and waits until `ready` appears
 * on its stdout. The pid is that node process itself (no shell in between).
 */
export async function startServer(name: string, args: string[], env: Record<string, string>, ready: string, timeoutMs = 60_000): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stderr!.on('data', keep);
  let peak = 0;
  let windowPeak = 0;
  const timer = setInterval(() => {
    const rss = rssMb(child.pid!);
    if (rss === null) return;
    peak = Math.max(peak, rss);
    windowPeak = Math.max(windowPeak, rss);
  }, 100);
  const stop = onCleanup(async () => {
    clearInterval(timer);
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
    if (process.env.BENCH_DEBUG) process.stderr.write(`[${name}] output tail: ${output.slice(-500)}\n`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`${name} was not ready after ${timeoutMs} ms: ${output}`)), timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (output.includes(ready)) {
          clearTimeout(timeout);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timeout);
        reject(new Error(`${name} exited (${code ?? signal}) before it was ready: ${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    peakRssMb: () => Math.round(peak),
    windowPeakRssMb: () => Math.round(windowPeak),
    resetWindow: () => {
      windowPeak = rssMb(child.pid!) ?? 0;
    },
    stop,
  };
}

// ---------------------------------------------------------------------------------------------
// Load

export interface LoadOptions {
  connections: number;
  /** Seconds of warm-up (not measured) before the measured run. */
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Completed requests in the measured run. */
  requests: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run (pipelining 1) of `options.seconds` against `url`; warm-up is the caller's. */
export async function load(url: string, headers: Record<string, string>, options: Pick<LoadOptions, 'connections' | 'seconds'>): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: options.connections, pipelining: 1, duration: options.seconds });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
