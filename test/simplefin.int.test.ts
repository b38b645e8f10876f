/**
 * The SimpleFIN bridge's protocol rules (issue 21; docs/simplefin.md) over real HTTP: setup
 * tokens (24 h, one claim each), the access URL and its 403s, the Account Set and its filters
 * (start-date, end-date, pending, account, balances-only), an Inactive connection reported in
 * `errors`, tenant isolation between clients and partners, rate limits, request ids, no bank
 * call on a read, and the `bankdata simplefin` CLI.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import { freePort } from '../src/db/embedded.ts';

const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Tenant {
  apiKey: string;
  partnerId: string;
  clientId: string;
  connectionId: string;
}

async function tenant(username = 'user_ok', partnerInput: Parameters<TestApp['newPartner']>[0] = {}): Promise<Tenant> {
  const p = await t.newPartner(partnerInput);
  const clientId = await t.newClient(p.apiKey);
  const connectionId = await connect(t, p.apiKey, clientId, username);
  return { ...p, clientId, connectionId };
}

async function mint(x: Pick<Tenant, 'apiKey' | 'clientId'>) {
  const reply = await t.call('POST', `/v1/clients/${x.clientId}/simplefin/setup-tokens`, { key: x.apiKey, clientId: x.clientId });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { setupToken: string; expiresAt: string };
}

const claimUrlOf = (setupToken: string) => Buffer.from(setupToken, 'base64').toString('utf8');

async function claim(claimUrl: string) {
  const response = await fetch(claimUrl, { method: 'POST', headers: { 'content-length': '0' } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** An access URL for the tenant's client. */
async function accessFor(x: Pick<Tenant, 'apiKey' | 'clientId'>): Promise<string> {
  const claimed = await claim(claimUrlOf((await mint(x)).setupToken));
  expect(claimed.status).toBe(200);
  return claimed.text;
}

/** GET {access}/{path} with the URL's credentials as HTTP Basic auth, as SimpleFIN apps do. */
async function read(accessUrl: string, path: string, query = '', authorization?: string) {
  const url = new URL(accessUrl);
  const basic = authorization ?? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  const response = await fetch(`${url.toString()}/${path}${query}`, { headers: { authorization: basic } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined };
}

async function apiAccounts(x: Tenant) {
  return (await t.call('GET', `/v1/connections/${x.connectionId}/accounts`, { key: x.apiKey, clientId: x.clientId })).body as { id: string; balance: number; currencyCode: string; name: string }[];
}

async function apiTransactions(x: Tenant, accountId: string) {
  return (await t.call('GET', `/v1/accounts/${accountId}/transactions?limit=500`, { key: x.apiKey, clientId: x.clientId })).body.data as {
    id: string;
    amount: number;
    recordState: string;
    recordDate: string;
    note: string;
    counterParty: string;
    enrichment?: { merchant: { name: string } | null };
  }[];
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

// First: the CLI runs on the real clock, which the tests below move forward.
describe('bankdata simplefin (CLI)', () => {
  it('mints a setup token, lists and revokes the access', { timeout: 120_000 }, async () => {
    const a = await tenant();
    const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
    const run = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [bin, 'simplefin', ...args, '--partner', a.partnerId, '--client', a.clientId, '--json'], {
        env: { ...process.env, DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, BANKDATA_BASE_URL: t.baseUrl, LOG_LEVEL: 'silent' },
      });
      return JSON.parse(stdout);
    };
    const minted = await run('token');
    expect(minted).toEqual({ setupToken: expect.any(String), expiresAt: expect.any(String) });
    const claimed = await claim(claimUrlOf(minted.setupToken));
    expect(claimed.status).toBe(200);
    expect((await read(claimed.text, 'accounts')).json.accounts.length).toBeGreaterThan(0);
    const [listed] = await run('access', 'list');
    expect(listed).toEqual({ id: expect.any(String), createdAt: expect.any(String), revokedAt: null });
    const [revoked] = await run('access', 'revoke', '--access', listed.id);
    expect(revoked.revokedAt).toEqual(expect.any(String));
    expect((await read(claimed.text, 'accounts')).status).toBe(403);
  });
});

describe('logs', () => {
  it('never carry the claim token or the access credentials', { timeout: 120_000 }, async () => {
    const a = await tenant();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, 'serve'], { env: { ...process.env, DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, BANKDATA_BASE_URL: base, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c));
    child.stderr!.on('data', (c: Buffer) => (output += c));
    try {
      for (let i = 0; i < 1200 && !output.includes('Stop with Ctrl+C'); i++) await new Promise((r) => setTimeout(r, 100));
      const minted = await fetch(`${base}/v1/clients/${a.clientId}/simplefin/setup-tokens`, { method: 'POST', headers: { 'x-api-key': a.apiKey, 'x-client-id': a.clientId } });
      const claimUrl = claimUrlOf(((await minted.json()) as { setupToken: string }).setupToken);
      const access = (await claim(claimUrl)).text;
      expect((await read(access, 'accounts', '?pending=1')).status).toBe(200);
      const url = new URL(access);
      expect((await read(access, 'accounts', '', `Basic ${Buffer.from(`${url.username}:wrong-password`).toString('base64')}`)).status).toBe(403);
      await new Promise((r) => setTimeout(r, 300));
      // Request lines name the route pattern (never the URL with its token); error logs mask it.
      expect(output).toMatch(/\/simplefin\/claim\/(:|\*)/);
      expect(output).toContain('/simplefin/accounts');
      const secrets = [claimUrl.split('/').pop()!, url.username, url.password, basicOf(access).slice(6), 'wrong-password', a.apiKey];
      for (const secret of secrets) expect(output).not.toContain(secret);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('setup tokens and the claim', () => {
  let a: Tenant;
  beforeAll(async () => {
    a = await tenant();
  });

  it('mints a base64 claim URL on the service, valid 24 hours, claimable once', async () => {
    const before = t.clock.now().getTime();
    const { setupToken, expiresAt } = await mint(a);
    const claimUrl = claimUrlOf(setupToken);
    expect(claimUrl).toMatch(new RegExp(`^${t.services.config.baseUrl}/simplefin/claim/[A-Za-z0-9_-]{43}$`));
    expect(new Date(expiresAt).getTime() - before).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(new Date(expiresAt).getTime() - before).toBeLessThanOrEqual(24 * HOUR + 5000);

    const first = await claim(claimUrl);
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^text\/plain/);
    const access = new URL(first.text);
    expect(`${access.protocol}//${access.host}${access.pathname}`).toBe(`${t.services.config.baseUrl}/simplefin`);
    expect(access.username).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(access.password).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const second = await claim(claimUrl);
    expect(second).toEqual({ status: 403, type: 'text/plain; charset=utf-8', text: 'Forbidden' });
    // Only hashes are stored: neither the claim secret nor the credentials appear in the database.
    const stored = JSON.stringify(await t.db.selectFrom('simplefinAccesses').selectAll().execute()) + JSON.stringify(await t.db.selectFrom('simplefinSetupTokens').selectAll().execute());
    expect(stored).not.toContain(access.password);
    expect(stored).not.toContain(claimUrl.split('/').pop());
  });

  it('lets exactly one of concurrent claims win', async () => {
    const claimUrl = claimUrlOf((await mint(a)).setupToken);
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(claimUrl)));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
  });

  it('refuses an expired or unknown claim with 403 Forbidden', async () => {
    const { setupToken } = await mint(a);
    t.clock.advance(24 * HOUR + 1000);
    expect((await claim(claimUrlOf(setupToken))).status).toBe(403);
    expect(await claim(`${t.baseUrl}/simplefin/claim/nonsense`)).toMatchObject({ status: 403, text: 'Forbidden' });
  });

  it('checks the key, X-Client-Id and the client owner', async () => {
    const other = await t.newPartner();
    const otherClient = await t.newClient(other.apiKey);
    const path = `/v1/clients/${a.clientId}/simplefin/setup-tokens`;
    expect(errorCode(await t.call('POST', path, { clientId: a.clientId }))).toBe('unauthorized');
    expect(errorCode(await t.call('POST', path, { key: a.apiKey, clientId: otherClient }))).toBe('validation_error');
    expect(errorCode(await t.call('POST', path, { key: a.apiKey }))).toBe('validation_error');
    expect(errorCode(await t.call('POST', path, { key: other.apiKey, clientId: a.clientId }))).toBe('not_found');
    // The live key of the same partner does not see the sandbox client.
    const live = await t.newKey(a.partnerId, 'live');
    expect(errorCode(await t.call('POST', path, { key: live, clientId: a.clientId }))).toBe('not_found');
  });

  it('answers the protocol info', async () => {
    const info = await fetch(`${t.baseUrl}/simplefin/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ versions: ['1.0'] });
  });
});

describe('the Account Set', () => {
  let a: Tenant;
  let access: string;
  beforeAll(async () => {
    a = await tenant();
    access = await accessFor(a);
  });

  it("serves the client's subscribed accounts with balances as decimal strings and its transactions", async () => {
    const accounts = await apiAccounts(a);
    const set = await read(access, 'accounts', '?pending=1');
    expect(set.status).toBe(200);
    expect(set.headers.get('x-request-id')).toBeTruthy();
    expect(set.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=1$/);
    expect(set.json.errors).toEqual([]);
    expect(set.json.accounts.map((x: any) => x.id).sort()).toEqual(accounts.map((x) => x.id).sort());
    const provider = await t.db.selectFrom('connections').innerJoin('providers', 'providers.id', 'connections.providerId').select('providers.name').where('connections.id', '=', a.connectionId).executeTakeFirstOrThrow();
    for (const account of set.json.accounts) {
      const ours = accounts.find((x) => x.id === account.id)!;
      expect(account).toMatchObject({ name: ours.name, currency: ours.currencyCode, balance: ours.balance.toFixed(2), 'available-balance': ours.balance.toFixed(2) });
      expect(account.org).toEqual({ domain: 'localhost', name: provider.name, 'sfin-url': `${t.services.config.baseUrl}/simplefin`, id: expect.any(String) });
      expect(Math.abs(account['balance-date'] - t.clock.now().getTime() / 1000)).toBeLessThan(600);
      const transactions = await apiTransactions(a, account.id);
      expect(account.transactions).toHaveLength(transactions.length);
      for (const tx of account.transactions) {
        const ourTx = transactions.find((x) => x.id === tx.id)!;
        const pending = ourTx.recordState === 'Uncleared';
        expect(tx).toMatchObject({
          amount: ourTx.amount.toFixed(2),
          description: ourTx.note,
          payee: ourTx.enrichment?.merchant?.name || ourTx.counterParty,
          pending,
          posted: pending ? 0 : seconds(ourTx.recordDate),
          transacted_at: seconds(ourTx.recordDate),
        });
        expect(tx.amount).toMatch(/^-?\d+\.\d{2}$/);
      }
    }
    const all = set.json.accounts.flatMap((x: any) => x.transactions);
    expect(all.some((x: any) => x.pending)).toBe(true);
    expect(all.some((x: any) => x.amount.startsWith('-'))).toBe(true);
    expect(all.some((x: any) => x.payee !== '' && all.some((y: any) => y.payee === x.payee))).toBe(true);
  });

  it('honours pending, start-date, end-date, account and balances-only', async () => {
    const everything = (await read(access, 'accounts', '?pending=1')).json.accounts;
    const txs = everything.flatMap((x: any) => x.transactions);
    const booked = (await read(access, 'accounts')).json.accounts.flatMap((x: any) => x.transactions);
    expect(booked.length).toBe(txs.filter((x: any) => !x.pending).length);
    expect(booked.every((x: any) => !x.pending && x.posted > 0)).toBe(true);

    const times = txs.map((x: any) => x.transacted_at).sort((x: number, y: number) => x - y);
    const start = times[Math.floor(times.length / 3)];
    const end = times[Math.floor((2 * times.length) / 3)];
    const window = (await read(access, 'accounts', `?pending=1&start-date=${start}&end-date=${end}`)).json.accounts.flatMap((x: any) => x.transactions);
    expect(window.length).toBe(txs.filter((x: any) => x.transacted_at >= start && x.transacted_at < end).length);
    expect(window.length).toBeGreaterThan(0);

    const [first, second] = everything;
    const one = (await read(access, 'accounts', `?pending=1&account=${first.id}`)).json.accounts;
    expect(one.map((x: any) => x.id)).toEqual([first.id]);
    expect(one[0].transactions).toEqual(first.transactions);
    if (second) {
      const two = (await read(access, 'accounts', `?account=${first.id}&account=${second.id}`)).json.accounts;
      expect(two.map((x: any) => x.id).sort()).toEqual([first.id, second.id].sort());
    }
    expect((await read(access, 'accounts', '?account=not-an-id')).json).toEqual({ errors: [], accounts: [] });

    const balances = (await read(access, 'accounts', '?balances-only=1&pending=1')).json.accounts;
    expect(balances.map((x: any) => [x.id, x.balance])).toEqual(everything.map((x: any) => [x.id, x.balance]));
    expect(balances.every((x: any) => x.transactions.length === 0)).toBe(true);

    expect(errorCode(await t.call('GET', '/simplefin/accounts?start-date=yesterday', { headers: { authorization: basicOf(access) } }))).toBe('validation_error');
  });

  it('leaves unsubscribed accounts out', async () => {
    const [account] = await apiAccounts(a);
    expect((await t.call('DELETE', `/v1/accounts/${account!.id}/subscribe`, { key: a.apiKey, clientId: a.clientId })).status).toBe(200);
    const ids = (await read(access, 'accounts')).json.accounts.map((x: any) => x.id);
    expect(ids).not.toContain(account!.id);
    expect((await t.call('PATCH', `/v1/accounts/${account!.id}/subscribe`, { key: a.apiKey, clientId: a.clientId })).status).toBe(200);
  });

  it('never calls the bank nor counts as a refresh', async () => {
    const before = await t.db.selectFrom('connections').select(['lastRefreshedAt', 'updatedAt']).where('id', '=', a.connectionId).executeTakeFirstOrThrow();
    const refreshes = await t.db.selectFrom('refreshes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const listings = await t.db.selectFrom('sandboxConsents').select('listings').where('connectionId', '=', a.connectionId).executeTakeFirst();
    for (let i = 0; i < 3; i++) expect((await read(access, 'accounts', '?pending=1')).status).toBe(200);
    expect(await t.db.selectFrom('connections').select(['lastRefreshedAt', 'updatedAt']).where('id', '=', a.connectionId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.db.selectFrom('refreshes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(refreshes);
    expect(await t.db.selectFrom('sandboxConsents').select('listings').where('connectionId', '=', a.connectionId).executeTakeFirst()).toEqual(listings);
  });

  it('reports an Inactive connection in errors and still serves its data', async () => {
    const b = await tenant();
    const bAccess = await accessFor(b);
    expect((await t.call('POST', `/v1/sandbox/connections/${b.connectionId}/expire-consent`, { key: b.apiKey, clientId: b.clientId })).status).toBe(200);
    const set = (await read(bAccess, 'accounts', '?pending=1')).json;
    expect(set.accounts.length).toBe((await apiAccounts(b)).length);
    const bank = set.accounts[0].org.name;
    expect(set.errors).toEqual([`Connection to ${bank} may need attention`, expect.stringMatching(new RegExp(`^${bank}: Consent expired\\. Balances and transactions are as of \\d{4}-\\d{2}-\\d{2}; reconnect the bank to resume updates\\.$`))]);
  });
});

/** The HTTP Basic header of an access URL. */
function basicOf(accessUrl: string): string {
  const url = new URL(accessUrl);
  return `Basic ${Buffer.from(`${url.username}:${url.password}`).toString('base64')}`;
}

describe('403s and revocation', () => {
  it('answers 403 Forbidden to missing or wrong credentials and to a revoked access', async () => {
    const a = await tenant();
    const access = await accessFor(a);
    const url = new URL(access);
    for (const authorization of ['', 'Bearer x', `Basic ${Buffer.from(`${url.username}:wrong`).toString('base64')}`, `Basic ${Buffer.from(`nobody:${url.password}`).toString('base64')}`]) {
      const reply = await read(access, 'accounts', '', authorization);
      expect({ status: reply.status, text: reply.text }).toEqual({ status: 403, text: 'Forbidden' });
      expect(reply.headers.get('x-request-id')).toBeTruthy();
    }
    expect((await read(access, 'accounts')).status).toBe(200);

    const second = await accessFor(a);
    const listed = await t.call('GET', `/v1/clients/${a.clientId}/simplefin/access`, { key: a.apiKey, clientId: a.clientId });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body.every((x: any) => x.revokedAt === null)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(url.password);

    const one = await t.call('DELETE', `/v1/clients/${a.clientId}/simplefin/access/${listed.body[0].id}`, { key: a.apiKey, clientId: a.clientId });
    expect(one.status).toBe(200);
    expect(one.body[0].revokedAt).toEqual(expect.any(String));
    expect((await read(access, 'accounts')).status).toBe(403);
    expect((await read(second, 'accounts')).status).toBe(200);

    const unclaimed = await mint(a);
    const all = await t.call('DELETE', `/v1/clients/${a.clientId}/simplefin/access`, { key: a.apiKey, clientId: a.clientId });
    expect(all.status).toBe(200);
    expect(all.body.every((x: any) => x.revokedAt !== null)).toBe(true);
    expect((await read(second, 'accounts')).text).toBe('Forbidden');
    expect((await claim(claimUrlOf(unclaimed.setupToken))).status).toBe(403);

    const other = await t.newPartner();
    expect(errorCode(await t.call('DELETE', `/v1/clients/${a.clientId}/simplefin/access/${listed.body[1].id}`, { key: other.apiKey, clientId: a.clientId }))).toBe('not_found');
  });

  it('ends access with the client', async () => {
    const a = await tenant();
    const access = await accessFor(a);
    expect((await t.call('DELETE', `/v1/clients/${a.clientId}`, { key: a.apiKey, clientId: a.clientId })).status).toBe(204);
    expect((await read(access, 'accounts')).status).toBe(403);
  });

  it('rate-limits an access as an API key is', async () => {
    const a = await tenant();
    const access = await accessFor(a);
    await t.services.partners.set(a.partnerId, { rateLimit: 2 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => read(access, 'accounts', '?balances-only=1')));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(errorCode({ status: 429, headers: limited[0]!.headers, body: limited[0]!.json })).toBe('rate_limited');
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('tenant isolation', () => {
  it("never shows another client's or another partner's data", async () => {
    const a = await tenant();
    const b = await tenant('user_ok+2');
    // A second client of a's partner with its own connection.
    const sibling = await t.newClient(a.apiKey);
    const siblingConnection = await connect(t, a.apiKey, sibling, 'user_ok+3');
    const siblingAccounts = (await t.call('GET', `/v1/connections/${siblingConnection}/accounts`, { key: a.apiKey, clientId: sibling })).body.map((x: any) => x.id);
    const bAccounts = (await apiAccounts(b)).map((x) => x.id);
    const aAccounts = (await apiAccounts(a)).map((x) => x.id);

    const access = await accessFor(a);
    const served = (await read(access, 'accounts', '?pending=1')).json.accounts;
    expect(served.map((x: any) => x.id).sort()).toEqual([...aAccounts].sort());
    const foreign = [...siblingAccounts, ...bAccounts];
    const asked = (await read(access, 'accounts', `?pending=1&${foreign.map((id: string) => `account=${id}`).join('&')}`)).json;
    expect(asked).toEqual({ errors: [], accounts: [] });
    const foreignTx = new Set((await Promise.all(bAccounts.map((id) => apiTransactions(b, id)))).flat().map((x) => x.id));
    expect(served.flatMap((x: any) => x.transactions).filter((x: any) => foreignTx.has(x.id))).toEqual([]);

    const bAccess = await accessFor(b);
    expect((await read(bAccess, 'accounts')).json.accounts.map((x: any) => x.id).sort()).toEqual([...bAccounts].sort());
  });
});
