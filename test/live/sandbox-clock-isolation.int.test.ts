/**
 * The sandbox clock never touches live data (issue 17, docs/sandbox.md "Sandbox clock"): a
 * partner moves its sandbox clock far past the consent expiry of its own live connection (Active,
 * consent at the test bank behind the Prism gate, one manual refresh done). Its sandbox connection
 * expires, as the control that the clock moved; the live connection keeps its state, consent
 * expiry and refresh cooldown, records no event and gets no webhook.
 */
import { describe, expect, it } from 'vitest';
import { errorCode } from '../helpers/app.ts';
import { connect, until } from '../helpers/journey.ts';
import { useLiveWorld } from './live-world.ts';

const world = useLiveWorld();

/** The types of every event recorded for `connectionId` (delivered or not). */
const recorded = async (connectionId: string) => (await world.t.db.selectFrom('events').select('type').where('connectionId', '=', connectionId).orderBy('createdAt').execute()).map((e) => e.type);

describe('sandbox clock and live data', () => {
  it("advancing the partner's sandbox clock past the consent expiry leaves its live connection, consent, refresh cooldown and webhooks untouched", async () => {
    const { t, partner } = world;
    const live = await world.activeConnection();
    await world.refresh(live);
    const before = (await world.connection(live)).body;
    expect(before).toMatchObject({ state: 'Active', consentExpiresAt: expect.any(String) });
    const cooldown = await world.call('POST', `/v1/connections/${live}/refresh`);
    expect(errorCode(cooldown)).toBe('refresh_cooldown');
    const hooksBefore = world.hooks(live).length;
    const eventsBefore = await recorded(live);

    // The same partner's sandbox: a connection, then its clock moved 200 days (past both consents).
    const sandboxKey = await t.newKey(partner.partnerId, 'sandbox');
    const sandboxClient = await t.newClient(sandboxKey);
    const sandbox = await connect(t, sandboxKey, sandboxClient);
    const advanced = await t.call('POST', '/v1/sandbox/clock', { key: sandboxKey, body: { advance: 'P200D' } });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect(Date.parse(advanced.body.now)).toBeGreaterThan(Date.parse(before.consentExpiresAt));
    await t.worker!.sweeper.fireDue();
    const expired = await until(
      async () => (await t.call('GET', `/v1/connections/${sandbox}`, { key: sandboxKey, clientId: sandboxClient })).body,
      (c) => c.state === 'Inactive',
    );
    expect(expired).toMatchObject({ state: 'Inactive', errorDesc: 'Consent expired' });
    await t.worker!.sweeper.fireDue();
    await new Promise((resolve) => setTimeout(resolve, 500));

    // The live connection: the same resource, the same refresh cooldown, no new event or webhook.
    expect((await world.connection(live)).body).toEqual(before);
    const again = await world.call('POST', `/v1/connections/${live}/refresh`);
    expect(errorCode(again)).toBe('refresh_cooldown');
    expect(again.body.error.nextRefreshPossibleAt).toBe(cooldown.body.error.nextRefreshPossibleAt);
    expect(await recorded(live)).toEqual(eventsBefore);
    expect(world.hooks(live)).toHaveLength(hooksBefore);
    // Its data is still served (the consent at the bank is still valid).
    expect((await world.transactionsOf(live)).length).toBeGreaterThan(0);
  });
});
