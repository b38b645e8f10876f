/**
 * The real CLI: `bankdata start` on a fresh data dir and a free port prints a sandbox key that
 * works; admin commands reach the running service's database and take effect at once; SIGTERM
 * stops the service and its embedded PostgreSQL, also while it is still starting; a second start
 * keeps the data and prints no key.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../src/db/embedded.ts';
import { WebhookReceiver } from './helpers/receiver.ts';
import { bankdataEnv, startBankdata, stopBankdata, type Started } from './helpers/bankdata-process.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'bankdata-cli-'));
const run = promisify(execFile);
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (port: number) => bankdataEnv(dataDir, { PORT: String(port) });

/** Starts `bankdata start` and resolves with its output once it listens. */
async function start(port: number): Promise<Started> {
  const run = await startBankdata(dataDir, port);
  started.push(run.child);
  return run;
}

const stop = stopBankdata;

async function cli(port: number, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [bin, ...args, '--json'], { env: env(port) });
  return JSON.parse(stdout);
}

describe('bankdata CLI', { timeout: 240_000 }, () => {
  let apiKey = '';

  it('starts on a fresh data dir, prints a working sandbox key once, and administers the running service', async () => {
    const port = await freePort();
    const { child, output } = await start(port);
    const match = /svc_test_[0-9A-Za-z]{32}/.exec(output());
    expect(match, output()).not.toBeNull();
    apiKey = match![0];
    expect(output()).toContain(`curl -H "X-Api-Key: ${apiKey}" http://localhost:${port}/v1/partner/config`);

    const config = await fetch(`http://127.0.0.1:${port}/v1/partner/config`, { headers: { 'x-api-key': apiKey } });
    expect(config.status).toBe(200);
    const body = await config.json();
    expect(body.mode).toBe('sandbox');
    expect(body.name).toBe('Demo Partner');
    expect(Object.values(body.capabilities).filter(Boolean).length).toBeGreaterThanOrEqual(4);

    const shown = await cli(port, 'partner', 'show', '--partner', body.partnerId);
    expect(shown.returnUrlPatterns).toEqual(['http://localhost:*/*']);

    const created = await cli(port, 'partner', 'create', '--name', 'CLI Partner', '--capabilities', 'refresh,reconnect', '--countries', 'CZ,SK');
    expect(created.apiKey).toMatch(/^svc_test_/);
    const changed = await cli(port, 'partner', 'set', '--partner', created.partnerId, '--consent-duration', 'P30D', '--return-url-pattern', 'https://app.example.com/*', '--consent-expiring-days', '3');
    expect(changed).toMatchObject({ consentDuration: 'P30D', consentExpiringNoticeDays: 3 });
    // The hosted pages' branding (issue 17).
    const branded = await cli(port, 'partner', 'set', '--partner', created.partnerId, '--display-name', 'Koruna Budget', '--logo-url', 'https://cdn.example.com/logo.svg', '--accent-color', '#0B7A75', '--privacy-url', 'https://example.com/privacy');
    expect(branded).toMatchObject({ displayName: 'Koruna Budget', logoUrl: 'https://cdn.example.com/logo.svg', accentColor: '#0b7a75', privacyUrl: 'https://example.com/privacy' });
    const badColour = await run(process.execPath, [bin, 'partner', 'set', '--partner', created.partnerId, '--accent-color', 'teal', '--json'], { env: env(port) }).catch((e) => e);
    expect(JSON.parse(badColour.stdout).error).toMatchObject({ code: 'validation_error' });
    const fresh = await fetch(`http://127.0.0.1:${port}/v1/partner/config`, { headers: { 'x-api-key': created.apiKey } });
    expect(await fresh.json()).toMatchObject({ consentDuration: 'P30D', consentExpiringNoticeDays: 3 });

    const live = await cli(port, 'key', 'create', '--partner', created.partnerId, '--mode', 'live');
    expect(live.apiKey).toMatch(/^svc_live_/);
    const keys: any[] = await cli(port, 'key', 'list', '--partner', created.partnerId);
    expect(keys.map((k) => k.mode).sort()).toEqual(['live', 'sandbox']);
    expect(JSON.stringify(keys)).not.toContain(live.apiKey);
    await cli(port, 'key', 'revoke', live.keyId);
    const revoked = await fetch(`http://127.0.0.1:${port}/v1/partner/config`, { headers: { 'x-api-key': live.apiKey } });
    expect(revoked.status).toBe(401);

    const bad = await run(process.execPath, [bin, 'partner', 'set', '--partner', created.partnerId, '--capabilities', 'teleport', '--json'], { env: env(port) }).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.code).toBe('validation_error');

    expect(await stop(child), output()).toBe(0);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('refuses malformed ids and numbers with a clear message, before touching the database', async () => {
    const port = await freePort();
    for (const [args, message] of [
      [['webhook', 'redeliver', 'nope'], 'expected a UUID'],
      [['webhook', 'deliveries', '--partner', 'nope'], 'expected a UUID'],
      [['webhook', 'deliveries', '--partner', '0b6f2a4e-8d0c-4a57-9a43-2f3c1c2d9e10', '--limit', 'abc'], 'expected a whole number'],
    ] as const) {
      await expect(run(process.execPath, [bin, ...args], { env: env(port) }), args.join(' ')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
    }
  });

  it('keeps the data across restarts and prints no key the second time', async () => {
    // The database's creation is checked once per data dir; deleting the marker makes a start check again.
    expect(existsSync(join(dataDir, 'pg-database'))).toBe(true);
    rmSync(join(dataDir, 'pg-database'));
    for (const marker of [false, true]) {
      const port = await freePort();
      const { child, output } = await start(port);
      expect(output()).not.toMatch(/svc_test_/);
      const config = await fetch(`http://127.0.0.1:${port}/v1/partner/config`, { headers: { 'x-api-key': apiKey } });
      expect(config.status, `marker ${marker}`).toBe(200);
      expect(await stop(child), output()).toBe(0);
      expect(existsSync(join(dataDir, 'pg-database'))).toBe(true);
    }
  });

  it('manages the webhook endpoint, secrets, deliveries and redelivery of the running service', async () => {
    const receiver = await new WebhookReceiver().start();
    const port = await freePort();
    const { child, output } = await start(port);
    try {
      const api = async (method: string, path: string, body?: unknown, clientId?: string) => {
        const headers: Record<string, string> = { 'x-api-key': apiKey, ...(clientId ? { 'x-client-id': clientId } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
        return response.json();
      };
      const { partnerId } = await api('GET', '/v1/partner/config');
      const set = await cli(port, 'webhook', 'set', '--partner', partnerId, '--url', receiver.url);
      expect(set.secret).toMatch(/^whsec_/);
      const shown = await cli(port, 'webhook', 'show', '--partner', partnerId);
      expect(shown.url).toBe(receiver.url);
      expect(shown.secrets.map((x: { secret: string }) => x.secret)).toEqual([set.secret]);

      const client = await api('POST', '/v1/clients', { email: 'cli@example.com', countryCode: 'CZ' });
      const [provider] = (await api('GET', '/v1/providers?search=vltava')).data;
      const connection = await api('POST', '/v1/connections', { returnUrl: 'http://localhost:8080/done', providerId: provider.id }, client.id);
      await api('POST', `/v1/sandbox/connections/${connection.connectionId}/complete`, { outcome: 'Ok' }, client.id);
      await receiver.waitFor((r) => r.some((x) => x.json.type === 'ConnectionCreateSuccess'), 60_000);
      for (const r of receiver.received) expect(new Webhook(set.secret).verify(r.body, r.headers)).toEqual(r.json);

      const deliveries: any[] = await cli(port, 'webhook', 'deliveries', '--partner', partnerId);
      const success = deliveries.find((d) => d.type === 'ConnectionCreateSuccess');
      expect(success).toMatchObject({ mode: 'sandbox', status: 'delivered', attempts: 1, lastStatusCode: 200, history: [{ attempt: 1, statusCode: 200, error: null, url: receiver.url }] });
      expect(success.lastLatencyMs).toBeGreaterThanOrEqual(0);
      expect(await cli(port, 'webhook', 'deliveries', '--partner', partnerId, '--mode', 'live')).toEqual([]);
      const firstId = receiver.received.find((x) => x.json.type === 'ConnectionCreateSuccess')!.headers['webhook-id'];

      const rotated = await cli(port, 'webhook', 'rotate-secret', '--partner', partnerId, '--overlap', '1h');
      expect(rotated.secret).not.toBe(set.secret);
      const before = receiver.received.length;
      const redelivery = await cli(port, 'webhook', 'redeliver', success.deliveryId);
      expect(redelivery).toMatchObject({ deliveryId: expect.any(String), queued: true });
      await receiver.waitFor((r) => r.length > before, 60_000);
      const again = receiver.received.at(-1)!;
      expect(again.headers['webhook-id']).toBe(firstId);
      expect(again.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect(new Webhook(set.secret).verify(again.body, again.headers)).toEqual(again.json);
      expect(new Webhook(rotated.secret).verify(again.body, again.headers)).toEqual(again.json);
    } finally {
      await receiver.stop();
      expect(await stop(child), output()).toBe(0);
    }
  });

  it('stops cleanly, its PostgreSQL too, when told to stop while still starting', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'start'], { env: env(port), stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The embedded PostgreSQL runs (its pid file is written), the service has not announced itself yet.
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(output).not.toContain('Stop with Ctrl+C');
    expect(await stop(child), output).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  });

  it('runs admin commands with the service stopped', async () => {
    const keys: any[] = await cli(await freePort(), 'key', 'list');
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
