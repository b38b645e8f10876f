/**
 * Rate limits per API key (spec "Limits", "Errors" rate_limited; DESIGN.md §3, §5): 429 with
 * Retry-After and the IETF RateLimit / RateLimit-Policy headers, a limit per partner with a
 * default (set with `bankdata partner set --rate-limit`), and counters shared by every instance:
 * two real `bankdata serve` processes on one database agree on the limit (PostgreSQL counters,
 * and Redis ones when redis-server is installed) and on a key revoked through either. An
 * unreachable REDIS_URL stops the start with a clear message; Redis going away later lets
 * requests through uncounted until it is back.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { errorCode, startTestApp, TEST_SECRET_KEY, type Reply, type TestApp } from './helpers/app.ts';
import { BankdataProcesses } from './helpers/processes.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A redis-server of this test on its own port, so it can be stopped and started again. */
class RedisServer {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) and resolves once it accepts connections. */
  restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c;
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
    });
  }

  /** Kills the server (as a crash would) and waits for it to be gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

let t: TestApp;
let processes: BankdataProcesses;
let redis: RedisServer | null = null;

beforeAll(async () => {
  t = await startTestApp();
  processes = new BankdataProcesses(t);
  if (redisInstalled) redis = await RedisServer.start();
});
afterAll(async () => {
  processes.killAll();
  await redis?.stop();
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

  it.skipIf(!redisInstalled)('share the rate limit through Redis when REDIS_URL is set', async () => {
    const servers = [await processes.serve({ REDIS_URL: redis!.url }), await processes.serve({ REDIS_URL: redis!.url })];
    const p = await t.newPartner({ rateLimit: 4 });
    expectSharedLimit(await burst(servers, p.apiKey, 10), 4);
    const [key] = await t.services.partners.listKeys(p.partnerId);
    const pgCounters = await t.db.selectFrom('rateLimitCounters').select('count').where('keyId', '=', key!.keyId).execute();
    expect(pgCounters).toHaveLength(0);
  });
});

describe('Redis availability', () => {
  it('an unreachable REDIS_URL stops the start at once with a message naming it', async () => {
    const started = Date.now();
    const failure = await processes.serve({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/serve exited 1: .*REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ \(connect ECONNREFUSED/s);
    expect((failure as Error).message).not.toContain('Unhandled error event');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it.skipIf(!redisInstalled)('Redis going away later admits requests uncounted (no RateLimit headers) until it is back', async () => {
    const app = await startTestApp({ env: { REDIS_URL: redis!.url }, worker: false });
    try {
      const p = await app.newPartner({ rateLimit: 2 });
      const hit = async () => {
        const reply = await app.call('GET', '/v1/partner/config', { key: p.apiKey });
        return reply.status === 429 ? 'limited' : reply.headers.get('ratelimit') ? 'counted' : 'uncounted';
      };
      await windowStart();
      expect([await hit(), await hit(), await hit()]).toEqual(['counted', 'counted', 'limited']);

      await redis!.stop();
      const started = Date.now();
      expect([await hit(), await hit(), await hit()]).toEqual(['uncounted', 'uncounted', 'uncounted']);
      expect(Date.now() - started).toBeLessThan(3000);

      await redis!.restart();
      const until = Date.now() + 15_000;
      while ((await hit()) === 'uncounted' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await windowStart();
      expect([await hit(), await hit(), await hit()]).toEqual(['counted', 'counted', 'limited']);
    } finally {
      await app.close();
    }
  });
});

describe('bankdata partner set --rate-limit', () => {
  const cli = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'partner', 'set', ...args, '--json'], { env: { ...process.env, DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'warn' } });
    return JSON.parse(stdout);
  };

  it('sets a partner limit, and "default" restores the default', async () => {
    const p = await t.newPartner({ rateLimit: 5 });
    expect((await cli('--partner', p.partnerId, '--rate-limit', '7')).rateLimit).toBe(7);
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).headers.get('ratelimit-policy')).toBe('"default";q=7;w=1');
    expect((await cli('--partner', p.partnerId, '--rate-limit', 'default')).rateLimit).toBeNull();
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).headers.get('ratelimit-policy')).toBe('"default";q=100;w=1');
    const bad = await cli('--partner', p.partnerId, '--rate-limit', 'lots').catch((error) => error);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('expected a positive integer or "default"');
  });
});
