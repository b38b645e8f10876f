/**
 * Live refreshes and the consent at the bank, with a live key over real HTTP through the Prism gate
 * (issue 13): pending -> booked keeps our transaction id (with the bank's entryReference and
 * without any bank id), four background refreshes a day then refresh_quota_exceeded until the
 * provider's next local midnight, and revoke sending DELETE. (Consent expiry and revocation at the
 * bank, and the bank's own ACCESS_EXCEEDED: test/live/service-rules.int.test.ts.)
 */
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { errorCode } from '../helpers/app.ts';
import { PSU, useLiveWorld } from './live-world.ts';

const w = useLiveWorld();
const MINUTE = 60_000;

describe('refresh', () => {
  it('a pending payment that books keeps its transaction id (bank entryReference), and one that vanishes is removed', async () => {
    const id = await w.activeConnection();
    const before = await w.transactionsOf(id);
    const coffee = before.find((x) => x.counterParty === 'Kavárna Slavia');
    expect(coffee.recordState).toBe('Uncleared');
    w.bank.dropPending('E-PEND-2');
    w.bank.bookPending();
    await w.refresh(id, { psuIpAddress: PSU });
    const after = await w.transactionsOf(id);
    expect(after.find((x) => x.id === coffee.id)).toMatchObject({ recordState: 'Cleared', amount: -42.9 });
    expect(after.find((x) => x.counterParty === 'Potraviny')).toBeUndefined();
    expect(after).toHaveLength(before.length - 1);
  });

  it('without bank ids, the booked payment still keeps the id of the pending one (service matching)', async () => {
    w.bank.reset({ idMode: 'none' });
    const id = await w.activeConnection();
    const coffee = (await w.transactionsOf(id)).find((x) => x.counterParty === 'Kavárna Slavia');
    w.bank.bookPending();
    await w.refresh(id, { psuIpAddress: PSU });
    const after = await w.transactionsOf(id);
    expect(after.filter((x) => x.counterParty === 'Kavárna Slavia')).toEqual([expect.objectContaining({ id: coffee.id, recordState: 'Cleared' })]);
    expect(after).toHaveLength(28);
  });

  it('4 background refreshes a day, then refresh_quota_exceeded until the next midnight in Prague; background calls carry no PSU-IP-Address', async () => {
    // Start at 08:00 in Prague so the five refreshes stay within one local day.
    const now = new TZDate(w.t.clock.now().getTime(), 'Europe/Prague');
    const eight = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0, 'Europe/Prague');
    w.t.clock.advance(eight.getTime() - w.t.clock.now().getTime());
    w.syncBankClock();
    const id = await w.activeConnection();
    for (let i = 0; i < 4; i++) {
      w.t.clock.advance(11 * MINUTE);
      w.syncBankClock();
      await w.refresh(id);
    }
    const background = w.bank.requests.filter((r) => r.path.startsWith('/v1/accounts') && !r.headers['psu-ip-address']);
    expect(background.length).toBeGreaterThan(0);
    w.t.clock.advance(11 * MINUTE);
    const refused = await w.call('POST', `/v1/connections/${id}/refresh`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(errorCode(refused)).toBe('refresh_quota_exceeded');
    const midnight = new TZDate(eight.getFullYear(), eight.getMonth(), eight.getDate() + 1, 0, 0, 'Europe/Prague');
    expect(refused.body.error.nextRefreshPossibleAt).toBe(new Date(midnight.getTime()).toISOString());
    // The user present: not counted, not refused.
    await w.refresh(id, { psuIpAddress: PSU });
  });

});

describe('revoke', () => {
  it('revoke sends DELETE /v1/consents/{id}', async () => {
    const id = await w.activeConnection();
    const consentId = [...w.bank.consents.values()].at(-1)!.consentId;
    const revoked = await w.call('POST', `/v1/connections/${id}/revoke`);
    expect(revoked.status).toBe(200);
    await w.receiver.waitFor(() => w.bank.requests.some((r) => r.method === 'DELETE'));
    expect(w.bank.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v1/consents/${consentId}`]);
    expect(w.bank.consents.get(consentId)!.status).toBe('terminatedByTpp');
  });
});
