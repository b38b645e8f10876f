/**
 * Concurrent delete, revoke and refresh of the same client or connection (issue 14, item 3):
 * the winner answers as usual, the losers 404 not_found or the idempotent answer, never a 5xx
 * (before: foreign-key violations on sandbox_consents, and "Cannot read properties of undefined
 * (reading 'state')" when revoke or refresh locked a connection deleted meanwhile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type Reply, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  key = (await t.newPartner({ name: 'Race Partner' })).apiKey;
});
afterAll(async () => {
  await t.close();
});

/** Asserts no 5xx, every error in the envelope; returns the statuses. */
function statuses(replies: Reply[]): number[] {
  for (const reply of replies) {
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    if (reply.status >= 400) errorCode(reply);
  }
  return replies.map((r) => r.status);
}

async function activeConnection(clientId: string): Promise<string> {
  const connectionId = await connect(t, key, clientId);
  expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Active');
  return connectionId;
}

describe('races', () => {
  it('6 parallel DELETE of a client with Active connections: one 204, the rest 404, no 5xx (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const clientId = await t.newClient(key);
      await Promise.all([activeConnection(clientId), activeConnection(clientId)]);
      const replies = await Promise.all(Array.from({ length: 6 }, () => t.call('DELETE', `/v1/clients/${clientId}`, { key, clientId })));
      const got = statuses(replies);
      expect(got.filter((s) => s === 204)).toHaveLength(1);
      expect(got.filter((s) => s !== 204).every((s) => s === 404)).toBe(true);
      expect(replies.filter((r) => r.status === 404).every((r) => errorCode(r) === 'not_found')).toBe(true);
    }
  });

  it('revoke racing delete of a connection: delete 204 once, revoke 200 or 404, no 5xx', async () => {
    const clientId = await t.newClient(key);
    for (let round = 0; round < 4; round++) {
      const connectionId = await activeConnection(clientId);
      const path = `/v1/connections/${connectionId}`;
      const replies = await Promise.all([
        t.call('POST', `${path}/revoke`, { key, clientId }),
        t.call('DELETE', path, { key, clientId }),
        t.call('POST', `${path}/revoke`, { key, clientId }),
        t.call('DELETE', path, { key, clientId }),
      ]);
      const [revokeA, deleteA, revokeB, deleteB] = statuses(replies);
      expect([deleteA, deleteB].sort()).toEqual([204, 404]);
      expect([200, 404]).toContain(revokeA);
      expect([200, 404]).toContain(revokeB);
      expect((await t.call('GET', path, { key, clientId })).status).toBe(404);
    }
  });

  it('delete racing delete of a connection: one 204, the others 404', async () => {
    const clientId = await t.newClient(key);
    for (let round = 0; round < 3; round++) {
      const connectionId = await activeConnection(clientId);
      const replies = await Promise.all(Array.from({ length: 4 }, () => t.call('DELETE', `/v1/connections/${connectionId}`, { key, clientId })));
      expect(statuses(replies).sort()).toEqual([204, 404, 404, 404]);
    }
  });

  it('refresh racing delete of a connection: refresh 202 or 404, delete 204, no 5xx', async () => {
    const clientId = await t.newClient(key);
    for (let round = 0; round < 4; round++) {
      const connectionId = await activeConnection(clientId);
      const path = `/v1/connections/${connectionId}`;
      const replies = await Promise.all([t.call('POST', `${path}/refresh`, { key, clientId }), t.call('DELETE', path, { key, clientId }), t.call('POST', `${path}/refresh`, { key, clientId })]);
      const [refreshA, deleted, refreshB] = statuses(replies);
      expect(deleted).toBe(204);
      // A refresh that finds the other one running answers refresh_in_progress (400).
      for (const status of [refreshA, refreshB]) expect([202, 400, 404]).toContain(status);
    }
  });
});
