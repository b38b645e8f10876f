/**
 * `bankdata start` (migrate, demo partner, API + worker in one process), `bankdata serve`
 * (API and hosted pages only) and `bankdata worker` (jobs and timers only). Both stop cleanly on SIGINT/SIGTERM, including the embedded
 * PostgreSQL they started.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { surviveDatabaseOutages } from '../db/outage-guard.ts';
import { systemClock } from '../lib/clock.ts';
import { createServices, type Services } from '../services.ts';
import { startWorker, type Worker } from '../worker.ts';
import { fail, print, type OutputOptions } from './output.ts';
import { openRuntime, requireMigrated } from './runtime.ts';

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
  try {
    const config = loadConfig();
    const startedAt = performance.now();
    const runtime = await openRuntime(config, config.databasePoolSize);
    try {
      if (options.migrate) await migrateToLatest(runtime.db);
      else await requireMigrated(runtime.db);
      const services = await createServices({ db: runtime.db, databaseUrl: runtime.databaseUrl, clock: systemClock, config, maintenance: options.worker });
      let app: FastifyInstance | null = null;
      let worker: Worker | null = null;
      try {
        if (options.migrate) await services.providers.seedSandboxCatalog();
        // A live provider whose connector cannot be built (a certificate file missing) stops the start, naming the provider.
        services.banks.verify(await services.providers.live());
        if (config.allowPrivateWebhookUrls) process.stderr.write(`${PRIVATE_WEBHOOKS_WARNING}\n`);
        const demo = options.demoPartner ? await services.partners.ensureDemoPartner() : null;
        app = options.api ? await buildApp(services) : null;
        worker = options.worker ? await startWorker(services) : null;
        await app?.listen({ port: config.port, host: config.host });
        const readyMs = Math.round(performance.now() - startedAt);
        if (app) announce(options, services, demo?.key.apiKey ?? null, readyMs, runtime.embedded);
        else print(options, { status: 'ready', role: 'worker', readyMs }, (r) => `bankdata worker running (ready in ${r.readyMs} ms). Stop with Ctrl+C.`);

        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      } finally {
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

function announce(options: OutputOptions, services: Services, apiKey: string | null, readyMs: number, embedded: boolean): void {
  const baseUrl = services.config.baseUrl;
  print(options, { status: 'ready', baseUrl, docsUrl: `${baseUrl}/docs`, readyMs, embeddedDatabase: embedded, apiKey }, (r) => {
    const lines = [`bankdata is listening at ${r.baseUrl} (ready in ${r.readyMs} ms; API reference at ${r.docsUrl})`];
    if (r.embeddedDatabase) lines.push(`Database: embedded PostgreSQL in ${services.config.dataDir}`);
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
      );
    }
    lines.push('Stop with Ctrl+C.');
    return lines.join('\n');
  });
}
