import { describe, expect, it } from 'vitest';
import { XS2A_DEFAULTS } from './berlin-group/config.ts';
import { BerlinGroupConnector } from './berlin-group/berlin-group-connector.ts';
import { BankError } from './connector.ts';
import { Banks } from './index.ts';
import type { SandboxState } from './sandbox/sandbox-state.ts';
import { AdjustableClock } from '../lib/clock.ts';

const banks = new Banks({ baseUrl: 'http://localhost:3000', slowMs: 1000, state: {} as SandboxState, clock: new AdjustableClock() });
const live = { mode: 'live' as const, code: 'cz_bank', name: 'Bank', timeZone: 'Europe/Prague', connector: 'berlin-group' as const, status: 'Active' as const, xs2a: { ...XS2A_DEFAULTS, baseUrl: 'https://bank.example' } };

describe('Banks.connectorFor', () => {
  it('serves sandbox providers with the sandbox connector', () => {
    expect(banks.connectorFor({ ...live, mode: 'sandbox', connector: 'sandbox', xs2a: null })).toBe(banks.sandbox);
  });

  it('builds one BerlinGroupConnector per live provider, and a new one when its catalog row changed', () => {
    const first = banks.connectorFor(live);
    expect(first).toBeInstanceOf(BerlinGroupConnector);
    expect(banks.connectorFor({ ...live })).toBe(first);
    const changed = banks.connectorFor({ ...live, xs2a: { ...live.xs2a, frequencyPerDay: 2 } });
    expect(changed).not.toBe(first);
    expect(changed.traits('cz_bank').dailyRefreshQuota).toBe(2);
  });

  it('throws provider_unavailable for a live provider without Berlin Group settings, and names the provider when a certificate file is missing', () => {
    expect(() => banks.connectorFor({ ...live, xs2a: null })).toThrow(BankError);
    expect(() => banks.verify([{ ...live, code: 'cz_broken', xs2a: { ...live.xs2a, tls: { certFile: '/nonexistent/qwac.pem', keyFile: '/nonexistent/qwac.key' } } }])).toThrow(/cz_broken/);
    expect(() => banks.verify([{ ...live, code: 'cz_off', status: 'Disabled', xs2a: { ...live.xs2a, tls: { certFile: '/nonexistent/qwac.pem', keyFile: '/nonexistent/qwac.key' } } }])).not.toThrow();
  });
});
