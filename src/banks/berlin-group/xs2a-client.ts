/**
 * One XS2A call to an ASPSP (issue 13 "transport"): undici with an Agent that carries the
 * operator's QWAC for mutual TLS, a fresh `X-Request-ID` (UUID) per call, `PSU-IP-Address` only
 * when the PSU is present, Berlin Group message signing when the provider sets `signing`, a
 * per-call timeout, and error answers turned into BankError (bank-errors.ts). undici (~1 MB of
 * code) is loaded with the first call, so the service starts without it.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'undici';
import { loadUndici } from '../../lib/undici.ts';
import { BankError } from '../connector.ts';
import { bankErrorOf, transportErrorOf } from './bank-errors.ts';
import type { SigningMaterial, TlsMaterial } from './certificates.ts';
import { signRequest } from './message-signing.ts';

export interface Xs2aCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** A path under the provider's base address (`/v1/...`), or an absolute or relative `_links` href. */
  path: string;
  body?: unknown;
  consentId?: string;
  psuIpAddress?: string;
  headers?: Record<string, string>;
}

export interface Xs2aAnswer<T> {
  status: number;
  body: T;
}

export interface Xs2aClientOptions {
  providerCode: string;
  baseUrl: string;
  timeoutMs: number;
  tls?: TlsMaterial;
  signing?: SigningMaterial;
}

export class Xs2aClient {
  /** Made on the first call. */
  private dispatcher: Promise<Agent> | null = null;
  private readonly base: URL;

  constructor(private readonly options: Xs2aClientOptions) {
    this.base = new URL(options.baseUrl.replace(/\/+$/, ''));
  }

  private agent(): Promise<Agent> {
    const { tls, timeoutMs } = this.options;
    this.dispatcher ??= loadUndici().then(
      ({ Agent }) => new Agent({ connect: tls ? { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}) } : {}, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
    );
    return this.dispatcher;
  }

  /**
   * The absolute address of `path`: `/v1/...` under the base address; an href that already starts
   * with the base's path prefix (e.g. `/psd2/v1/...`) on the base's origin; an absolute href only on
   * the base's origin (throws BankError `bank_rejected` otherwise: no consent id goes elsewhere).
   */
  resolve(path: string): string {
    if (/^https?:\/\//i.test(path)) {
      const url = new URL(path);
      if (url.origin !== this.base.origin) throw new BankError('bank_rejected', `${this.options.providerCode}: the bank linked to another host (${url.origin})`);
      return url.toString();
    }
    const prefix = this.base.pathname === '/' ? '' : this.base.pathname;
    if (prefix && path.startsWith(`${prefix}/`)) return `${this.base.origin}${path}`;
    return `${this.base.origin}${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** Sends the call; answers 2xx bodies (parsed JSON, or null when empty); throws BankError otherwise. */
  async call<T>(call: Xs2aCall, accept: (status: number) => boolean = (status) => status >= 200 && status < 300): Promise<Xs2aAnswer<T>> {
    const url = this.resolve(call.path);
    const body = call.body === undefined ? '' : JSON.stringify(call.body);
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': randomUUID(), ...lowerCase(call.headers ?? {}) };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.consentId) headers['consent-id'] = call.consentId;
    if (call.psuIpAddress) headers['psu-ip-address'] = call.psuIpAddress;
    if (this.options.signing) await signRequest(call.method, url, headers, body, this.options.signing);

    const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.agent()]);
    let status: number;
    let text: string;
    try {
      const answer = await request(url, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body } : {}),
        dispatcher,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = answer.statusCode;
      text = await answer.body.text();
    } catch (error) {
      throw transportErrorOf(this.options.providerCode, error, this.options.timeoutMs);
    }
    const parsed = parseJson(text);
    if (!accept(status)) throw bankErrorOf(this.options.providerCode, status, parsed, call.consentId !== undefined);
    return { status, body: parsed as T };
  }

  /** Closes the connections to the bank. */
  async close(): Promise<void> {
    await (await this.dispatcher)?.close();
  }
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
