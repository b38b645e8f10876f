/**
 * How a batch of webhook-delivery jobs runs (webhooks.service.ts `deliver`, called here directly,
 * with no worker, so nothing else sends): a job sends its connection's events one after another,
 * in order; one endpoint that does not answer holds back no other connection; a delivery claimed
 * by one job is left alone by the others and taken again by the same job when pg-boss retries it,
 * and taken over by a new job once pg-boss gave the claiming one up.
 * Every delivery is verified with the `standardwebhooks` package.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '../src/modules/webhooks/events.ts';
import { webhooksRepository } from '../src/modules/webhooks/webhooks.repository.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

let t: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ worker: false });
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
  await t.close();
});

/** A partner whose sandbox endpoint is a receiver of its own, and a connection of it with `types` recorded in order. */
async function connectionWithEvents(types: EventType[]) {
  const receiver = await new WebhookReceiver().start();
  receivers.push(receiver);
  const { partnerId } = await t.newPartner({ name: 'Runs' });
  const { secret } = await t.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
  const subject = { partnerId, mode: 'sandbox' as const, clientId: randomUUID(), connectionId: randomUUID() };
  for (const [order, type] of types.entries()) {
    await t.db.transaction().execute((tx) => t.services.events.record(tx, subject, type, { order }, t.clock.now()));
  }
  const deliveries = (await t.services.webhooks.deliveries(partnerId)).reverse();
  return { receiver, secret, partnerId, deliveries, job: { id: randomUUID(), data: { deliveryId: deliveries[0]!.deliveryId } } };
}

/** The id of the webhook-delivery job waiting to run (state created) for `deliveryId`. */
async function queuedJobOf(deliveryId: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM pgboss.job WHERE name = 'webhook-delivery' AND state = 'created' AND data->>'deliveryId' = ${deliveryId}`.execute(t.db);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

describe('a batch of webhook-delivery jobs', () => {
  it("sends each job's connection's events in order, and one silent endpoint holds back no other connection", async () => {
    const silent = await connectionWithEvents(['ConnectionCreateFailed']);
    const chatty = await connectionWithEvents(['AccountsFetchingProgress', 'TransactionsFetchingProgress', 'ConnectionCreateSuccess']);
    silent.receiver.hang = 1;

    const run = t.services.webhooks.deliver([silent.job, chatty.job]);
    // All three of the other connection arrive while the first endpoint still holds its request.
    await chatty.receiver.waitFor((r) => r.length === 3);
    expect(silent.receiver.received.map((r) => r.status)).toEqual([0]);
    expect(chatty.receiver.received.map((r) => r.json.data.order)).toEqual([0, 1, 2]);
    for (const r of chatty.receiver.received) expect(new Webhook(chatty.secret).verify(r.body, r.headers)).toEqual(r.json);
    await expect.poll(async () => (await t.services.webhooks.deliveries(chatty.partnerId)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);

    // The silent endpoint goes away: its attempt fails and is scheduled for a retry.
    await silent.receiver.stop();
    await run;
    const [failed] = await t.services.webhooks.deliveries(silent.partnerId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, nextAttemptAt: expect.any(String) });
  }, 30_000);

  it('leaves a delivery claimed by a live job to that job, which takes it again when retried', async () => {
    const { receiver, secret, partnerId, job } = await connectionWithEvents(['ConnectionConsentExpired']);
    // The job made when the event was recorded (no worker runs here) claims it, as if its worker
    // had claimed it and died before recording the attempt.
    const live = { id: await queuedJobOf(job.data.deliveryId), data: job.data };
    expect(await webhooksRepository(t.db).claim([{ jobId: live.id, deliveryId: job.data.deliveryId }], t.clock.now())).toHaveLength(1);

    await t.services.webhooks.deliver([job]);
    expect(receiver.received).toHaveLength(0);
    await t.services.webhooks.deliver([live]);
    expect(receiver.received).toHaveLength(1);
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toMatchObject({ type: 'ConnectionConsentExpired' });
    const [delivery] = await t.services.webhooks.deliveries(partnerId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('sends a delivery claimed by a job that failed for good from the job its dead letter starts', async () => {
    const { receiver, secret, job } = await connectionWithEvents(['ConnectionConsentRevoked', 'ConnectionConsentExpired']);
    const failed = await queuedJobOf(job.data.deliveryId);
    await webhooksRepository(t.db).claim([{ jobId: failed, deliveryId: job.data.deliveryId }], t.clock.now());
    // pg-boss gives the job up (all retries failed) and moves its payload to the dead letter queue.
    await sql`UPDATE pgboss.job SET state = 'failed' WHERE name = 'webhook-delivery' AND id = ${failed}`.execute(t.db);

    await t.services.webhooks.restart(job.data);
    const restarted = await queuedJobOf(job.data.deliveryId);
    expect(restarted).not.toBe(failed);
    await t.services.webhooks.deliver([{ id: restarted, data: job.data }]);
    expect(receiver.received.map((r) => r.json.type)).toEqual(['ConnectionConsentRevoked', 'ConnectionConsentExpired']);
    for (const r of receiver.received) expect(new Webhook(secret).verify(r.body, r.headers)).toEqual(r.json);
  });

  it('stops sending a connection once its run budget is spent and leaves the rest to a new job', async () => {
    // A quarter of a 1 s expiry: the first answer (300 ms) ends the run.
    const short = await startTestApp({ worker: false, env: { BANKDATA_WEBHOOK_EXPIRE_SECONDS: '1' } });
    try {
      const receiver = await new WebhookReceiver().start();
      receivers.push(receiver);
      receiver.delayMs = 300;
      const { partnerId } = await short.newPartner({ name: 'Budget' });
      await short.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
      const subject = { partnerId, mode: 'sandbox' as const, clientId: randomUUID(), connectionId: randomUUID() };
      for (const order of [0, 1, 2]) await short.db.transaction().execute((tx) => short.services.events.record(tx, subject, 'AccountsFetchingProgress', { order }, short.clock.now()));
      const [third, second, first] = await short.services.webhooks.deliveries(partnerId);

      await short.services.webhooks.deliver([{ id: randomUUID(), data: { deliveryId: first!.deliveryId } }]);
      expect(receiver.received.map((r) => r.json.data.order)).toEqual([0]);
      const queued = await sql<{ data: { deliveryId: string } }>`SELECT data FROM pgboss.job WHERE name = 'webhook-delivery' AND state = 'created'`.execute(short.db);
      expect(queued.rows.map((job) => job.data.deliveryId)).toContain(second!.deliveryId);
      expect(queued.rows.map((job) => job.data.deliveryId)).not.toContain(third!.deliveryId);
    } finally {
      await short.close();
    }
  });
});
