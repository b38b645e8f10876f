/**
 * Issue 19, backups of the embedded database: `bankdata backup FILE` while the service runs, the
 * data dir wiped, `bankdata restore FILE`, start again: the same partners, keys (still valid),
 * connections and transactions. With DATABASE_URL both commands refuse and say what to use.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { createDb } from '../src/db/database.ts';
import { bankdataCommand, startBankdata, stopBankdata, type Started } from './helpers/bankdata-process.ts';
import { connect } from './helpers/journey.ts';
import type { TestApp } from './helpers/app.ts';

const dir = mkdtempSync(join(tmpdir(), 'bankdata-backup-'));
chmodSync(dir, 0o711); // as root, PostgreSQL runs as its own user, which must reach the data dir inside
const dataDir = join(dir, 'data');
const running: Started[] = [];

afterAll(async () => {
  for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The little of TestApp the journey helpers use, over a `bankdata start` process. */
async function client(baseUrl: string, databaseUrl: string) {
  const db = createDb(databaseUrl, 2);
  const call = async (method: string, path: string, options: { key?: string; clientId?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (options.key) headers['x-api-key'] = options.key;
    if (options.clientId) headers['x-client-id'] = options.clientId;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  };
  return { t: { baseUrl, db, call } as unknown as TestApp, close: () => db.destroy() };
}

describe('bankdata backup and restore', { timeout: 300_000 }, () => {
  it('backs up while the service runs; after a wipe and a restore the partners, keys, connections and transactions are back', async () => {
    const port = await freePort();
    const first = await startBankdata(dataDir, port);
    running.push(first);
    const apiKey = /svc_test_[0-9A-Za-z]{32}/.exec(first.output())![0];
    const baseUrl = `http://localhost:${port}`;
    expect(first.output()).toMatch(new RegExp(`Database: embedded PostgreSQL in ${dataDir}/pg on 127\\.0\\.0\\.1:(\\d+)`));

    const url = await bankdataCommand(dataDir, ['db', 'url']);
    expect(url.stdout.trim()).toMatch(/^postgres:\/\/bankdata:[^@]+@127\.0\.0\.1:\d+\/bankdata$/);
    const { t, close } = await client(baseUrl, url.stdout.trim());
    let before: { partner: unknown; connection: unknown; transactions: unknown };
    let clientId = '';
    let connectionId = '';
    try {
      const created = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'user@example.com', countryCode: 'CZ', externalId: 'backup-1' } });
      clientId = created.body.id;
      connectionId = await connect(t, apiKey, clientId);
      const accounts = await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key: apiKey, clientId });
      before = {
        partner: (await t.call('GET', '/v1/partner/config', { key: apiKey })).body,
        connection: (await t.call('GET', `/v1/connections/${connectionId}`, { key: apiKey, clientId })).body,
        transactions: (await t.call('GET', `/v1/accounts/${accounts.body[0].id}/transactions?limit=100`, { key: apiKey, clientId })).body,
      };
      expect((before.connection as { state: string }).state).toBe('Active');
      expect((before.transactions as { data: unknown[] }).data.length).toBeGreaterThan(0);
    } finally {
      await close();
    }

    const backup = await bankdataCommand(dataDir, ['backup', join(dir, 'bankdata.tar.gz'), '--json']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ walSegments: expect.any(Number), bytes: expect.any(Number) });
    // A restore refuses while the service runs.
    const refused = await bankdataCommand(dataDir, ['restore', join(dir, 'bankdata.tar.gz')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/stop bankdata/);

    expect(await stopBankdata(first.child)).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
    const restored = await bankdataCommand(dataDir, ['restore', join(dir, 'bankdata.tar.gz')]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored the backup of \S+ \(1 partners\)/);

    const second = await startBankdata(dataDir, port);
    running.push(second);
    expect(second.output()).not.toMatch(/svc_test_/); // the demo partner exists: no new key
    const again = await client(baseUrl, (await bankdataCommand(dataDir, ['db', 'url'])).stdout.trim());
    try {
      const accounts = await again.t.call('GET', `/v1/connections/${connectionId}/accounts`, { key: apiKey, clientId });
      expect((await again.t.call('GET', '/v1/partner/config', { key: apiKey })).body).toEqual(before.partner);
      expect((await again.t.call('GET', `/v1/connections/${connectionId}`, { key: apiKey, clientId })).body).toEqual(before.connection);
      expect((await again.t.call('GET', `/v1/accounts/${accounts.body[0].id}/transactions?limit=100`, { key: apiKey, clientId })).body).toEqual(before.transactions);
    } finally {
      await again.close();
    }
    expect(await stopBankdata(second.child)).toBe(0);
  });

  it('with DATABASE_URL, backup and restore refuse and name the PostgreSQL tools to use', async () => {
    for (const command of ['backup', 'restore']) {
      const refused = await bankdataCommand(dataDir, [command, join(dir, 'x.tar.gz')], { DATABASE_URL: 'postgres://bankdata@db.example/bankdata' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/pg_dump --format=custom/);
    }
    const url = await bankdataCommand(dataDir, ['db', 'url'], { DATABASE_URL: 'postgres://bankdata@db.example/bankdata' });
    expect(url.stdout).toBe('postgres://bankdata@db.example/bankdata\n');
  });
});
