/**
 * Connect sessions over HTTP (spec "POST /v1/connect-sessions", "GET /v1/connect-sessions/{sessionId}",
 * connect session states; DESIGN.md §7, §8): creation and its validation (return-URL patterns),
 * idempotency, tenant isolation, the one-time hostedUrl (HEAD consumes nothing) and its
 * per-session cookie, skipConsentScreen, error pages and bad form input, the return from the bank
 * with and without the cookie, the sandbox control through bank and account selection, webhooks carrying sessionId, failure,
 * cancellation and expiry by the durable timer, races of Cancel with Continue, with the download
 * and with the client's deletion (made deterministic by running the other side inside a service
 * call), and the pruning of ended sessions. Browser journeys are in hosted-flow.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/errors.ts';
import { pruneExpiredRecords } from '../src/worker.ts';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { formHeaders, providerId, providerIds, settle, walkBank } from './helpers/journey.ts';
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

  it('locale takes BCP 47 tags and falls back to the language or en instead of 400', async () => {
    const stored = async (locale: string) => {
      const reply = await create({ returnUrl, locale });
      expect(reply.status, locale).toBe(200);
      return (await t.db.selectFrom('connectSessions').select('locale').where('id', '=', reply.body.sessionId).executeTakeFirstOrThrow()).locale;
    };
    expect(await stored('cs-CZ')).toBe('cs');
    expect(await stored('CS')).toBe('cs');
    expect(await stored('de_AT')).toBe('de');
    expect(await stored('xx')).toBe('en');
    expect(await stored('english')).toBe('en');
    expect(await stored('!!')).toBe('en');
  }, 30_000);

  it('validates country, providerId and the client', async () => {
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

/** Opens a session's hostedUrl as a fresh browser would; answers the session's page path and its cookie. */
async function openSession(hostedUrl: string): Promise<{ flow: string; cookie: string }> {
  const opened = await t.call('GET', new URL(hostedUrl).pathname);
  expect(opened.status).toBe(303);
  return { flow: opened.headers.get('location')!, cookie: opened.headers.get('set-cookie')!.split(';')[0]! };
}

const form = formHeaders;

describe('hostedUrl', () => {
  it('is one-time: the first load sets an HttpOnly cookie of that session; another browser sees "link already used"', async () => {
    const { sessionId, hostedUrl } = (await create({ returnUrl })).body;
    const path = new URL(hostedUrl).pathname;
    const first = await t.call('GET', path);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/connect/s/${sessionId}`);
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^bankdata_connect_${sessionId}=[^;]+;`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/connect/);
    const cookie = setCookie.split(';')[0]!;

    const elsewhere = await t.call('GET', path);
    expect(elsewhere.status).toBe(410);
    expect(elsewhere.body).toContain('This link was already used');
    const sameBrowser = await t.call('GET', path, { headers: { cookie } });
    expect(sameBrowser.status).toBe(303);
    const flow = `/connect/s/${sessionId}`;
    const page = await t.call('GET', flow, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Choose your bank');
    expect((await t.call('GET', flow)).status).toBe(400);
    expect((await t.call('POST', `${flow}/provider`, { headers: form(cookie), body: '' })).status).toBe(400);
    expect((await t.call('GET', '/connect/unknown-token')).status).toBe(404);
  });

  it('answers HEAD (link previewers, mail scanners) without consuming the link', async () => {
    const { sessionId, hostedUrl } = (await create({ returnUrl })).body;
    const path = new URL(hostedUrl).pathname;
    for (let i = 0; i < 2; i++) {
      const head = await t.call('HEAD', path);
      expect(head.status).toBe(200);
      expect(head.headers.get('set-cookie')).toBeNull();
    }
    expect((await t.call('HEAD', '/connect/unknown-token')).status).toBe(404);
    const row = await t.db.selectFrom('connectSessions').select('tokenUsedAt').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.tokenUsedAt).toBeNull();
    const { flow } = await openSession(hostedUrl);
    expect(flow).toBe(`/connect/s/${sessionId}`);
    expect((await t.call('HEAD', path)).status).toBe(200);
    expect((await t.call('GET', path)).status).toBe(410);
  });

  it('keeps two sessions in one browser apart: each has its own cookie and pages, and a cookie works only for its session', async () => {
    const a = (await create({ returnUrl })).body;
    const b = (await create({ returnUrl })).body;
    const first = await openSession(a.hostedUrl);
    const second = await openSession(b.hostedUrl);
    expect(first.cookie.split('=')[0]).not.toBe(second.cookie.split('=')[0]);
    const both = `${first.cookie}; ${second.cookie}`;
    // One browser sends both cookies everywhere under /connect; each page uses its own session's.
    expect((await t.call('GET', first.flow, { headers: { cookie: both } })).status).toBe(200);
    const cancelled = await t.call('POST', `${first.flow}/cancel`, { headers: form(both), body: '' });
    expect(cancelled.headers.get('location')).toContain(`sessionId=${a.sessionId}`);
    expect((await session(a.sessionId)).body.state).toBe('Cancelled');
    expect((await session(b.sessionId)).body.state).toBe('AwaitingBankSelection');
    // A session's cookie value under another session's name does not open it.
    const forged = `bankdata_connect_${b.sessionId}=${first.cookie.split('=')[1]}`;
    expect((await t.call('GET', second.flow, { headers: { cookie: forged } })).status).toBe(400);
    expect((await t.call('POST', `${second.flow}/cancel`, { headers: form(forged), body: '' })).status).toBe(400);
    expect((await t.call('GET', `${second.flow}/status`, { headers: { cookie: forged } })).status).toBe(404);
    expect((await session(b.sessionId)).body.state).toBe('AwaitingBankSelection');
  });

  it("lets the pages' forms end in the partner app's custom scheme (CSP form-action)", async () => {
    const { hostedUrl } = (await create({ returnUrl: 'myapp://bank-done' })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    const page = await t.call('GET', flow, { headers: { cookie } });
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' myapp:;");
    const cancelled = await t.call('POST', `${flow}/cancel`, { headers: form(cookie), body: '' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toMatch(/^myapp:\/\/bank-done\?resultCode=Cancelled&sessionId=[^&]+&error=user_cancelled$/);
  });

  it('skipConsentScreen skips the consent page only where the partner permits it', async () => {
    const vltava = await providerId(t, providerIds.vltava);
    const open = async (k: string, c: string) => {
      const { flow, cookie } = await openSession((await create({ returnUrl, providerId: vltava, skipConsentScreen: true }, {}, k, c)).body.hostedUrl);
      return t.call('GET', flow, { headers: { cookie } });
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

describe('hosted pages: bad input and errors', () => {
  /** Asserts the friendly error page in Czech with Back (to the flow) and Cancel. */
  function expectCzechErrorPage(reply: { status: number; body: string }, flow: string) {
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('<html lang="cs">');
    expect(reply.body).toContain('Něco se pokazilo');
    expect(reply.body).toContain(`<a class="button" href="${flow}">Zpět</a>`);
    expect(reply.body).toContain(`action="${flow}/cancel"`);
    expect(reply.body).toContain('Zrušit');
  }

  it('a bad providerId on the picker form is 400 with a friendly page in the session language, Back and Cancel', async () => {
    const { sessionId, hostedUrl } = (await create({ returnUrl, locale: 'cs' })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    for (const body of ["providerId=x' OR 1=1", 'providerId=not-a-uuid', `providerId=${'a'.repeat(36)}`, 'providerId=00000000-0000-4000-8000-000000000000']) {
      expectCzechErrorPage(await t.call('POST', `${flow}/provider`, { headers: form(cookie), body }), flow);
    }
    expectCzechErrorPage(await t.call('POST', `${flow}/provider`, { headers: form(cookie), body: `providerId=${await providerId(t, providerIds.inactive)}` }), flow);
    expect((await session(sessionId)).body).toMatchObject({ state: 'AwaitingBankSelection', connectionId: null });
    // Cancel on the error page works.
    const cancelled = await t.call('POST', `${flow}/cancel`, { headers: form(cookie), body: '' });
    expect(cancelled.headers.get('location')).toContain('resultCode=Cancelled');
  });

  it('a bank that became unavailable on the consent page: Czech error page with Back, another bank and Cancel; nothing created', async () => {
    const code = providerIds.direct;
    const { sessionId, hostedUrl } = (await create({ returnUrl, locale: 'cs' })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    expect((await t.call('POST', `${flow}/provider`, { headers: form(cookie), body: `providerId=${await providerId(t, code)}` })).status).toBe(303);
    expect((await t.call('GET', flow, { headers: { cookie } })).body).toContain('Sdílení údajů z banky');
    await t.db.updateTable('providers').set({ status: 'Inactive' }).where('code', '=', code).execute();
    try {
      const confirm = await t.call('POST', `${flow}/confirm`, { headers: form(cookie), body: '' });
      expectCzechErrorPage(confirm, flow);
      expect(confirm.body).toContain('Vybrat jinou banku');
      expect((await session(sessionId)).body).toMatchObject({ state: 'AwaitingBankSelection', connectionId: null });
      // "Choose another bank" from the error page returns to the picker.
      expect((await t.call('POST', `${flow}/provider`, { headers: form(cookie), body: 'providerId=' })).status).toBe(303);
      expect((await t.call('GET', flow, { headers: { cookie } })).body).toContain('Vyberte svou banku');
    } finally {
      await t.db.updateTable('providers').set({ status: 'Active' }).where('code', '=', code).execute();
    }
  });

  it('skipConsentScreen with an unavailable bank shows the error page with Cancel, not a dead end', async () => {
    const code = providerIds.direct;
    const permitted = await t.newPartner({ name: 'Skipper', skipConsentScreenAllowed: true });
    const created = await create({ returnUrl, locale: 'cs', providerId: await providerId(t, code), skipConsentScreen: true }, {}, permitted.apiKey, await t.newClient(permitted.apiKey));
    const { flow, cookie } = await openSession(created.body.hostedUrl);
    await t.db.updateTable('providers').set({ status: 'Inactive' }).where('code', '=', code).execute();
    try {
      expectCzechErrorPage(await t.call('GET', flow, { headers: { cookie } }), flow);
    } finally {
      await t.db.updateTable('providers').set({ status: 'Active' }).where('code', '=', code).execute();
    }
  });

  it('a double submit of Continue creates one connection and sends both answers on (no error page)', async () => {
    const { sessionId, hostedUrl } = (await create({ returnUrl, providerId: await providerId(t, providerIds.vltava) })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    const replies = await Promise.all([0, 1, 2].map(() => t.call('POST', `${flow}/confirm`, { headers: form(cookie), body: '' })));
    for (const reply of replies) {
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toMatch(new RegExp(`/sandbox-bank/vltava_xf/authorize\\?state=|^${flow}$`));
    }
    const connections = await t.db.selectFrom('connections').select('id').where('sessionId', '=', sessionId).execute();
    expect(connections).toHaveLength(1);
    const page = await t.call('GET', flow, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Open Vltava Bank');
  });

  it('a session created with providerId keeps its bank when the form posts an empty or another providerId', async () => {
    const { hostedUrl } = (await create({ returnUrl, providerId: await providerId(t, providerIds.vltava) })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    for (const other of ['', await providerId(t, 'moravska_sporitelna_xf')]) {
      expect((await t.call('POST', `${flow}/provider`, { headers: form(cookie), body: `providerId=${other}` })).headers.get('location')).toBe(flow);
      const page = await t.call('GET', flow, { headers: { cookie } });
      expect(page.body).toContain('Continue to Vltava Bank');
      expect(page.body).not.toContain('Choose another bank');
    }
  });

  it('pages of an unknown session or without the cookie say so in the right language', async () => {
    const { hostedUrl } = (await create({ returnUrl, locale: 'de' })).body;
    const { flow } = await openSession(hostedUrl);
    const noCookie = await t.call('GET', flow);
    expect(noCookie.status).toBe(400);
    expect(noCookie.body).toContain('Verbindung nicht gefunden');
    const unknown = await t.call('GET', '/connect/s/00000000-0000-4000-8000-000000000000', { headers: { 'accept-language': 'fr-FR, pl;q=0.8, en;q=0.5' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('Nie znaleziono połączenia');
    expect((await t.call('GET', '/connect/s/not-a-session', { headers: { 'accept-language': 'sk' } })).body).toContain('Niečo sa pokazilo');
  });

  it('the bank callback\'s "link not valid" page follows the browser language', async () => {
    const reply = await t.call('GET', '/connect/bank-callback?state=unknown-state', { headers: { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('<html lang="cs">');
    expect(reply.body).toContain('Neplatný odkaz');
    expect((await t.call('GET', '/connect/bank-callback?state=unknown-state')).body).toContain('Link not valid');
  });
});

describe('return from the bank', () => {
  /** A session with Vltava Bank confirmed in its own browser; answers the bank address and the session's page. */
  async function atTheBank(locale = 'en') {
    const { sessionId, hostedUrl } = (await create({ returnUrl, locale, providerId: await providerId(t, providerIds.vltava) })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    const confirm = await t.call('POST', `${flow}/confirm`, { headers: form(cookie), body: '' });
    expect(confirm.status).toBe(303);
    return { sessionId, flow, cookie, bankUrl: confirm.headers.get('location')! };
  }

  it('in a browser without the cookie (bank app to system browser) reaches returnUrl; the session completes with every account', async () => {
    const { sessionId, flow, bankUrl } = await atTheBank();
    const bankReturn = await walkBank(bankUrl, 'user_ok');
    expect(bankReturn.pathname).toBe(`${flow}/bank-return`);
    expect(bankReturn.searchParams.get('ref')).toBeTruthy();
    // HEAD is not a way in: it changes nothing.
    expect((await t.call('HEAD', bankReturn.pathname + bankReturn.search)).status).toBe(405);
    expect((await session(sessionId)).body.state).not.toBe('Completed');

    const back = await t.call('GET', bankReturn.pathname + bankReturn.search);
    expect(back.status).toBe(303);
    const target = new URL(back.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('http://localhost:8080/done');
    const done = await waitForState(sessionId, ['Completed', 'Failed']);
    expect(Object.fromEntries(target.searchParams)).toEqual({ app: '1', connectionId: done.connectionId, resultCode: 'Ok', sessionId });
    expect(done).toMatchObject({ state: 'Completed', resultCode: 'Ok', error: null });
    const all = (await t.call('GET', `/v1/connections/${done.connectionId}/accounts?subscription=all`, { key, clientId })).body as { subscribed: boolean }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a) => a.subscribed)).toBe(true);
  });

  it('in a browser without the cookie after a refusal reaches returnUrl with the error', async () => {
    const { sessionId, bankUrl } = await atTheBank();
    const bankReturn = await walkBank(bankUrl, 'user_fail');
    const back = await t.call('GET', bankReturn.pathname + bankReturn.search);
    const target = new URL(back.headers.get('location')!);
    expect(target.searchParams.get('resultCode')).toBe('Error');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect((await session(sessionId)).body.state).toBe('Failed');
  });

  it('refuses a missing or forged ref (in the session language) and changes nothing', async () => {
    const { sessionId, flow, bankUrl } = await atTheBank('cs');
    const other = await atTheBank();
    const bankReturn = await walkBank(bankUrl, 'user_ok');
    const ref = bankReturn.searchParams.get('ref')!;
    const otherRef = new URL(await walkBank(other.bankUrl, 'user_ok')).searchParams.get('ref')!;
    for (const bad of ['', '?ref=', `?ref=${ref.slice(0, -2)}xx`, `?ref=${otherRef}`, `?ref=${ref}.x`]) {
      const reply = await t.call('GET', `${flow}/bank-return${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body).toContain('Připojení nenalezeno');
    }
    // A valid ref of one session does not work on another's path.
    expect((await t.call('GET', `${other.flow}/bank-return?ref=${ref}`)).status).toBe(400);
    const row = await t.db.selectFrom('connectSessions').select('accountsSelectedAt').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.accountsSelectedAt).toBeNull();
  });

  it('in the browser that started continues the flow there', async () => {
    const { flow, cookie, bankUrl } = await atTheBank();
    const bankReturn = await walkBank(bankUrl, 'user_ok');
    const back = await t.call('GET', bankReturn.pathname + bankReturn.search, { headers: { cookie } });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(flow);
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

describe('races of Cancel', () => {
  /** A session with Vltava Bank preset (of client `c`), opened in its own browser. */
  async function openedAtConsent(c = clientId) {
    const { sessionId, hostedUrl } = (await create({ returnUrl, providerId: await providerId(t, providerIds.vltava) }, {}, key, c)).body;
    return { sessionId, ...(await openSession(hostedUrl)) };
  }
  const post = (path: string, cookie: string) => t.call('POST', path, { headers: form(cookie), body: '' });
  const connectionsOf = (sessionId: string) => t.db.selectFrom('connections').select('id').where('sessionId', '=', sessionId).execute();

  /** Posts Cancel on `flow`; `meanwhile` runs once, just before the cancel acts on the session's connection (cancelJourney). */
  async function cancelRacing(flow: string, cookie: string, meanwhile: () => Promise<void>) {
    const { connections } = t.sandboxServices(partnerId);
    const cancelJourney = connections.cancelJourney;
    const spy = vi.spyOn(connections, 'cancelJourney').mockImplementationOnce(async (id) => {
      await meanwhile();
      return cancelJourney(id);
    });
    try {
      return await post(`${flow}/cancel`, cookie);
    } finally {
      spy.mockRestore();
    }
  }

  it.each([
    ['stores the connection', false],
    ['fails', true],
  ])('with Continue: a cancel landing after the session was claimed wins when the creation %s; no connection, no bank', async (_, creationFails) => {
    const { sessionId, flow, cookie } = await openedAtConsent();
    const requireClient = t.services.clients.require;
    // Continue has claimed the session and is creating the connection when the user cancels in another tab.
    const spy = vi.spyOn(t.services.clients, 'require').mockImplementationOnce(async (auth, c) => {
      expect((await post(`${flow}/cancel`, cookie)).status).toBe(303);
      if (creationFails) throw new ApiError('internal_error', 'The bank is unavailable', { status: 503 });
      return requireClient(auth, c);
    });
    try {
      const confirm = await post(`${flow}/confirm`, cookie);
      if (!creationFails) expect(confirm.headers.get('location')).toBe(flow);
    } finally {
      spy.mockRestore();
    }
    expect((await session(sessionId)).body).toMatchObject({ state: 'Cancelled', resultCode: 'Cancelled', error: 'user_cancelled', connectionId: null });
    expect(await connectionsOf(sessionId)).toEqual([]);
    const page = await t.call('GET', flow, { headers: { cookie } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toContain('resultCode=Cancelled');
  });

  it('with Continue: a failure right after the connection was stored leaves the session pointing at it; Continue again creates no second one', async () => {
    const { sessionId, flow, cookie } = await openedAtConsent();
    const { connections } = t.sandboxServices(partnerId);
    const createConnection = connections.create;
    // As if the process died (or the next statement failed) just after the connection's transaction committed.
    const spy = vi.spyOn(connections, 'create').mockImplementationOnce(async (...args) => {
      await createConnection(...args);
      throw new ApiError('internal_error', 'failed after the commit', { status: 500 });
    });
    try {
      expect((await post(`${flow}/confirm`, cookie)).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const [connection, ...more] = await connectionsOf(sessionId);
    expect(more).toEqual([]);
    expect((await session(sessionId)).body).toMatchObject({ state: 'RedirectedToBank', connectionId: connection!.id });
    const again = await post(`${flow}/confirm`, cookie);
    expect(again.headers.get('location')).toContain('/sandbox-bank/vltava_xf/authorize?state=');
    expect(await connectionsOf(sessionId)).toHaveLength(1);
    // The session follows that connection's events: the bank's refusal puts it on the failure page (Try again), still pointing at that connection.
    expect(new URL(await walkBank(again.headers.get('location')!, 'user_fail')).searchParams.get('error')).toBe('access_denied');
    expect((await session(sessionId)).body).toMatchObject({ state: 'AwaitingBankSelection', resultCode: null, error: 'access_denied', connectionId: connection!.id });
  });

  it('with the download: a connection that became Active after the cancel read it Pending is revoked (Inactive, ConnectionConsentRevoked)', async () => {
    const { sessionId, flow, cookie } = await openedAtConsent();
    const bankUrl = (await post(`${flow}/confirm`, cookie)).headers.get('location')!;
    const { connectionId } = (await session(sessionId)).body;
    // The user finished at the bank in another tab, and the download made the connection Active, just before the cancel acts on it.
    const cancelled = await cancelRacing(flow, cookie, async () => {
      await walkBank(bankUrl, 'user_ok');
      expect(await settle(t, key, clientId, connectionId)).toBe('Active');
    });
    expect(cancelled.status).toBe(303);
    expect(Object.fromEntries(new URL(cancelled.headers.get('location')!).searchParams)).toMatchObject({ connectionId, resultCode: 'Cancelled', error: 'user_cancelled' });
    expect((await session(sessionId)).body).toMatchObject({ state: 'Cancelled', resultCode: 'Cancelled', error: 'user_cancelled', connectionId });
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Inactive');
    await receiver.waitFor((r) => r.some((x) => x.json.type === 'ConnectionConsentRevoked' && x.json.data.connectionId === connectionId));
  });

  it("with the client's deletion: the page says the link is no longer valid (404), not a server error", async () => {
    const doomed = await t.newClient(key);
    const { sessionId, flow, cookie } = await openedAtConsent(doomed);
    expect((await post(`${flow}/confirm`, cookie)).status).toBe(303);
    const reply = await cancelRacing(flow, cookie, async () => {
      expect((await t.call('DELETE', `/v1/clients/${doomed}`, { key, clientId: doomed })).status).toBe(204);
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toContain('Link not valid');
    expect(errorCode(await session(sessionId, key, doomed))).toBe('not_found');
    // Afterwards the session's pages no longer know it.
    expect((await post(`${flow}/cancel`, cookie)).status).toBe(400);
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

describe('housekeeping', () => {
  /** A session cancelled now in its own browser. */
  async function cancelledSession(): Promise<string> {
    const { sessionId, hostedUrl } = (await create({ returnUrl })).body;
    const { flow, cookie } = await openSession(hostedUrl);
    expect((await t.call('POST', `${flow}/cancel`, { headers: form(cookie), body: '' })).status).toBe(303);
    return sessionId;
  }

  it('deletes connect sessions 30 days after they ended; recently ended and open ones stay', async () => {
    const old = await cancelledSession();
    t.clock.advance(30 * 86_400_000 + 60_000);
    const recent = await cancelledSession();
    const open = (await create({ returnUrl })).body.sessionId;
    await pruneExpiredRecords(t.services);
    expect(errorCode(await session(old))).toBe('not_found');
    expect((await session(recent)).body.state).toBe('Cancelled');
    expect((await session(open)).body.state).toBe('AwaitingBankSelection');
  });
});
