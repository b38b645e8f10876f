/**
 * Rate limits per API key (spec "Limits", "Errors" rate_limited; DESIGN.md §3, §5): 429 with
 * Retry-After and the IETF RateLimit / RateLimit-Policy headers, a limit per partner with a
 * default, and counters shared by every instance: two real `bankdata serve` processes on one
 * database agree on the limit (PostgreSQL counters, and Redis ones when a Redis server is
 * reachable) and on a key revoked through either.
 */
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type Reply, type TestApp } from './helpers/app.ts';
import { BankdataProcesses } from './helpers/processes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = tcpConnect(Number(url.port || 6379), url.hostname);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

let t: TestApp;
let processes: BankdataProcesses;

beforeAll(async () => {
  t = await startTestApp();
  processes = new BankdataProcesses(t);
});
afterAll(async () => {
  processes.killAll();
  await t.close();
});

async function get(baseUrl: string, apiKey: string): Promise<Reply> {
  const response = await fetch(`${baseUrl}/v1/partner/config`, { headers: { 'x-api-key': apiKey } });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Waits until a fresh one-second window has just begun (so a burst stays inside one window). */
async function windowStart(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
}

/**
 * Fires `n` requests at once, spread over `servers`, inside one rate-limit window; retried when
 * the burst straddled a window boundary on a busy machine.
 */
async function burst(servers: string[], apiKey: string, n: number): Promise<Reply[]> {
  for (let attempt = 0; ; attempt++) {
    await windowStart();
    const startedIn = Math.floor(Date.now() / 1000);
    const replies = await Promise.all(Array.from({ length: n }, (_, i) => get(servers[i % servers.length]!, apiKey)));
    if (Math.floor(Date.now() / 1000) === startedIn || attempt === 4) return replies;
  }
}

const remaining = (r: Reply) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')![1]);

function expectSharedLimit(replies: Reply[], limit: number): void {
  const ok = replies.filter((r) => r.status === 200);
  const limited = replies.filter((r) => r.status === 429);
  expect(ok).toHaveLength(limit);
  expect(limited).toHaveLength(replies.length - limit);
  // One counter: every admitted request saw a different remaining budget.
  expect(ok.map(remaining).sort()).toEqual(Array.from({ length: limit }, (_, i) => i));
  for (const r of limited) {
    expect(errorCode(r)).toBe('rate_limited');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
}

describe('rate limits in one process', () => {
  it('429 rate_limited with Retry-After and the RateLimit headers once the per-partner limit is used', async () => {
    const p = await t.newPartner({ rateLimit: 3 });
    await windowStart();
    const replies: Reply[] = [];
    for (let i = 0; i < 5; i++) replies.push(await t.call('GET', '/v1/partner/config', { key: p.apiKey }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    for (const r of replies) expect(r.headers.get('ratelimit-policy')).toBe('"default";q=3;w=1');
    expect(replies.slice(0, 3).map((r) => r.headers.get('ratelimit'))).toEqual(['"default";r=2;t=1', '"default";r=1;t=1', '"default";r=0;t=1']);
    const limited = replies[3]!;
    expect(errorCode(limited)).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe('"default";r=0;t=1');

    // The next window admits requests again.
    await windowStart();
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).status).toBe(200);
  });

  it('limits are per API key; a partner without its own limit gets the default of 100 per second', async () => {
    const p = await t.newPartner({ rateLimit: 1 });
    const second = await t.newKey(p.partnerId, 'sandbox');
    await windowStart();
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).status).toBe(200);
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).status).toBe(429);
    expect((await t.call('GET', '/v1/partner/config', { key: second })).status).toBe(200);

    const byDefault = await t.newPartner({ rateLimit: null });
    const reply = await t.call('GET', '/v1/partner/config', { key: byDefault.apiKey });
    expect(reply.headers.get('ratelimit-policy')).toBe('"default";q=100;w=1');
  });

  it('requests without a valid key carry no rate-limit headers and are 401', async () => {
    const reply = await t.call('GET', '/v1/partner/config', { key: 'svc_test_nope' });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('ratelimit')).toBeNull();
  });
});

describe('two serve processes on one database', () => {
  it('share the rate limit (PostgreSQL counters) and see a key revocation at once', async () => {
    const servers = [await processes.serve(), await processes.serve()];
    const p = await t.newPartner({ rateLimit: 5 });
    expectSharedLimit(await burst(servers, p.apiKey, 12), 5);

    const [key] = await t.services.partners.listKeys(p.partnerId);
    await windowStart();
    for (const s of servers) expect((await get(s, p.apiKey)).status).toBe(200);
    await t.services.partners.revokeKey(key!.keyId);
    for (const s of servers) {
      const reply = await get(s, p.apiKey);
      expect(reply.status).toBe(401);
      expect(errorCode(reply)).toBe('unauthorized');
    }
  });

  it.skipIf(!redisUp)('share the rate limit through Redis when REDIS_URL is set', async () => {
    const servers = [await processes.serve({ REDIS_URL }), await processes.serve({ REDIS_URL })];
    const p = await t.newPartner({ rateLimit: 4 });
    expectSharedLimit(await burst(servers, p.apiKey, 10), 4);
    const [key] = await t.services.partners.listKeys(p.partnerId);
    const pgCounters = await t.db.selectFrom('rateLimitCounters').select('count').where('keyId', '=', key!.keyId).execute();
    expect(pgCounters).toHaveLength(0);
  });
});
