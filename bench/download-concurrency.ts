/**
 * Download-concurrency benchmark (issue 14, item 7): how long one `bankdata worker` takes to
 * finish a burst of slow bank downloads at different BANKDATA_DOWNLOAD_CONCURRENCY values, as a
 * ratio to concurrency 2 (the old fixed value) measured in the same run.
 *
 * - A `bankdata serve` process creates BENCH_DOWNLOADS (40) sandbox connections and completes
 *   their bank journeys as `user_slow` (POST /v1/sandbox/connections/{id}/complete), while no
 *   worker runs: the downloads wait in the queue.
 * - A `bankdata worker` with the concurrency under test (and BANKDATA_SANDBOX_SLOW_MS =
 *   BENCH_DOWNLOAD_SLOW_MS, 3,000 ms: each download waits that long on the "bank") starts; the
 *   time runs from its launch until every connection of the burst is Active (worker start-up,
 *   about 1 s, included). Then the worker stops and the next concurrency gets a new burst.
 * - Also reported: the worker's CPU time per download (downloads wait on the bank, not on CPU)
 *   and its peak RSS. The database pool stays at its default (BANKDATA_DB_POOL_SIZE 10): a
 *   download holds a connection only for its short transactions, never while the bank answers.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpuMs, scratchDatabase, startServer } from './harness.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;

export interface DownloadRound {
  concurrency: number;
  seconds: number;
  /** Seconds at concurrency 2 / seconds at this concurrency. */
  speedup: number;
  workerCpuMsPerDownload: number;
  workerPeakRssMb: number;
}

export interface DownloadConcurrencyResult {
  downloads: number;
  slowMs: number;
  rounds: DownloadRound[];
}

/** Concurrencies measured (BENCH_DOWNLOAD_CONCURRENCIES, comma-separated; the first is the baseline). */
function options(env: NodeJS.ProcessEnv = process.env) {
  return {
    downloads: Number(env.BENCH_DOWNLOADS ?? 40),
    slowMs: Number(env.BENCH_DOWNLOAD_SLOW_MS ?? 3000),
    concurrencies: (env.BENCH_DOWNLOAD_CONCURRENCIES ?? '2,8,16,32,64').split(',').map(Number),
  };
}

async function json(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const response = await fetch(url, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const parsed = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

export async function runDownloadConcurrencyBench(): Promise<DownloadConcurrencyResult> {
  const { downloads, slowMs, concurrencies } = options();
  const scratch = await scratchDatabase();
  const env = { DATABASE_URL: scratch.url, LOG_LEVEL: 'warn', BANKDATA_SANDBOX_SLOW_MS: String(slowMs), BANKDATA_RATE_LIMIT: '100000' };
  const { stdout } = await promisify(execFile)(process.execPath, [bin, 'partner', 'create', '--name', 'Bench', '--return-url-pattern', 'http://localhost:*/*', '--json'], { env: { ...process.env, ...env } });
  const key: string = JSON.parse(stdout).apiKey;
  const api = await startServer('serve', [bin, 'serve'], env, 'Stop with Ctrl+C');
  const headers = { 'x-api-key': key };
  const clientId: string = (await json(`${api.url}/v1/clients`, 'POST', headers, { email: 'bench@example.com', countryCode: 'CZ' })).id;
  const providerId = (await scratch.db.selectFrom('providers').select('id').where('code', '=', 'vltava_xf').executeTakeFirstOrThrow()).id;
  const clientHeaders = { ...headers, 'x-client-id': clientId };

  const rounds: DownloadRound[] = [];
  for (const concurrency of concurrencies) {
    const ids: string[] = [];
    for (let i = 0; i < downloads; i++) {
      const created = await json(`${api.url}/v1/connections`, 'POST', clientHeaders, { returnUrl: 'http://localhost:8080/done', providerId });
      await json(`${api.url}/v1/sandbox/connections/${created.connectionId}/complete`, 'POST', clientHeaders, { outcome: 'Ok', username: 'user_slow' });
      ids.push(created.connectionId);
    }
    const started = performance.now();
    const worker = await startServer('worker', [bin, 'worker'], { ...env, BANKDATA_DOWNLOAD_CONCURRENCY: String(concurrency) }, 'Stop with Ctrl+C');
    for (;;) {
      const row = await scratch.db.selectFrom('connections').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).where('state', '=', 'Active').executeTakeFirstOrThrow();
      if (Number(row.n) === ids.length) break;
      if (performance.now() - started > 30 * 60_000) throw new Error(`concurrency ${concurrency}: only ${row.n} of ${ids.length} downloads done after 30 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuMs(worker.pid) ?? 0;
    const peak = worker.peakRssMb();
    await worker.stop();
    const baseline = rounds[0]?.seconds ?? seconds;
    rounds.push({ concurrency, seconds: Math.round(seconds * 10) / 10, speedup: Math.round((baseline / seconds) * 100) / 100, workerCpuMsPerDownload: Math.round(cpu / downloads), workerPeakRssMb: peak });
    process.stderr.write(`  concurrency ${concurrency}: ${seconds.toFixed(1)} s\n`);
  }
  await api.stop();
  await scratch.close();
  return { downloads, slowMs, rounds };
}

export function formatDownloadConcurrency(r: DownloadConcurrencyResult): string {
  const lines = [
    `${r.downloads} user_slow downloads of ${r.slowMs} ms each, one worker (BANKDATA_DB_POOL_SIZE 10)`,
    '',
    '| BANKDATA_DOWNLOAD_CONCURRENCY | burst done in | vs concurrency ' + r.rounds[0]!.concurrency + ' | worker CPU per download | worker peak RSS |',
    '|---|---|---|---|---|',
    ...r.rounds.map((x) => `| ${x.concurrency} | ${x.seconds} s | ${x.speedup}x | ${x.workerCpuMsPerDownload} ms | ${x.workerPeakRssMb} MB |`),
  ];
  return lines.join('\n');
}
