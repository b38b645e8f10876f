/**
 * Live mode, the service side (issue 13): the provider catalog (`bankdata providers import` /
 * `providers list` run as real processes on the test database), cross-mode isolation over HTTP,
 * psuIpAddress validation, live direct journeys that start on our page, the usage report (CLI
 * and API), and BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerIdFor } from '../src/banks/sandbox/catalog.ts';
import { XS2A_DEFAULTS } from '../src/banks/berlin-group/config.ts';
import { loadConfig } from '../src/config.ts';
import { parseLiveCatalog } from '../src/modules/providers/live-catalog.ts';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { providerIds } from './helpers/journey.ts';
import { BankdataProcesses } from './helpers/processes.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bankdata-catalog-'));
let t: TestApp;

/** Runs `bankdata ...args --json` on the test database; answers exit code and parsed output. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: any; stderr: string }> {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args, '--json'], { env: { ...rest, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'warn', ...env } });
    return { code: 0, out: JSON.parse(stdout), stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout ? JSON.parse(failed.stdout) : null, stderr: failed.stderr };
  }
}

function catalogFile(name: string, entries: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(entries, null, 2));
  return path;
}

const full = {
  code: 'horizon_cz',
  name: 'Horizon Banka',
  countryCode: 'CZ',
  bicCodes: ['HORZCZPP'],
  timeZone: 'Europe/Prague',
  status: 'Active',
  logoUrl: 'https://cdn.example.com/horizon.svg',
  connector: 'berlin-group',
  xs2a: { baseUrl: 'https://xs2a.horizon.example/psd2/', consentModel: 'availableAccounts', frequencyPerDay: 2, maxConsentDays: 90, historyDays: 365, tls: { certFile: 'qwac.pem', keyFile: 'qwac.key' } },
};
const minimal = { code: 'sever_sk', name: 'Sever Banka', countryCode: 'SK', connector: 'berlin-group', xs2a: { baseUrl: 'https://psd2.sever.example' } };

beforeAll(async () => {
  t = await startTestApp();
  writeFileSync(join(dir, 'qwac.pem'), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
  writeFileSync(join(dir, 'qwac.key'), '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('providers import / list', { timeout: 120_000 }, () => {
  it('imports a catalog with every field and one with the defaults, and lists them with --mode live', async () => {
    const imported = await cli(['providers', 'import', catalogFile('catalog.json', [full, minimal])]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.out.imported).toEqual([
      { providerId: providerIdFor('horizon_cz'), code: 'horizon_cz', name: 'Horizon Banka', created: true },
      { providerId: providerIdFor('sever_sk'), code: 'sever_sk', name: 'Sever Banka', created: true },
    ]);
    const listed = await cli(['providers', 'list', '--mode', 'live']);
    expect(listed.out.map((p: { code: string }) => p.code).sort()).toEqual(['horizon_cz', 'sever_sk']);
    const sever = listed.out.find((p: { code: string }) => p.code === 'sever_sk');
    expect(sever).toMatchObject({ mode: 'live', status: 'Active', timeZone: 'Europe/Bratislava', bicCodes: [], connector: 'berlin-group' });
    expect(sever.xs2a).toEqual({ baseUrl: 'https://psd2.sever.example', consentModel: 'allAccounts', frequencyPerDay: 4, maxConsentDays: 180, historyDays: 90 });
    const horizon = listed.out.find((p: { code: string }) => p.code === 'horizon_cz');
    // Relative certificate paths resolve against the catalog file's folder; the trailing slash of baseUrl is dropped.
    expect(horizon.xs2a).toEqual({ ...full.xs2a, baseUrl: 'https://xs2a.horizon.example/psd2', tls: { certFile: join(dir, 'qwac.pem'), keyFile: join(dir, 'qwac.key') } });
    expect(horizon.logoUrl).toBe(full.logoUrl);
  });

  it('upserts by code: the same id, new values, created false', async () => {
    const again = await cli(['providers', 'import', catalogFile('rename.json', [{ ...minimal, name: 'Sever Banka a.s.', status: 'Hidden' }])]);
    expect(again.out.imported).toEqual([{ providerId: providerIdFor('sever_sk'), code: 'sever_sk', name: 'Sever Banka a.s.', created: false }]);
    const listed = await cli(['providers', 'list', '--mode', 'live']);
    expect(listed.out.find((p: { code: string }) => p.code === 'sever_sk')).toMatchObject({ id: providerIdFor('sever_sk'), name: 'Sever Banka a.s.', status: 'Hidden' });
    await cli(['providers', 'import', catalogFile('back.json', [minimal])]);
  });

  it('refuses _xf codes, bad entries and missing certificate files entry by entry, and imports nothing then', async () => {
    const entries = [
      { ...minimal, code: 'fresh_ok' },
      { ...minimal, code: 'sneaky_xf' },
      { ...minimal, code: 'bad_fields', countryCode: 'XX', timeZone: 'Mars/Olympus', xs2a: { baseUrl: 'ftp://bank', frequencyPerDay: 0 } },
      { ...minimal, code: 'no_cert', xs2a: { baseUrl: 'https://bank.example', signing: { certFile: 'missing.pem', keyFile: 'qwac.key' } } },
      { ...minimal, code: 'fresh_ok' },
    ];
    const refused = await cli(['providers', 'import', catalogFile('bad.json', entries)]);
    expect(refused.code).toBe(1);
    expect(refused.out.error.code).toBe('validation_error');
    const problems = Object.fromEntries(refused.out.problems.map((p: { index: number; errors: string[] }) => [p.index, p.errors.join(' | ')]));
    expect(Object.keys(problems)).toEqual(['1', '2', '3', '4']);
    expect(problems[1]).toMatch(/_xf/);
    expect(problems[2]).toMatch(/xs2a/);
    expect(problems[3]).toMatch(/xs2a\.signing\.certFile: file .*missing\.pem does not exist/);
    expect(problems[4]).toMatch(/more than once/);
    const listed = await cli(['providers', 'list', '--mode', 'live']);
    expect(listed.out.map((p: { code: string }) => p.code)).not.toContain('fresh_ok');
    const text = await run(process.execPath, [bin, 'providers', 'import', join(dir, 'bad.json')], { env: { ...process.env, DATABASE_URL: t.databaseUrl } }).catch((e) => e);
    expect(text.stderr).toMatch(/Entry 1 \(sneaky_xf\):/);
    expect(parseLiveCatalog('{"code": "x"}', dir).problems[0]!.errors[0]).toMatch(/JSON array/);
  });
});

describe('start-up', { timeout: 120_000 }, () => {
  it("a live provider's missing certificate file stops the start with an error naming the provider", async () => {
    const certFile = join(dir, 'gone.pem');
    writeFileSync(certFile, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const entry = { code: 'certless_cz', name: 'Certless Banka', countryCode: 'CZ', bicCodes: [], timeZone: 'Europe/Prague', status: 'Active' as const, logoUrl: null, connector: 'berlin-group' as const };
    const xs2a = { ...XS2A_DEFAULTS, baseUrl: 'https://certless.example', tls: { certFile, keyFile: join(dir, 'qwac.key') } };
    await t.services.providers.importLive([{ ...entry, xs2a }]);
    rmSync(certFile);
    const processes = new BankdataProcesses(t);
    const started = await processes.worker().then(
      () => 'started',
      (error: Error) => error.message,
    );
    processes.killAll();
    expect(started).toMatch(/worker exited 1/);
    expect(started).toMatch(/Live provider certless_cz: cannot read its TLS certificate/);
    expect(started).toContain(certFile);
    // Disabled providers are not built at start-up (nor listed).
    await t.services.providers.importLive([{ ...entry, status: 'Disabled', xs2a }]);
  });
});

describe('cross-mode isolation and live journeys', { timeout: 120_000 }, () => {
  let sandboxKey: string;
  let liveKey: string;
  let liveClient: string;
  let sandboxClient: string;
  const severId = providerIdFor('sever_sk');

  beforeAll(async () => {
    const partner = await t.newPartner();
    sandboxKey = partner.apiKey;
    liveKey = await t.newKey(partner.partnerId, 'live');
    liveClient = await t.newClient(liveKey, 'live-user');
    sandboxClient = await t.newClient(sandboxKey, 'sandbox-user');
  });

  it('a live key lists only live providers (with logoUrl), a sandbox key only _xf ones', async () => {
    const live = await t.call('GET', '/v1/providers?limit=100', { key: liveKey });
    expect(live.body.data.map((p: { code: string }) => p.code)).toEqual(['horizon_cz', 'sever_sk']);
    expect(live.body.data[0].logoUrl).toBe(full.logoUrl);
    expect(live.body.data[1]).not.toHaveProperty('logoUrl');
    const sandbox = await t.call('GET', '/v1/providers?limit=100', { key: sandboxKey });
    expect(sandbox.body.data.length).toBeGreaterThan(5);
    expect(sandbox.body.data.every((p: { code: string }) => p.code.endsWith('_xf'))).toBe(true);
  });

  it('cross-mode provider ids are 404 not_found both ways', async () => {
    const liveToSandbox = await t.call('POST', '/v1/connections', { key: liveKey, clientId: liveClient, body: { returnUrl: 'https://app.example/done', providerId: providerIdFor(providerIds.vltava) } });
    expect(liveToSandbox.status).toBe(404);
    expect(errorCode(liveToSandbox)).toBe('not_found');
    const sandboxToLive = await t.call('POST', '/v1/connections', { key: sandboxKey, clientId: sandboxClient, body: { returnUrl: 'https://app.example/done', providerId: severId } });
    expect(sandboxToLive.status).toBe(404);
    expect(errorCode(sandboxToLive)).toBe('not_found');
    const session = await t.call('POST', '/v1/connect-sessions', { key: sandboxKey, clientId: sandboxClient, body: { returnUrl: 'http://localhost:8080/done', providerId: severId } });
    expect(session.status).toBe(404);
  });

  it('psuIpAddress must be an IPv4 or IPv6 address', async () => {
    for (const psuIpAddress of ['not-an-ip', '999.1.1.1', '10.0.0', 'fe80::1%eth0']) {
      const reply = await t.call('POST', '/v1/connections', { key: liveKey, clientId: liveClient, body: { returnUrl: 'https://app.example/done', providerId: severId, psuIpAddress } });
      expect(reply.status, psuIpAddress).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toMatch(/psuIpAddress/);
    }
  });

  it('a live direct connection without psuIpAddress answers our /connect/bank/{state} page; opening it reaches the bank then (503 while it is down)', async () => {
    const created = await t.call('POST', '/v1/connections', { key: liveKey, clientId: liveClient, body: { returnUrl: 'https://app.example/done', providerId: severId } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.redirectUrl.startsWith(`${t.services.config.baseUrl}/connect/bank/`)).toBe(true);
    const got = await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key: liveKey, clientId: liveClient });
    expect(got.body.state).toBe('Pending');
    // The catalog's bank does not exist: the journey's start at the bank fails, and the link stays usable.
    const opened = await fetch(created.body.redirectUrl.replace(t.services.config.baseUrl, t.baseUrl), { redirect: 'manual' });
    expect(opened.status).toBe(503);
    const unknown = await fetch(`${t.baseUrl}/connect/bank/nonsense`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });
});

describe('usage', { timeout: 120_000 }, () => {
  it('counts each metered event once, per kind and UTC day, for live keys; a sandbox key gets zeros', async () => {
    const partner = await t.newPartner();
    const liveKey = await t.newKey(partner.partnerId, 'live');
    const clientId = await t.newClient(liveKey, 'metered');
    const base = { partnerId: partner.partnerId, clientId, mode: 'live' as const, id: '7a1f3f1e-1111-4111-8111-111111111111' };
    const connection = { ...base } as unknown as Parameters<TestApp['services']['usage']['record']>[1];
    const at = new Date('2026-03-02T23:30:00Z');
    await t.db.transaction().execute(async (tx) => {
      await t.services.usage.record(tx, connection, 'activation', 'consent-1', at);
      await t.services.usage.record(tx, connection, 'activation', 'consent-1', at); // a retry: nothing more
      await t.services.usage.record(tx, connection, 'refresh', '2026-03-03T08:00:00.000Z', new Date('2026-03-03T08:00:05Z'));
      await t.services.usage.record(tx, connection, 'reconnect', 'consent-2', new Date('2026-03-03T09:00:00Z'));
      await t.services.usage.record(tx, { ...connection, mode: 'sandbox' }, 'refresh', 'never', at); // sandbox: never metered
    });
    const api = await t.call('GET', '/v1/partner/usage?from=2026-03-02&to=2026-03-03', { key: liveKey });
    expect(api.status).toBe(200);
    expect(api.body).toEqual({
      mode: 'live',
      metered: true,
      from: '2026-03-02',
      to: '2026-03-03',
      totals: { activation: 1, refresh: 1, reconnect: 1 },
      days: [
        { date: '2026-03-02', activation: 1, refresh: 0, reconnect: 0 },
        { date: '2026-03-03', activation: 0, refresh: 1, reconnect: 1 },
      ],
    });
    const sandbox = await t.call('GET', '/v1/partner/usage?from=2026-03-02&to=2026-03-03', { key: partner.apiKey });
    expect(sandbox.body).toMatchObject({ mode: 'sandbox', metered: false, totals: { activation: 0, refresh: 0, reconnect: 0 } });
    const bad = await t.call('GET', '/v1/partner/usage?from=2026-03-04&to=2026-03-03', { key: liveKey });
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('validation_error');
    const printed = await cli(['usage', '--partner', partner.partnerId, '--from', '2026-03-02', '--to', '2026-03-03']);
    expect(printed.out).toEqual({ from: '2026-03-02', to: '2026-03-03', totals: api.body.totals, days: api.body.days });
  });
});

describe('BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS', { timeout: 120_000 }, () => {
  it('is off by default: live endpoints on private, loopback or link-local addresses are refused', async () => {
    const partner = await t.newPartner();
    for (const url of ['https://127.0.0.1/hooks', 'https://10.1.2.3/hooks', 'https://169.254.169.254/latest', 'https://[fe80::1]/hooks', 'http://[::1]/hooks']) {
      await expect(t.services.webhooks.setEndpoint(partner.partnerId, 'live', url), url).rejects.toMatchObject({ code: 'validation_error' });
    }
    const shown = await cli(['partner', 'show', '--partner', partner.partnerId]);
    expect(shown.out.liveWebhookPrivateUrlsAllowed).toBe(false);
  });

  it('set to true, allows them, and partner show warns', async () => {
    const partner = await t.newPartner();
    const env = { BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS: 'true' };
    const set = await cli(['webhook', 'set', '--partner', partner.partnerId, '--mode', 'live', '--url', 'http://127.0.0.1:9/hooks'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.out.url).toBe('http://127.0.0.1:9/hooks');
    const shown = await cli(['partner', 'show', '--partner', partner.partnerId], env);
    expect(shown.out.liveWebhookPrivateUrlsAllowed).toBe(true);
    const { stdout } = await run(process.execPath, [bin, 'partner', 'show', '--partner', partner.partnerId], { env: { ...process.env, DATABASE_URL: t.databaseUrl, ...env } });
    expect(stdout).toMatch(/WARNING: BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS=true/);
    expect(() => loadConfig({ BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS: 'yes' })).toThrow(/BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS must be true or false/);
  });
});
