/**
 * A stopped worker process exits: on SIGTERM `bankdata worker` stops its job workers and exits
 * with code 0, also when more of them poll than the job queue has database connections (so some
 * poll is always waiting for a connection when the stop comes), and while it sends a
 * connection's run of webhooks (it finishes the attempt under way; the next worker sends the
 * rest, each once).
 */
import type { ChildProcess } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import { BankdataProcesses } from './helpers/processes.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

let processes: BankdataProcesses;
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp({ worker: false });
  processes = new BankdataProcesses(t, { BANKDATA_WEBHOOK_CONCURRENCY: '24' });
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  processes.killAll();
  await receiver.stop();
  await t.close();
});

/** Sends SIGTERM; resolves with the exit code, or null when the process still runs after `ms`. */
function stop(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

describe('bankdata worker on SIGTERM', () => {
  it('exits with code 0 within seconds, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const worker = await processes.worker();
      await new Promise((r) => setTimeout(r, 700 + 300 * round));
      expect(await stop(worker, 20_000), `round ${round}`).toBe(0);
    }
  });

  it('ends a run of webhooks after the attempt under way; the next worker sends the rest, each once and in order', async () => {
    const { partnerId, apiKey: key } = await t.newPartner({ name: 'Shutdown hooks' });
    const { secret } = await t.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
    const clientId = await t.newClient(key);
    const worker = await processes.worker();
    // 2 s an answer: the connection's run (7 events, one after another) would take ~14 s, longer
    // than the 10 s a stopping worker waits for its jobs.
    receiver.delayMs = 2_000;
    const connectionId = await connect(t, key, clientId);
    await receiver.waitFor((r) => r.length >= 1);
    const stoppedAt = Date.now();
    expect(await stop(worker, 20_000)).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    const left = (await t.services.webhooks.deliveries(partnerId)).filter((d) => d.status === 'pending');
    expect(left.length).toBeGreaterThan(0);

    receiver.delayMs = 0;
    await processes.worker();
    await expect.poll(async () => (await t.services.webhooks.deliveries(partnerId)).every((d) => d.status === 'delivered'), { timeout: 30_000 }).toBe(true);
    const deliveries = await t.services.webhooks.deliveries(partnerId);
    expect(deliveries.map((d) => d.attempts)).toEqual(deliveries.map(() => 1));
    const received = receiver.received.filter((r) => r.json.data.connectionId === connectionId);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(deliveries.map((d) => d.eventId).sort());
    for (const r of received) expect(new Webhook(secret).verify(r.body, r.headers)).toEqual(r.json);
    const times = received.map((r) => r.json.timestamp as string);
    expect(times).toEqual([...times].sort());
  }, 120_000);
});
