/**
 * Test app factory: a fresh database cloned from the migrated template, the real application
 * listening on 127.0.0.1 over real HTTP, an adjustable clock, and small request helpers.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { freePort } from '../../src/db/embedded.ts';
import { AdjustableClock } from '../../src/lib/clock.ts';
import { randomBase62, type Mode } from '../../src/lib/ids.ts';
import { createServices, type Services } from '../../src/services.ts';
import { startWorker, type Worker } from '../../src/worker.ts';
import type { PartnerInput } from '../../src/modules/partners/partners.service.ts';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string;
  clientId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApp {
  baseUrl: string;
  db: Db;
  databaseUrl: string;
  clock: AdjustableClock;
  services: Services;
  app: FastifyInstance;
  worker: Worker | null;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  newPartner(input?: PartnerInput & { name?: string }): Promise<{ partnerId: string; apiKey: string }>;
  newKey(partnerId: string, mode: Mode): Promise<string>;
  newClient(apiKey: string, externalId?: string): Promise<string>;
  /**
   * The connections, lifecycle, sync, accounts and connect-session services (and banks) that serve
   * partner `partnerId`'s sandbox while its sandbox clock is at real time (src/partner-times.ts):
   * the ones to spy on for a sandbox key's requests.
   */
  sandboxServices(partnerId: string): Services['times']['real'];
  close(): Promise<void>;
}

/** The secret key of test apps (BANKDATA_SECRET_KEY), so no key file is written into the work tree. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** Creates database `name` as a copy of the template (retrying while another copy runs). */
export async function cloneTemplate(): Promise<string> {
  const templateUrl = new URL(inject('templateDatabaseUrl'));
  const template = templateUrl.pathname.slice(1);
  const name = `t_${randomBase62(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(templateUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return Object.assign(new URL(templateUrl), { pathname: `/${name}` }).toString();
}

export interface TestAppOptions {
  /** Extra environment (BANKDATA_SANDBOX_SLOW_MS, ...). */
  env?: Record<string, string>;
  /** Run job handlers and timers in-process (default true). */
  worker?: boolean;
}

/** One HTTP request to the service at `baseUrl` (API key, client id and JSON body from `options`); never follows redirects. */
export async function callAt<T = any>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['x-api-key'] = options.key;
  if (options.clientId) headers['x-client-id'] = options.clientId;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Starts the application (and, by default, a worker) on a fresh database. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = options.env ?? {};
  const databaseUrl = await cloneTemplate();
  const db = createDb(databaseUrl, 10);
  const clock = new AdjustableClock();
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', BANKDATA_SECRET_KEY: TEST_SECRET_KEY, ...env });
  const services = await createServices({ db, databaseUrl, clock, config, maintenance: options.worker !== false, env: { ...process.env, ...env } });
  const worker = options.worker === false ? null : await startWorker(services, 200);
  const app = await buildApp(services, { logLevel: 'silent' });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;

  const call = <T>(method: string, path: string, options?: CallOptions) => callAt<T>(baseUrl, method, path, options);

  return {
    baseUrl,
    db,
    databaseUrl,
    clock,
    services,
    app,
    worker,
    call,
    async newPartner(input = {}) {
      const { partner, key } = await services.partners.create({
        capabilities: ['refresh', 'reconnect', 'enrichment', 'nonRegulatedProviders'],
        returnUrlPatterns: ['http://localhost:*/*'],
        rateLimit: 100_000,
        ...input,
        name: input.name ?? 'Test Partner',
      });
      return { partnerId: partner.id, apiKey: key.apiKey };
    },
    sandboxServices: (partnerId) => services.times.of({ partnerId, offsetMs: 0 }),
    async newKey(partnerId, mode) {
      return (await services.partners.issueKey(partnerId, mode)).apiKey;
    },
    async newClient(apiKey, externalId) {
      const reply = await call<{ id: string }>('POST', '/v1/clients', { key: apiKey, body: { email: 'user@example.com', countryCode: 'CZ', externalId } });
      if (reply.status >= 300) throw new Error(`client create failed: ${JSON.stringify(reply.body)}`);
      return reply.body.id;
    },
    async close() {
      await app.close();
      await worker?.stop();
      await services.stop();
      await db.destroy();
    },
  };
}

/** Asserts the error envelope and returns its code. */
export function errorCode(reply: Reply): string {
  const body = reply.body as { error?: { code?: string }; requestId?: string; errorDesc?: string };
  if (!body?.error?.code || typeof body.errorDesc !== 'string' || body.requestId !== reply.headers.get('x-request-id')) {
    throw new Error(`not an error envelope: ${JSON.stringify(reply.body)}`);
  }
  return body.error.code;
}

/** Polls `probe` every 50 ms until it answers a value; throws after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
