/**
 * A worker killed mid-delivery loses no event: the receiver holds the first request open, the
 * worker process is killed (SIGKILL), a new worker starts, and the event still arrives with the
 * same webhook-id, verified with the `standardwebhooks` package.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { BankdataProcesses } from './helpers/processes.ts';
import { providerId, providerIds } from './helpers/journey.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

const env = { BANKDATA_WEBHOOK_EXPIRE_SECONDS: '3', BANKDATA_JOB_MAINTENANCE_SECONDS: '1' };
let processes: BankdataProcesses;
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp({ worker: false, env });
  processes = new BankdataProcesses(t, env);
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  processes.killAll();
  await receiver.stop();
  await t.close();
});

describe('worker killed mid-delivery', () => {
  it('still delivers the event, with the same webhook-id', async () => {
    const { partnerId, apiKey: key } = await t.newPartner({ name: 'Fault hooks' });
    const { secret } = await t.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
    const clientId = await t.newClient(key);
    const first = await processes.worker();
    receiver.hang = 1;
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    await t.call('POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Error' } });
    await receiver.waitFor((r) => r.length === 1);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    await processes.worker();
    const [held, delivered] = await receiver.waitFor((r) => r.some((x) => x.status === 200), 60_000);
    expect(delivered!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(new Webhook(secret).verify(delivered!.body, delivered!.headers)).toMatchObject({ type: 'ConnectionCreateFailed' });
    await expect.poll(async () => (await t.services.webhooks.deliveries(partnerId))[0]!.status, { timeout: 10_000 }).toBe('delivered');
  }, 120_000);
});
