/**
 * Metering across crashes (issue 13 "usage counts exactly one per event across a worker kill
 * -9"): a live connection through the test bank behind the Prism gate; the `bankdata worker`
 * process running its download, and then its refresh, is killed with SIGKILL half-way; the next
 * worker finishes the job, and the usage report counts exactly one activation and one refresh.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XS2A_DEFAULTS } from '../../src/banks/berlin-group/config.ts';
import { startTestApp, waitFor, type TestApp } from '../helpers/app.ts';
import { settle } from '../helpers/journey.ts';
import { BankdataProcesses } from '../helpers/processes.ts';
import { PrismGate } from './prism-gate.ts';
import { TestBank } from './test-bank.ts';

const env = { BANKDATA_DOWNLOAD_EXPIRE_SECONDS: '6', BANKDATA_JOB_MAINTENANCE_SECONDS: '1', BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS: '1' };
const bank = new TestBank({ pageSize: 5, bookedCount: 25 });
let gate: PrismGate;
let t: TestApp;
let processes: BankdataProcesses;

beforeAll(async () => {
  gate = new PrismGate(await bank.start());
  await gate.start();
  t = await startTestApp({ worker: false, env });
  processes = new BankdataProcesses(t, env);
  await t.services.providers.importLive([
    { code: 'cz_testbank', name: 'Test Bank', countryCode: 'CZ', bicCodes: [], timeZone: 'Europe/Prague', status: 'Active', logoUrl: null, connector: 'berlin-group', xs2a: { ...XS2A_DEFAULTS, baseUrl: gate.url } },
  ]);
}, 120_000);

afterAll(async () => {
  processes?.killAll();
  await t?.close();
  await gate?.stop();
  await bank.stop();
});

const eventOf = (connectionId: string, type: string, data?: Record<string, unknown>) => {
  let query = t.db.selectFrom('events').select('id').where('connectionId', '=', connectionId).where('type', '=', type);
  if (data) query = query.where('payload', '@>', JSON.stringify({ data }) as never);
  return query.execute();
};

async function kill(worker: ChildProcess): Promise<void> {
  worker.kill('SIGKILL');
  await new Promise((r) => worker.once('exit', r));
}

describe('metering across a worker killed with SIGKILL', () => {
  it('counts exactly one activation and one refresh', async () => {
    const partner = await t.newPartner({ name: 'Metered Partner' });
    const key = await t.newKey(partner.partnerId, 'live');
    const clientId = await t.newClient(key);
    const providerId = (await t.call('GET', '/v1/providers', { key })).body.data[0].id;
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'https://app.example/done', providerId, psuIpAddress: '203.0.113.7' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const connectionId = created.body.connectionId;

    // The user approves at the bank's SCA page and comes back through our callback.
    const sca = await fetch(`${created.body.redirectUrl}?approve=1`, { redirect: 'manual' });
    expect(sca.status).toBe(302);
    const back = await fetch(sca.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get('location')!).searchParams.get('resultCode')).toBe('Ok');

    // Slow pages: the first worker dies in the middle of the download.
    bank.switches.slowMs = 700;
    const first = await processes.worker();
    await waitFor(async () => (await eventOf(connectionId, 'TransactionsFetchingProgress', { stage: 'Started' }))[0], 60_000);
    await kill(first);
    const second = await processes.worker();
    expect(await settle(t, key, clientId, connectionId, 90_000)).toBe('Active');
    expect(await eventOf(connectionId, 'ConnectionCreateSuccess')).toHaveLength(1);

    // A background refresh, its worker killed half-way too.
    const startedBefore = (await eventOf(connectionId, 'TransactionsFetchingProgress', { stage: 'Started' })).length;
    const refresh = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(202);
    await waitFor(async () => (await eventOf(connectionId, 'TransactionsFetchingProgress', { stage: 'Started' }))[startedBefore], 60_000);
    await kill(second);
    await processes.worker();
    await waitFor(async () => (await eventOf(connectionId, 'ConnectionRefreshSuccess'))[0], 90_000);
    bank.switches.slowMs = 0;

    const usage = await t.call('GET', '/v1/partner/usage', { key });
    expect(usage.body.totals).toEqual({ activation: 1, refresh: 1, reconnect: 0 });
    const rows = await t.db.selectFrom('usageEvents').select(['kind', 'connectionId', 'clientId', 'partnerId']).execute();
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'activation', connectionId, clientId, partnerId: partner.partnerId },
      { kind: 'refresh', connectionId, clientId, partnerId: partner.partnerId },
    ]);
    // A sandbox connection of the same partner is never metered (the sandbox key sees zeros).
    expect((await t.call('GET', '/v1/partner/usage', { key: partner.apiKey })).body.totals).toEqual({ activation: 0, refresh: 0, reconnect: 0 });
    expect(gate.violations(), 'Prism contract violations').toEqual([]);
  }, 240_000);
});
