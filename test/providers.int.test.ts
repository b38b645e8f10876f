/** Spec "GET /v1/providers"; DESIGN.md §7 visibility rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let apiKey: string;
let partnerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ apiKey, partnerId } = await t.newPartner());
});
afterAll(() => t.close());

async function allPages(key: string, query: string, limit: number) {
  const seen: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const reply: any = await t.call('GET', `/v1/providers?limit=${limit}${query}${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    expect(reply.status).toBe(200);
    expect(reply.body.limit).toBe(limit);
    expect(reply.body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...reply.body.data);
    cursor = reply.body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return seen;
}

describe('GET /v1/providers', () => {
  it('lists the sandbox catalog: at least 12 banks over at least 6 countries, codes ending _xf, with BICs and time zones', async () => {
    const reply = await t.call('GET', '/v1/providers', { key: apiKey });
    expect(reply.status).toBe(200);
    expect(reply.body.limit).toBe(100);
    expect(reply.body.nextCursor).toBeNull();
    const providers = reply.body.data as any[];
    expect(providers.length).toBeGreaterThanOrEqual(12);
    expect(new Set(providers.map((p) => p.countryCode)).size).toBeGreaterThanOrEqual(6);
    for (const p of providers) {
      expect(p.code).toMatch(/_xf$/);
      expect(p.bicCodes.length).toBeGreaterThan(0);
      expect(p.timeZone).toMatch(/^Europe\//);
      expect(['Active', 'Inactive']).toContain(p.status);
    }
  });

  it('pages with an opaque keyset cursor without duplicates or gaps', async () => {
    const everything = (await t.call('GET', '/v1/providers?limit=500', { key: apiKey })).body.data as any[];
    for (const limit of [1, 2, 5]) {
      const paged = await allPages(apiKey, '', limit);
      expect(paged.map((p) => p.id)).toEqual(everything.map((p) => p.id));
    }
  });

  it('answers limit=0 with an empty page and the cursor of the position', async () => {
    const reply = await t.call('GET', '/v1/providers?limit=0', { key: apiKey });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ limit: 0, data: [], nextCursor: expect.any(String) });
    const fromStart = await t.call('GET', `/v1/providers?limit=2&nextCursor=${reply.body.nextCursor}`, { key: apiKey });
    const first = await t.call('GET', '/v1/providers?limit=2', { key: apiKey });
    expect(fromStart.body).toEqual(first.body);
    const here = await t.call('GET', `/v1/providers?limit=0&nextCursor=${first.body.nextCursor}`, { key: apiKey });
    expect(here.body.nextCursor).toBe(first.body.nextCursor);
    const none = await t.call('GET', '/v1/providers?limit=0&search=no-such-bank-anywhere', { key: apiKey });
    expect(none.body).toEqual({ limit: 0, nextCursor: null, data: [] });
  });

  it('rejects a limit outside 0..500 and a forged cursor with validation_error', async () => {
    for (const query of ['limit=-1', 'limit=501', 'limit=abc', 'nextCursor=abc', 'nextCursor=WyJ4IiwieSJd.forgedtagforgedtagforg', 'country=cz', 'country=CZE']) {
      const reply = await t.call('GET', `/v1/providers?${query}`, { key: apiKey });
      expect(reply.status, query).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
    }
  });

  it('filters by country and by case-insensitive name search', async () => {
    const cz = await allPages(apiKey, '&country=CZ', 2);
    expect(cz.length).toBeGreaterThan(1);
    expect(cz.every((p) => p.countryCode === 'CZ')).toBe(true);
    const search = (await t.call('GET', `/v1/providers?search=${encodeURIComponent('VLTAVA')}`, { key: apiKey })).body.data as any[];
    expect(search.map((p) => p.code)).toEqual(['vltava_xf']);
    const diacritics = (await t.call('GET', `/v1/providers?search=${encodeURIComponent('spořitel')}`, { key: apiKey })).body.data as any[];
    expect(diacritics.map((p) => p.code)).toEqual(['moravska_sporitelna_xf']);
    const wildcard = (await t.call('GET', `/v1/providers?search=${encodeURIComponent('%')}`, { key: apiKey })).body.data as any[];
    expect(wildcard).toEqual([]);
  });

  it('hides Hidden and Disabled providers and shows Inactive ones', async () => {
    const codes = (await t.call('GET', '/v1/providers?limit=500', { key: apiKey })).body.data.map((p: any) => p.code);
    expect(codes).toContain('donau_private_xf');
    expect(codes).not.toContain('pennine_hidden_xf');
    expect(codes).not.toContain('clyde_retired_xf');
  });

  it('shows non-regulated providers only with capability nonRegulatedProviders', async () => {
    const withCapability = (await t.call('GET', '/v1/providers?limit=500', { key: apiKey })).body.data.map((p: any) => p.code);
    expect(withCapability).toContain('baltyk_pay_xf');
    const other = await t.newPartner({ capabilities: ['refresh'] });
    const without = (await t.call('GET', '/v1/providers?limit=500', { key: other.apiKey })).body.data.map((p: any) => p.code);
    expect(without).not.toContain('baltyk_pay_xf');
  });

  it("applies the partner's countries", async () => {
    const limited = await t.newPartner({ countries: ['SK', 'AT'] });
    const countries = new Set((await t.call('GET', '/v1/providers?limit=500', { key: limited.apiKey })).body.data.map((p: any) => p.countryCode));
    expect([...countries].sort()).toEqual(['AT', 'SK']);
    const none = await t.newPartner({ countries: [] });
    expect((await t.call('GET', '/v1/providers', { key: none.apiKey })).body.data).toEqual([]);
  });

  it('shows sandbox providers to sandbox keys only', async () => {
    const live = await t.newKey(partnerId, 'live');
    const reply = await t.call('GET', '/v1/providers', { key: live });
    expect(reply.status).toBe(200);
    expect(reply.body.data.filter((p: any) => p.code.endsWith('_xf'))).toEqual([]);
  });

  it('keeps a cursor bound to its query', async () => {
    const first = await t.call('GET', '/v1/providers?limit=1&country=CZ', { key: apiKey });
    const reply = await t.call('GET', `/v1/providers?limit=1&country=DE&nextCursor=${encodeURIComponent(first.body.nextCursor)}`, { key: apiKey });
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe('validation_error');
  });
});
