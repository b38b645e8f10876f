/**
 * The direct flow over real HTTP (spec "POST /v1/connections", connection states, "List
 * accounts", "List transactions", subscription; DESIGN.md §5, §7): a partner connects a client
 * to a sandbox bank through the bank pages and reads accounts and transactions.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BankError } from '../src/banks/connector.ts';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { connect, providerId, providerIds, settle, walkBank } from './helpers/journey.ts';

let t: TestApp;
let key: string;
let clientId: string;
let partnerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ apiKey: key, partnerId } = await t.newPartner({ name: 'Journey Partner' }));
  clientId = await t.newClient(key, 'journey-user');
});
afterAll(() => t.close());

async function pageAll(accountId: string, limit: number, extra = '') {
  const ids: string[] = [];
  const dates: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const reply: any = await t.call('GET', `/v1/accounts/${accountId}/transactions?limit=${limit}${extra}${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`, { key, clientId });
    expect(reply.status).toBe(200);
    expect(reply.body.data.length).toBeLessThanOrEqual(limit);
    ids.push(...reply.body.data.map((tx: any) => tx.id));
    dates.push(...reply.body.data.map((tx: any) => tx.recordDate));
    cursor = reply.body.nextCursor;
    if (!cursor) break;
  }
  return { ids, dates };
}

describe('direct connection journey', () => {
  let connectionId: string;

  it('creates a Pending connection with expiresAt about 2 minutes ahead and a bank redirectUrl', async () => {
    const before = Date.now();
    const reply = await t.call('POST', '/v1/connections', {
      key,
      clientId,
      body: { returnUrl: 'http://localhost:8080/back?state=abc', providerId: await providerId(t, providerIds.vltava), locale: 'cs', ownershipType: 'bUsInEsS' },
      headers: { 'x-application-name': 'Budget App', 'x-client-app-version': '3.2.1', 'x-client-osversion': 'iOS 19', 'x-client-platform': 'ios' },
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['connectionId', 'expiresAt', 'redirectUrl']);
    const ahead = new Date(reply.body.expiresAt).getTime() - before;
    expect(ahead).toBeGreaterThan(110_000);
    expect(ahead).toBeLessThan(130_000);
    expect(reply.body.redirectUrl).toContain('/sandbox-bank/vltava_xf/authorize?state=');
    connectionId = reply.body.connectionId;

    const got = await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId });
    expect(got.body).toMatchObject({ id: connectionId, state: 'Pending', errorDesc: null });

    const stored = await t.db.selectFrom('connections').select(['ownershipType', 'locale']).where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ ownershipType: 'Business', locale: 'cs' });
    const tracking = await t.services.connections.trackingEvents(connectionId);
    expect(tracking[0]!.headers).toEqual({ applicationName: 'Budget App', clientAppVersion: '3.2.1', clientOsVersion: 'iOS 19', clientPlatform: 'ios' });

    const landing = await walkBank(reply.body.redirectUrl, 'user_ok');
    expect(landing.origin + landing.pathname).toBe('http://localhost:8080/back');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ state: 'abc', connectionId, resultCode: 'Ok' });
    expect(await settle(t, key, clientId, connectionId)).toBe('Active');

    const types = (await t.db.selectFrom('events').select('type').where('connectionId', '=', connectionId).orderBy('createdAt').execute()).map((e) => e.type);
    expect(types[0]).toBe('AccountsFetchingProgress');
    expect(types).toContain('TransactionsFetchingProgress');
    expect(types.at(-1)).toBe('ConnectionCreateSuccess');
  });

  it('refuses to reuse the bank link', async () => {
    const link = await t.db.selectFrom('connections').select('authorizationTokenHash').where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(link.authorizationTokenHash).toBeNull();
  });

  it('lists current and saving accounts with valid IBANs and balances', async () => {
    const reply = await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId });
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    const types = reply.body.map((a: any) => a.type);
    expect(types).toContain('CurrentAccount');
    expect(types).toContain('SavingAccount');
    for (const account of reply.body) {
      expect(account.iban).toMatch(/^CZ\d{22}$/);
      expect(typeof account.balance).toBe('number');
      expect(account.subscribed).toBe(true);
    }
  });

  it('pages all transactions with limit 1, 7 and 500 without duplicates or gaps, newest first', async () => {
    const [account] = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body.filter((a: any) => a.type === 'CurrentAccount');
    const total = await t.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('accountId', '=', account.id).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(100);
    const full = await pageAll(account.id, 500);
    expect(full.ids.length).toBe(Number(total.n));
    expect(new Set(full.ids).size).toBe(full.ids.length);
    expect([...full.dates].sort().reverse()).toEqual(full.dates);
    for (const limit of [1, 7]) expect((await pageAll(account.id, limit)).ids).toEqual(full.ids);

    const first = await t.call('GET', `/v1/accounts/${account.id}/transactions`, { key, clientId });
    expect(first.body.limit).toBe(10);
    expect(first.body.data).toHaveLength(10);
    const tx = first.body.data[0];
    expect(Object.keys(tx.details).sort()).toEqual(['constantSymbol', 'creditorReference', 'externalCategoryName', 'mccCode', 'others', 'specificSymbol', 'transactionCode', 'variableSymbol']);
    expect(['Cleared', 'Uncleared']).toContain(tx.recordState);
  });

  it('filters by variableSymbol ignoring leading zeros on both sides, trailing digits significant', async () => {
    const [account] = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body.filter((a: any) => a.type === 'CurrentAccount');
    const rows = await t.db.selectFrom('transactions').select(['id', 'details']).where('accountId', '=', account.id).execute();
    const withSymbol = rows.filter((r) => r.details.variableSymbol && /^[1-9]\d{0,8}$/.test(r.details.variableSymbol));
    expect(withSymbol.length).toBeGreaterThan(0);
    const symbol = withSymbol[0]!.details.variableSymbol!;
    const expected = rows.filter((r) => (r.details.variableSymbol ?? '').replace(/^0+/, '') === symbol).map((r) => r.id).sort();

    const padded = await pageAll(account.id, 500, `&variableSymbol=0${symbol}`);
    expect(padded.ids.sort()).toEqual(expected);
    const bare = await pageAll(account.id, 500, `&variableSymbol=${symbol}`);
    expect(bare.ids.sort()).toEqual(expected);
    const trailing = await pageAll(account.id, 500, `&variableSymbol=${symbol}0`);
    expect(trailing.ids.every((id) => !expected.includes(id))).toBe(true);

    const zeroLed = rows.filter((r) => /^0+[1-9]/.test(r.details.variableSymbol ?? ''));
    expect(zeroLed.length, 'the sandbox has symbols with leading zeros').toBeGreaterThan(0);
    const stored = zeroLed[0]!.details.variableSymbol!;
    const found = await pageAll(account.id, 500, `&variableSymbol=${stored.replace(/^0+/, '')}&variableSymbol=999999999`);
    expect(found.ids).toContain(zeroLed[0]!.id);

    const tooMany = Array.from({ length: 21 }, (_, i) => `variableSymbol=${i + 1}`).join('&');
    const rejected = await t.call('GET', `/v1/accounts/${account.id}/transactions?${tooMany}`, { key, clientId });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error.message).toContain('variableSymbol');
    const nonDigit = await t.call('GET', `/v1/accounts/${account.id}/transactions?variableSymbol=12a`, { key, clientId });
    expect(errorCode(nonDigit)).toBe('validation_error');

    // Leading zeros beyond 10 digits are ignored too; the bracket-array alias filters the same way.
    const long = await pageAll(account.id, 500, `&variableSymbol=${symbol.padStart(12, '0')}`);
    expect(long.ids.sort()).toEqual(expected);
    const bracket = await pageAll(account.id, 500, `&variableSymbol[]=${symbol}&variableSymbol%5B%5D=999999999`);
    expect(bracket.ids.sort()).toEqual(expected);
    const eleven = await t.call('GET', `/v1/accounts/${account.id}/transactions?variableSymbol=12345678901`, { key, clientId });
    expect(errorCode(eleven)).toBe('validation_error');
    const mixed = [...Array.from({ length: 11 }, (_, i) => `variableSymbol=${i + 1}`), ...Array.from({ length: 10 }, (_, i) => `variableSymbol[]=${i + 100}`)].join('&');
    const tooManyMixed = await t.call('GET', `/v1/accounts/${account.id}/transactions?${mixed}`, { key, clientId });
    expect(errorCode(tooManyMixed)).toBe('validation_error');
    expect(tooManyMixed.body.error.message).toContain('variableSymbol');
  });

  it('pages several variable symbols newest first by recordDate then id, the same on every page (PostgreSQL plans it generically after five)', async () => {
    const [account] = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body.filter((a: any) => a.type === 'CurrentAccount');
    const rows = await t.db.selectFrom('transactions').select(['id', 'recordDate', 'variableSymbolKey']).where('accountId', '=', account.id).where('variableSymbolKey', 'is not', null).execute();
    const symbols = [...new Set(rows.map((r) => r.variableSymbolKey!))].slice(0, 8);
    const expected = rows
      .filter((r) => symbols.includes(r.variableSymbolKey!))
      .sort((a, b) => b.recordDate.getTime() - a.recordDate.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(expected.length, 'enough matches to page past five executions').toBeGreaterThan(7);
    const query = symbols.map((s, i) => (i % 2 ? `&variableSymbol[]=00${s}` : `&variableSymbol=${s}`)).join('');
    for (const limit of [1, 3]) expect((await pageAll(account.id, limit, query)).ids).toEqual(expected);
  });

  it('answers limit=0 with no data and the cursor of the position', async () => {
    const [account] = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body.filter((a: any) => a.type === 'CurrentAccount');
    const start = await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=0`, { key, clientId });
    expect(start.body).toMatchObject({ limit: 0, data: [] });
    const first = await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=3&nextCursor=${start.body.nextCursor}`, { key, clientId });
    expect(first.body.data.map((x: any) => x.id)).toEqual((await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=3`, { key, clientId })).body.data.map((x: any) => x.id));
    const here = await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=0&nextCursor=${first.body.nextCursor}`, { key, clientId });
    expect(here.body.nextCursor).toBe(first.body.nextCursor);
    const none = await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=0&variableSymbol=987654321`, { key, clientId });
    expect(none.body).toEqual({ limit: 0, nextCursor: null, data: [] });
  });

  it('lists accounts in a stable order: current accounts first, then by name', async () => {
    const all = (await t.call('GET', `/v1/connections/${connectionId}/accounts?subscription=all`, { key, clientId })).body;
    const sorted = [...all].sort((a: any, b: any) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.iban.localeCompare(b.iban));
    expect(all.map((a: any) => a.id)).toEqual(sorted.map((a: any) => a.id));
    expect((await t.call('GET', `/v1/connections/${connectionId}/accounts?subscription=all`, { key, clientId })).body).toEqual(all);
  });

  it('unsubscribes and subscribes accounts; the default list is the subscribed view', async () => {
    const accounts = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body;
    const target = accounts[0];
    const off = await t.call('DELETE', `/v1/accounts/${target.id}/subscribe`, { key, clientId });
    expect(off.status).toBe(200);
    expect(off.body.subscribed).toBe(false);
    const subscribed = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body.map((a: any) => a.id);
    expect(subscribed).not.toContain(target.id);
    const all = (await t.call('GET', `/v1/connections/${connectionId}/accounts?subscription=all`, { key, clientId })).body;
    expect(all.find((a: any) => a.id === target.id).subscribed).toBe(false);
    const on = await t.call('PATCH', `/v1/accounts/${target.id}/subscribe`, { key, clientId });
    expect(on.body.subscribed).toBe(true);
  });
});

describe('journey outcomes', () => {
  it('disables the connection when the bank refuses the login', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    const landing = await walkBank(created.body.redirectUrl, 'user_fail');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({ connectionId: created.body.connectionId, resultCode: 'Error', error: 'access_denied' });
    const got = await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId });
    expect(got.body.state).toBe('Disabled');
    expect(got.body.errorDesc).toBeTruthy();
    const failed = await t.db.selectFrom('events').select('payload').where('connectionId', '=', created.body.connectionId).where('type', '=', 'ConnectionCreateFailed').executeTakeFirstOrThrow();
    expect((failed.payload as any).data.error.code).toBe('access_denied');
  });

  it('disables the connection when the user cancels at the bank', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    const landing = await walkBank(created.body.redirectUrl, 'cancel');
    expect(landing.searchParams.get('resultCode')).toBe('Error');
    expect(landing.searchParams.get('error')).toBe('user_cancelled');
    expect((await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId })).body.state).toBe('Disabled');
  });

  it('sends a user who opens the bank link after the initiation window back to returnUrl with an error; the connection is Disabled', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done?mine=1', providerId: await providerId(t, providerIds.vltava) } });
    t.clock.advance(3 * 60_000);
    const expired = await fetch(created.body.redirectUrl, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    const landing = new URL(expired.headers.get('location')!);
    expect(landing.origin + landing.pathname).toBe('http://localhost:8080/done');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ mine: '1', connectionId: created.body.connectionId, resultCode: 'Error', error: 'authorization_timeout' });
    expect((await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId })).body.state).toBe('Disabled');
    expect((await fetch(created.body.redirectUrl)).status).toBe(404);
  });

  it('disables a journey not completed 22 minutes after creation (durable timer, moved clock)', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    t.clock.advance(3 * 60_000);
    await t.worker!.sweeper.fireDue();
    expect((await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId })).body.state).toBe('Pending');
    t.clock.advance(20 * 60_000);
    await t.worker!.sweeper.fireDue();
    const got = await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId });
    expect(got.body.state).toBe('Disabled');
    const failed = await t.db.selectFrom('events').select('payload').where('connectionId', '=', created.body.connectionId).where('type', '=', 'ConnectionCreateFailed').executeTakeFirstOrThrow();
    expect((failed.payload as any).data.error.code).toBe('authorization_timeout');
  });

  it('gives a directRedirect provider expiresAt equal to the current time; its bank page opens, also on reconnect', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.direct) } });
    expect(Math.abs(new Date(created.body.expiresAt).getTime() - t.clock.now().getTime())).toBeLessThan(2000);
    t.clock.advance(60_000);
    expect((await walkBank(created.body.redirectUrl, 'user_ok')).searchParams.get('resultCode')).toBe('Ok');
    expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Active');

    const reconnect = await t.call('POST', `/v1/connections/${created.body.connectionId}/reconnect`, { key, clientId, body: { returnUrl: 'http://localhost:8080/again' } });
    expect(reconnect.status).toBe(200);
    expect(Math.abs(new Date(reconnect.body.expiresAt).getTime() - t.clock.now().getTime())).toBeLessThan(2000);
    t.clock.advance(60_000);
    const landing = await walkBank(reconnect.body.redirectUrl, 'user_ok');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ connectionId: created.body.connectionId, resultCode: 'Ok' });
  });

  it('disables the connection with the bank error when data calls fail', async () => {
    const id = await connect(t, key, clientId, 'error.bank_unavailable');
    expect((await t.call('GET', `/v1/connections/${id}`, { key, clientId })).body.state).toBe('Disabled');
    const failed = await t.db.selectFrom('events').select('payload').where('connectionId', '=', id).where('type', '=', 'ConnectionCreateFailed').executeTakeFirstOrThrow();
    expect((failed.payload as any).data.error.code).toBe('bank_unavailable');
  });

  it('serves 100 accounts for user_many and no transactions for user_empty', async () => {
    const many = await connect(t, key, clientId, 'user_many');
    expect((await t.call('GET', `/v1/connections/${many}/accounts`, { key, clientId })).body).toHaveLength(100);
    const empty = await connect(t, key, clientId, 'user_empty');
    const [account] = (await t.call('GET', `/v1/connections/${empty}/accounts`, { key, clientId })).body;
    expect((await t.call('GET', `/v1/accounts/${account.id}/transactions`, { key, clientId })).body).toEqual({ limit: 10, nextCursor: null, data: [] });
  });

  it('yields the same data for the same connection on every download', async () => {
    const id = await connect(t, key, clientId, 'user_ok+same');
    const snapshot = async () => t.db.selectFrom('transactions').innerJoin('accounts', 'accounts.id', 'transactions.accountId').select(['transactions.externalId', 'transactions.amount']).where('accounts.connectionId', '=', id).orderBy('transactions.externalId').execute();
    const before = await snapshot();
    await t.services.db.updateTable('connections').set({ state: 'Active' }).where('id', '=', id).execute();
    await t.services.sync.download({ connectionId: id, reason: 'refresh' });
    expect(await snapshot()).toEqual(before);
  });

  it('gives the same test user at the same bank the same accounts on every connection; another user or bank other ones', async () => {
    const ibans = async (id: string, client = clientId) => (await t.call('GET', `/v1/connections/${id}/accounts?subscription=all`, { key, clientId: client })).body.map((a: any) => a.iban).sort();
    const first = await ibans(await connect(t, key, clientId, 'user_ok+dedupe'));
    const otherClient = await t.newClient(key);
    expect(await ibans(await connect(t, key, otherClient, 'user_ok+dedupe'), otherClient)).toEqual(first);
    expect(await ibans(await connect(t, key, clientId, 'user_ok+other'))).not.toEqual(first);
    expect(await ibans(await connect(t, key, clientId, 'user_ok+dedupe', 'moravska_sporitelna_xf'))).not.toEqual(first);
  });

  it('leaves new accounts unsubscribed when subscribeToAllAccounts is false', async () => {
    const id = await connect(t, key, clientId, 'user_ok', providerIds.vltava, { subscribeToAllAccounts: false });
    expect((await t.call('GET', `/v1/connections/${id}`, { key, clientId })).body.state).toBe('Active');
    expect((await t.call('GET', `/v1/connections/${id}/accounts`, { key, clientId })).body).toEqual([]);
    const all = (await t.call('GET', `/v1/connections/${id}/accounts?subscription=all`, { key, clientId })).body;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a: any) => !a.subscribed)).toBe(true);
    const count = await t.db.selectFrom('transactions').innerJoin('accounts', 'accounts.id', 'transactions.accountId').select((eb) => eb.fn.countAll<number>().as('n')).where('accounts.connectionId', '=', id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('POST /v1/connections validation and visibility', () => {
  it('rejects bad input with validation_error naming the field', async () => {
    const pid = await providerId(t, providerIds.vltava);
    const cases: [Record<string, unknown>, string][] = [
      [{ providerId: pid }, 'body.returnUrl'],
      [{ returnUrl: 'not a url', providerId: pid }, 'body.returnUrl'],
      [{ returnUrl: 'http://localhost/x' }, 'body.providerId'],
      [{ returnUrl: 'http://localhost/x', providerId: 'nope' }, 'body.providerId'],
      [{ returnUrl: 'http://localhost/x', providerId: pid, subscribeToAllAccounts: 'yes' }, 'body.subscribeToAllAccounts'],
    ];
    for (const [body, field] of cases) {
      const reply = await t.call('POST', '/v1/connections', { key, clientId, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toContain(field);
    }
    const noClient = await t.call('POST', '/v1/connections', { key, body: { returnUrl: 'http://localhost/x', providerId: pid } });
    expect(noClient.status).toBe(400);
    expect(noClient.body.error.message).toContain('x-client-id');
  });

  it('locale takes BCP 47 tags (cs-CZ, CS) and falls back to the language or en instead of 400', async () => {
    const pid = await providerId(t, providerIds.vltava);
    for (const [locale, language] of [['cs-CZ', 'cs'], ['CS', 'cs'], ['xx', 'en'], ['english', 'en']]) {
      const reply = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost/x', providerId: pid, locale } });
      expect(reply.status, locale).toBe(200);
      const stored = await t.db.selectFrom('connections').select('locale').where('id', '=', reply.body.connectionId).executeTakeFirstOrThrow();
      expect(stored.locale, locale).toBe(language);
      expect(reply.body.redirectUrl).toContain(`locale=${language}`);
    }
  });

  it('accepts unknown ownershipType values, also long ones, as Personal', async () => {
    for (const ownershipType of ['martian', 'x'.repeat(300)]) {
      const reply = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost/x', providerId: await providerId(t, providerIds.vltava), ownershipType } });
      expect(reply.status).toBe(200);
      const stored = await t.db.selectFrom('connections').select('ownershipType').where('id', '=', reply.body.connectionId).executeTakeFirstOrThrow();
      expect(stored.ownershipType).toBe('Personal');
    }
  });

  it('cuts analytics headers longer than 255 characters instead of refusing them', async () => {
    const reply = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost/x', providerId: await providerId(t, providerIds.vltava) }, headers: { 'x-application-name': 'A'.repeat(400) } });
    expect(reply.status).toBe(200);
    const [tracking] = await t.services.connections.trackingEvents(reply.body.connectionId);
    expect(tracking!.headers).toEqual({ applicationName: 'A'.repeat(255) });
  });

  it('accepts http(s) and app return URLs; refuses javascript:, data:, vbscript: and file:', async () => {
    const providerIdValue = await providerId(t, providerIds.vltava);
    for (const returnUrl of ['https://app.example.com/back', 'myapp://bank-done', 'com.example.app:/oauth']) {
      expect((await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl, providerId: providerIdValue } })).status, returnUrl).toBe(200);
    }
    for (const returnUrl of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
      const reply = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl, providerId: providerIdValue } });
      expect(reply.status, returnUrl).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toContain('body.returnUrl');
    }
  });

  it('passes ownershipType and skipConsentScreen (where permitted) to the bank; a bank that is down answers 503', async () => {
    const permitted = await t.newPartner({ name: 'Skipper', skipConsentScreenAllowed: true });
    const permittedClient = await t.newClient(permitted.apiKey);
    // The sandbox bank each partner's requests reach (on the partner's sandbox time).
    const startedByPermitted = vi.spyOn(t.sandboxServices(permitted.partnerId).banks.sandbox, 'startAuthorization');
    const started = vi.spyOn(t.sandboxServices(partnerId).banks.sandbox, 'startAuthorization');
    try {
      const body = { returnUrl: 'http://localhost/x', providerId: await providerId(t, providerIds.vltava), ownershipType: 'shared', skipConsentScreen: true };
      expect((await t.call('POST', '/v1/connections', { key: permitted.apiKey, clientId: permittedClient, body })).status).toBe(200);
      expect(startedByPermitted.mock.lastCall![0]).toMatchObject({ ownershipType: 'Shared', skipConsentScreen: true });
      expect((await t.call('POST', '/v1/connections', { key, clientId, body })).status).toBe(200);
      expect(started.mock.lastCall![0]).toMatchObject({ ownershipType: 'Shared', skipConsentScreen: false });

      const count = async () => (await t.db.selectFrom('connections').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const before = await count();
      started.mockRejectedValueOnce(new BankError('bank_unavailable', 'maintenance', true));
      const down = await t.call('POST', '/v1/connections', { key, clientId, body });
      expect(down.status).toBe(503);
      expect(errorCode(down)).toBe('internal_error');
      expect(down.body.error.message).toContain('Vltava Bank is unavailable');
      expect(await count()).toBe(before);
    } finally {
      startedByPermitted.mockRestore();
      started.mockRestore();
    }
  });

  it('connects Hidden providers by id, refuses Inactive (400) and Disabled or unknown ones (404)', async () => {
    const post = async (code: string) => t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost/x', providerId: await providerId(t, code) } });
    expect((await post(providerIds.hidden)).status).toBe(200);
    const inactive = await post(providerIds.inactive);
    expect(inactive.status).toBe(400);
    expect(errorCode(inactive)).toBe('validation_error');
    const disabled = await post(providerIds.disabled);
    expect(disabled.status).toBe(404);
    const unknown = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost/x', providerId: '00000000-0000-4000-8000-000000000000' } });
    expect(errorCode(unknown)).toBe('not_found');
  });

  it("hides connections, accounts and transactions of other clients and partners (404)", async () => {
    const id = await connect(t, key, clientId);
    const [account] = (await t.call('GET', `/v1/connections/${id}/accounts`, { key, clientId })).body;
    const otherClient = await t.newClient(key);
    const other = await t.newPartner({ name: 'Snoop' });
    const otherPartnerClient = await t.newClient(other.apiKey);
    for (const [k, c] of [[key, otherClient], [other.apiKey, otherPartnerClient], [other.apiKey, clientId]] as const) {
      const routes: [string, string][] = [['GET', `/v1/connections/${id}`], ['GET', `/v1/connections/${id}/accounts`], ['GET', `/v1/accounts/${account.id}/transactions`], ['PATCH', `/v1/accounts/${account.id}/subscribe`], ['DELETE', `/v1/accounts/${account.id}/subscribe`]];
      for (const [method, path] of routes) {
        const reply = await t.call(method, path, { key: k, clientId: c });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(errorCode(reply)).toBe('not_found');
      }
    }
  });

  it('refuses sandbox providers to live keys', async () => {
    const { partnerId } = await t.newPartner({ name: 'Live one' });
    const live = await t.newKey(partnerId, 'live');
    const liveClient = await t.newClient(live);
    const reply = await t.call('POST', '/v1/connections', { key: live, clientId: liveClient, body: { returnUrl: 'http://localhost/x', providerId: await providerId(t, providerIds.vltava) } });
    expect(reply.status).toBe(404);
  });
});

describe('sandbox control and client deletion', () => {
  it('completes a journey without a browser, for sandbox keys only', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    const done = await t.call('POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Ok' } });
    expect(done.status).toBe(200);
    expect(new URL(done.body.returnUrl).searchParams.get('resultCode')).toBe('Ok');
    expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Active');
    const again = await t.call('POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Ok' } });
    expect(errorCode(again)).toBe('validation_error');
    const bad = await t.call('POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('body.outcome: must be one of "Ok", "Error", "Cancelled"');

    const cancelled = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    const result = await t.call('POST', `/v1/sandbox/connections/${cancelled.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Cancelled' } });
    expect(new URL(result.body.returnUrl).searchParams.get('error')).toBe('user_cancelled');
    expect((await t.call('GET', `/v1/connections/${cancelled.body.connectionId}`, { key, clientId })).body.state).toBe('Disabled');

    // The test user's scenario decides, as on the bank page: user_fail is refused, user_cancel cancels.
    for (const [username, error] of [['user_fail', 'access_denied'], ['user_cancel', 'user_cancelled']]) {
      const contradicted = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
      const outcome = await t.call('POST', `/v1/sandbox/connections/${contradicted.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Ok', username } });
      expect(Object.fromEntries(new URL(outcome.body.returnUrl).searchParams)).toMatchObject({ resultCode: 'Error', error });
      expect((await t.call('GET', `/v1/connections/${contradicted.body.connectionId}`, { key, clientId })).body.state).toBe('Disabled');
    }

    const { partnerId } = await t.newPartner({ name: 'Live control' });
    const live = await t.newKey(partnerId, 'live');
    const liveReply = await t.call('POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key: live, clientId, body: { outcome: 'Ok' } });
    expect(liveReply.status).toBe(404);
  });

  it("revokes a deleted client's consents at the bank and purges its connections, accounts and transactions", async () => {
    const doomed = await t.newClient(key, 'doomed');
    const id = await connect(t, key, doomed);
    const { consentRef } = await t.db.selectFrom('connections').select('consentRef').where('id', '=', id).executeTakeFirstOrThrow();
    const accountIds = (await t.call('GET', `/v1/connections/${id}/accounts`, { key, clientId: doomed })).body.map((a: any) => a.id);
    // The bank's memory of the consent goes with the connection, so the call to the bank is watched.
    const revoked = vi.spyOn(t.sandboxServices(partnerId).banks.sandbox, 'revokeConsent');
    try {
      expect((await t.call('DELETE', `/v1/clients/${doomed}`, { key, clientId: doomed })).status).toBe(204);
      expect(revoked.mock.calls).toContainEqual([consentRef]);
    } finally {
      revoked.mockRestore();
    }
    expect(await t.db.selectFrom('connections').select('id').where('clientId', '=', doomed).execute()).toEqual([]);
    expect(await t.db.selectFrom('accounts').select('id').where('clientId', '=', doomed).execute()).toEqual([]);
    expect(await t.db.selectFrom('transactions').select('id').where('accountId', 'in', accountIds).execute()).toEqual([]);
  });
});
