/**
 * A bank answering 5xx, with a live key over real HTTP through the Prism gate (issue 13): the
 * download is retried with backoff (BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS=1), then the refresh
 * fails with ConnectionRefreshFailed and a clear errorDesc; the connection stays Active.
 * (Timeouts are mapped the same way: test/live/berlin-group-connector.int.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { PSU, useLiveWorld } from './live-world.ts';

const w = useLiveWorld();

describe('bank faults', () => {
  it('5xx at the bank is retried, then the refresh fails with a clear errorDesc', async () => {
    const id = await w.activeConnection();
    const before = w.bank.requests.length;
    w.bank.switches.failNext = 1000;
    const failed = await w.refresh(id, { psuIpAddress: PSU }, 'ConnectionRefreshFailed', 55_000);
    const accountCalls = w.bank.requests.slice(before).filter((r) => r.path.startsWith('/v1/accounts'));
    expect(accountCalls.length).toBeGreaterThan(1);
    expect(JSON.stringify(failed.data)).toMatch(/unavailable/i);
    expect((await w.connection(id)).body.state).toBe('Active');
  }, 60_000);
});
