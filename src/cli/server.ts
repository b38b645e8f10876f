/**
 * `bankdata start` (migrate, demo partner, API + worker in one process), `bankdata serve`
 * (API and hosted pages only) and `bankdata worker` (jobs and timers only). Both stop cleanly on SIGINT/SIGTERM, including the embedded
 * PostgreSQL they started. Start-up order (bench/README.md "start-up"): the embedded PostgreSQL
 * starts while the service's code loads; the API listens before the job queue and the worker start.
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { observeQueues } from '../metrics/metrics.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { recordBaseUrl } from '../db/settings.ts';
import { surviveDatabaseOutages } from '../db/outage-guard.ts';
import { systemClock } from '../lib/clock.ts';
import { loadSecretKeys } from '../lib/secret-keys.ts';
import type { Services } from '../services.ts';
import type { Worker } from '../worker.ts';
import { fail, print, type OutputOptions } from './output.ts';
import { openRuntime, requireMigrated, type Runtime } from './runtime.ts';

/** Said at start-up and by `partner show` while BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS=true. */
export const PRIVATE_WEBHOOKS_WARNING =
  'WARNING: BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS=true: live webhook endpoints may be private, loopback or link-local addresses over plain http. For development and tests only.';

interface ServeOptions extends OutputOptions {
  migrate: boolean;
  demoPartner: boolean;
  /** Serve the HTTP API and hosted pages. */
  api: boolean;
  /** Run job handlers and timers. */
  worker: boolean;
}

/**
 * Runs the API and/or the worker until SIGINT or SIGTERM, then shuts down cleanly. A start-up
 * failure (bad configuration, unreachable database or Redis) is printed and exits with code 1;
 * once running, a database outage of any length is ridden out (503 from the API, the job queue
 * backs off and reconnects).
 */
export async function runServer(options: ServeOptions): Promise<void> {
  surviveDatabaseOutages();
  // Listening from the first moment: a stop signal during start-up (a supervisor's restart, an
  // early Ctrl+C) lets the start-up finish its step and then shuts down cleanly, the embedded
  // PostgreSQL included, instead of killing the process and leaving that server running.
  const stopRequested = stopSignal();
  try {
    const config = loadConfig();
    const startedAt = performance.now();
    // The services, the app and the worker (most of the code) load while the embedded PostgreSQL,
    // a process of its own, starts; awaited once the database is open (a failure is thrown there).
    const loading = Promise.all([import('../services.ts'), import('../app.ts'), import('../worker.ts')]);
    loading.catch(() => {});
    const runtime = await openRuntime(config, config.databasePoolSize);
    try {
      const [{ createServices }, { buildApp }, { startWorker }] = await loading;
      const secretKeys = loadSecretKeys(config);
      if (options.migrate) await migrateToLatest(runtime.db, secretKeys);
      else await requireMigrated(runtime.db);
      const services = await createServices({ db: runtime.db, databaseUrl: runtime.databaseUrl, clock: systemClock, config, maintenance: options.worker, secretKeys, queueStartsLater: true });
      let app: FastifyInstance | null = null;
      let worker: Worker | null = null;
      let metrics: Server | null = null;
      try {
        if (options.migrate) await services.providers.seedSandboxCatalog();
        // A live provider whose connector cannot be built (a certificate file missing) stops the start, naming the provider.
        services.banks.verify(await services.providers.live());
        if (config.allowPrivateWebhookUrls) process.stderr.write(`${PRIVATE_WEBHOOKS_WARNING}\n`);
        const demo = options.demoPartner ? await services.partners.ensureDemoPartner() : null;
        app = options.api ? await buildApp(services) : null;
        await app?.listen({ port: config.port, host: config.host });
        // The job queue and then job handlers and timers start once the API answers: its requests
        // do not wait for them (a request that enqueues a job waits for the queue's start).
        await services.queue.started;
        worker = options.worker ? await startWorker(services) : null;
        // CLI commands run without this process's PORT or BANKDATA_BASE_URL still print links that open (admin.ts).
        if (app) await recordBaseUrl(runtime.db, config.baseUrl);
        observeQueues(runtime.db);
        metrics = config.metricsPort === null ? null : await startMetricsServer(config.metricsPort, config.metricsHost);
        const readyMs = Math.round(performance.now() - startedAt);
        if (app) announce(options, services, demo ? { partnerId: demo.partner.id, apiKey: demo.key.apiKey } : null, readyMs, runtime.embedded, metricsUrl(metrics));
        else print(options, { status: 'ready', role: 'worker', readyMs, metricsUrl: metricsUrl(metrics) }, (r) => `bankdata worker running (ready in ${r.readyMs} ms${r.metricsUrl ? `; metrics at ${r.metricsUrl}` : ''}). Stop with Ctrl+C.`);

        await stopRequested;
      } finally {
        await new Promise((done) => (metrics ? metrics.close(done) : done(undefined)));
        await app?.close();
        await worker?.stop();
        await services.stop();
      }
    } finally {
      await runtime.close();
    }
  } catch (error) {
    fail(options, error);
  }
}

/**
 * Resolves on the first SIGINT or SIGTERM; a second one ends the process at once (exit code 130),
 * for a start-up that does not finish.
 */
function stopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.off(signal, stop);
        process.once(signal, () => process.exit(130));
      }
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Where this process's metrics listener answers (null without BANKDATA_METRICS_PORT). */
function metricsUrl(server: Server | null): string | null {
  const address = server?.address();
  return address && typeof address === 'object' ? `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}/metrics` : null;
}

function announce(options: OutputOptions, services: Services, demo: { partnerId: string; apiKey: string } | null, readyMs: number, embedded: Runtime['embedded'], metricsUrl: string | null): void {
  const baseUrl = services.config.baseUrl;
  const embeddedDatabase = embedded ? { dataDir: embedded.pgDir, host: '127.0.0.1', port: embedded.port } : null;
  print(options, { status: 'ready', baseUrl, docsUrl: `${baseUrl}/docs`, readyMs, embeddedDatabase, metricsUrl, apiKey: demo?.apiKey ?? null, partnerId: demo?.partnerId ?? null }, (r) => {
    const lines = [`bankdata is listening at ${r.baseUrl} (ready in ${r.readyMs} ms; API reference at ${r.docsUrl})`];
    if (r.metricsUrl) lines.push(`Metrics: ${r.metricsUrl}`);
    if (r.embeddedDatabase) {
      lines.push(
        `Database: embedded PostgreSQL in ${r.embeddedDatabase.dataDir} on ${r.embeddedDatabase.host}:${r.embeddedDatabase.port}`,
        `  psql "$(bankdata db url)"   ·   bankdata backup FILE   ·   bankdata restore FILE`,
      );
    }
    if (r.apiKey) {
      lines.push(
        '',
        'Created the demo partner. Its sandbox API key is shown only this once; keep it:',
        '',
        `  ${r.apiKey}`,
        '',
        'Try it:',
        `  curl -H "X-Api-Key: ${r.apiKey}" ${r.baseUrl}/v1/partner/config`,
        '',
        `Partner portal: ${r.baseUrl}/portal (a first user: npx bankdata portal user create --partner ${r.partnerId} --email you@example.com --role admin)`,
        '',
      );
    }
    lines.push('Stop with Ctrl+C.');
    return lines.join('\n');
  });
}
