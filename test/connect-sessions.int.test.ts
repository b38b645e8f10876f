/**
 * Connect sessions over HTTP (spec "POST /v1/connect-sessions", "GET /v1/connect-sessions/{sessionId}",
 * connect session states; DESIGN.md §7, §8): creation and its validation (return-URL patterns),
 * idempotency, tenant isolation, the one-time hostedUrl and its cookie, skipConsentScreen, the
 * sandbox control through bank and account selection, webhooks carrying sessionId, failure,
 * cancellation and expiry by the durable timer. Browser journeys are in hosted-flow.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/errors.ts';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { providerId, providerIds } from './helpers/journey.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
let key: string;
let partnerId: string;
let clientId: string;
const returnUrl = 'http://localhost:8080/done?app=1';

beforeAll(async () => {
  t = await startTestApp();
  receiver = await new WebhookReceiver().start();
  ({ apiKey: key, partnerId } = await t.newPartner({ name: 'Sessions Partner', returnUrlPatterns: ['http://localhost:*/*', 'myapp://bank-done'] }));
  await t.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
  clientId = await t.newClient(key);
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const create = (body: Record<string, unknown>, headers: Record<string, string> = {}, k = key, c = clientId) => t.call('POST', '/v1/connect-sessions', { key: k, clientId: c, body, headers });
const session = (id: string, k = key, c = clientId) => t.call('GET', `/v1/connect-sessions/${id}`, { key: k, clientId: c });
const complete = (id: string, body: Record<string, unknown>, k = key) => t.call('POST', `/v1/sandbox/connect-sessions/${id}/complete`, { key: k, clientId, body });

async function waitForState(id: string, states: string[], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await session(id);
    if (states.includes(reply.body.state) || Date.now() > until) return reply.body;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /v1/connect-sessions', () => {
  it('answers sessionId, a one-time hostedUrl and expiresAt; the session awaits bank selection', async () => {
    const reply = await create({ returnUrl, locale: 'cs', country: 'CZ' });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['expiresAt', 'hostedUrl', 'sessionId']);
    expect(reply.body.hostedUrl).toMatch(/^http:\/\/localhost:\d+\/connect\/[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(reply.body.expiresAt).getTime() - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    const got = await session(reply.body.sessionId);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ sessionId: reply.body.sessionId, state: 'AwaitingBankSelection', connectionId: null, resultCode: null, error: null, expiresAt: reply.body.expiresAt });
  });

  it('accepts web and custom-scheme return URLs that match a registered pattern', async () => {
    expect((await create({ returnUrl: 'myapp://bank-done?x=1' })).status).toBe(200);
    expect((await create({ returnUrl: 'http://localhost/anything' })).status).toBe(200);
  });

  it.each([
    ['https://evil.example.com/done', 'host not registered'],
    ['https://localhost:8080/done', 'scheme change'],
    ['http://localhost.evil.com:8080/done', 'look-alike host'],
    ['http://localhost@evil.com/done', 'user info trick'],
    ['myapp://bank-done/extra', 'path beyond an exact pattern'],
    ['myapp2://bank-done', 'other custom scheme'],
    ['javascript:alert(1)', 'javascript URL'],
  ])('refuses returnUrl %s (%s) with validation_error and creates nothing', async (url) => {
    const before = await t.db.selectFrom('connectSessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const reply = await create({ returnUrl: url });
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe('validation_error');
    const after = await t.db.selectFrom('connectSessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('validates locale, country, providerId and the client', async () => {
    expect(errorCode(await create({ returnUrl, locale: 'xx' }))).toBe('validation_error');
    expect(errorCode(await create({ returnUrl, locale: 'english' }))).toBe('validation_error');
    expect(errorCode(await create({ returnUrl, country: 'XX' }))).toBe('validation_error');
    expect(errorCode(await create({ returnUrl, providerId: 'not-a-uuid' }))).toBe('validation_error');
    expect(errorCode(await create({ returnUrl, providerId: await providerId(t, providerIds.inactive) }))).toBe('validation_error');
    expect(errorCode(await create({ returnUrl, providerId: await providerId(t, providerIds.disabled) }))).toBe('not_found');
    expect((await create({ returnUrl, providerId: null })).status).toBe(200);
  }, 30_000);

  it('demands a key and a client of the caller', async () => {
    expect((await t.call('POST', '/v1/connect-sessions', { clientId, body: { returnUrl } })).status).toBe(401);
    expect(errorCode(await create({ returnUrl }, {}, key, '00000000-0000-4000-8000-000000000000'))).toBe('not_found');
    const other = await t.newPartner({ name: 'Other' });
    const otherClient = await t.newClient(other.apiKey);
    expect(errorCode(await create({ returnUrl }, {}, key, otherClient))).toBe('not_found');
  });

  it('replays with the same Idempotency-Key', async () => {
    const first = await create({ returnUrl }, { 'idempotency-key': 'sess-key-1' });
    const again = await create({ returnUrl }, { 'idempotency-key': 'sess-key-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await create({ returnUrl: 'http://localhost/other' }, { 'idempotency-key': 'sess-key-1' })).status).toBe(422);
  });
});

describe('GET /v1/connect-sessions/{sessionId}', () => {
  it("is not_found for another client's or partner's session and for unknown ids", async () => {
    const { sessionId } = (await create({ returnUrl })).body;
    const secondClient = await t.newClient(key);
    expect(errorCode(await session(sessionId, key, secondClient))).toBe('not_found');
    const other = await t.newPartner({ name: 'Other 2' });
    expect(errorCode(await session(sessionId, other.apiKey, await t.newClient(other.apiKey)))).toBe('not_found');
    expect(errorCode(await session('no-such-session'))).toBe('not_found');
  });
});

describe('hostedUrl', () => {
  it('is one-time: the first load sets an HttpOnly cookie; another browser sees "link already used"', async () => {
    const { hostedUrl } = (await create({ returnUrl })).body;
    const path = new URL(hostedUrl).pathname;
    const first = await t.call('GET', path);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/connect/session');
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^bankdata_connect=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/connect/);
    const cookie = setCookie.split(';')[0]!;

    const elsewhere = await t.call('GET', path);
    expect(elsewhere.status).toBe(410);
    expect(elsewhere.body).toContain('This link was already used');
    const sameBrowser = await t.call('GET', path, { headers: { cookie } });
    expect(sameBrowser.status).toBe(303);
    const page = await t.call('GET', '/connect/session', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Choose your bank');
    expect((await t.call('GET', '/connect/session')).status).toBe(400);
    const form = { cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const badBank = await t.call('POST', '/connect/session/provider', { headers: form, body: 'providerId=00000000-0000-4000-8000-000000000000' });
    expect(badBank.status).toBe(400);
    expect(badBank.body).toContain('Something went wrong');
    expect((await t.call('POST', '/connect/session/provider', { headers: form, body: '' })).status).toBe(400);
    expect((await t.call('GET', '/connect/unknown-token')).status).toBe(404);
  });

  it("lets the pages' forms end in the partner app's custom scheme (CSP form-action)", async () => {
    const { hostedUrl } = (await create({ returnUrl: 'myapp://bank-done' })).body;
    const cookie = (await t.call('GET', new URL(hostedUrl).pathname)).headers.get('set-cookie')!.split(';')[0]!;
    const page = await t.call('GET', '/connect/session', { headers: { cookie } });
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' * myapp:;");
    const cancelled = await t.call('POST', '/connect/session/cancel', { headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toMatch(/^myapp:\/\/bank-done\?resultCode=Cancelled&sessionId=[^&]+&error=user_cancelled$/);
  });

  it('skipConsentScreen skips the consent page only where the partner permits it', async () => {
    const vltava = await providerId(t, providerIds.vltava);
    const open = async (k: string, c: string) => {
      const { hostedUrl } = (await create({ returnUrl, providerId: vltava, skipConsentScreen: true }, {}, k, c)).body;
      const cookie = (await t.call('GET', new URL(hostedUrl).pathname)).headers.get('set-cookie')!.split(';')[0]!;
      return t.call('GET', '/connect/session', { headers: { cookie } });
    };
    const notPermitted = await open(key, clientId);
    expect(notPermitted.status).toBe(200);
    expect(notPermitted.body).toContain('Share your bank data');

    const permitted = await t.newPartner({ name: 'Permitted', skipConsentScreenAllowed: true });
    const skipped = await open(permitted.apiKey, await t.newClient(permitted.apiKey));
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get('location')).toContain('/sandbox-bank/vltava_xf/authorize?state=');
  });
});

describe('sandbox control and lifecycle', () => {
  it('bank, then account selection: Completed with the deselected account unsubscribed; webhooks carry sessionId; analytics headers stored', async () => {
    const analytics = { 'x-application-name': 'Budget App', 'x-client-app-version': '5.1.0', 'x-client-osversion': 'Android 15', 'x-client-platform': 'android' };
    const { sessionId } = (await create({ returnUrl }, analytics)).body;
    const afterBank = await complete(sessionId, { providerId: await providerId(t, providerIds.vltava), outcome: 'Ok' });
    expect(afterBank.status, JSON.stringify(afterBank.body)).toBe(200);
    expect(['Fetching', 'AwaitingAccountSelection']).toContain(afterBank.body.state);
    const connectionId = afterBank.body.connectionId;
    expect(connectionId).toMatch(/^[0-9a-f-]{36}$/);

    expect((await waitForState(sessionId, ['AwaitingAccountSelection'])).state).toBe('AwaitingAccountSelection');
    const all = (await t.call('GET', `/v1/connections/${connectionId}/accounts?subscription=all`, { key, clientId })).body as { id: string }[];
    expect(all.length).toBeGreaterThan(1);
    const dropped = all[0]!.id;
    expect(errorCode(await complete(sessionId, { deselectAccountIds: ['00000000-0000-4000-8000-000000000000'] }))).toBe('validation_error');
    const selected = await complete(sessionId, { deselectAccountIds: [dropped] });
    expect(selected.status).toBe(200);

    const done = await waitForState(sessionId, ['Completed']);
    expect(done).toMatchObject({ sessionId, state: 'Completed', connectionId, resultCode: 'Ok', error: null });
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Active');
    const subscribed = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body as { id: string }[];
    expect(subscribed.map((a) => a.id)).not.toContain(dropped);
    expect(subscribed).toHaveLength(all.length - 1);

    await receiver.waitFor((r) => r.some((x) => x.json.type === 'ConnectionCreateSuccess' && x.json.data.connectionId === connectionId));
    const hooks = receiver.received.filter((r) => r.json.data.connectionId === connectionId);
    for (const hook of hooks) expect(hook.json.data.sessionId).toBe(sessionId);

    const tracking = await t.services.connections.trackingEvents(connectionId);
    expect(tracking[0]!.headers).toEqual({ applicationName: 'Budget App', clientAppVersion: '5.1.0', clientOsVersion: 'Android 15', clientPlatform: 'android' });
    expect(errorCode(await complete(sessionId, { outcome: 'Ok' }))).toBe('validation_error');
  });

  it('a bank refusal fails the session (resultCode Error) with ConnectionCreateFailed carrying sessionId', async () => {
    const { sessionId } = (await create({ returnUrl, providerId: await providerId(t, providerIds.vltava) })).body;
    const reply = await complete(sessionId, { outcome: 'Error' });
    expect(reply.body).toMatchObject({ state: 'Failed', resultCode: 'Error', error: 'access_denied' });
    await receiver.waitFor((r) => r.some((x) => x.json.type === 'ConnectionCreateFailed' && x.json.data.sessionId === sessionId));
    expect((await t.call('GET', `/v1/connections/${reply.body.connectionId}`, { key, clientId })).body.state).toBe('Disabled');
  });

  it('cancelling at the bank ends the session Cancelled', async () => {
    const { sessionId } = (await create({ returnUrl, providerId: await providerId(t, providerIds.vltava) })).body;
    expect((await complete(sessionId, { outcome: 'Cancelled' })).body).toMatchObject({ state: 'Cancelled', resultCode: 'Cancelled', error: 'user_cancelled' });
  });

  it('needs a bank and an outcome before the bank, and a sandbox key', async () => {
    const { sessionId } = (await create({ returnUrl })).body;
    expect(errorCode(await complete(sessionId, { outcome: 'Ok' }))).toBe('validation_error');
    expect(errorCode(await complete(sessionId, {}))).toBe('validation_error');
    expect(errorCode(await complete(sessionId, { outcome: 'Ok', username: 'nobody' }))).toBe('validation_error');
    const live = await t.newKey(partnerId, 'live');
    expect(errorCode(await complete(sessionId, { outcome: 'Ok' }, live))).toBe('not_found');
  });

  it('expires at expiresAt by the durable timer', async () => {
    const { sessionId } = (await create({ returnUrl })).body;
    t.clock.advance(31 * 60_000);
    await t.worker!.sweeper.fireDue();
    const row = await t.db.selectFrom('connectSessions').select(['state', 'resultCode', 'error']).where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'Expired', resultCode: 'Error', error: 'session_expired' });
    expect((await session(sessionId)).body).toMatchObject({ state: 'Expired', resultCode: 'Error', error: 'session_expired' });
  });
});

describe('return-URL patterns', () => {
  it('are validated when a partner sets them', async () => {
    for (const pattern of ['https://*', 'https://*.com/*', 'javascript:alert(1)', 'https://user@app.example.com/', 'https://app.example.com/a/*/b']) {
      await expect(t.services.partners.set(partnerId, { returnUrlPatterns: [pattern] }), pattern).rejects.toMatchObject({ code: 'validation_error' });
    }
    const other = await t.newPartner({ name: 'Patterns' });
    const changed = await t.services.partners.set(other.partnerId, { returnUrlPatterns: ['https://*.example.com/bank/*', 'com.example.app:/oauth/*'] });
    expect(changed.returnUrlPatterns).toEqual(['https://*.example.com/bank/*', 'com.example.app:/oauth/*']);
    const error = await t.services.partners.set(other.partnerId, { returnUrlPatterns: ['https://*'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain('would match any host');
  });
});
