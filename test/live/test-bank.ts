/**
 * A small stateful ASPSP speaking NextGenPSD2 XS2A 1.3.11 (issue 13 "How it is shown"), for the
 * live tests and `npm run live-demo`. Plain node:http, importable outside vitest. It sits behind
 * the Prism gate (prism-gate.ts); its SCA page and its control endpoints are reached directly.
 *
 * - Consents: received -> valid (SCA approved) / rejected (SCA denied) -> terminatedByTpp (DELETE)
 *   / revokedByPsu (control) / expired (the bank's clock passed validUntil, a local date in
 *   `timeZone`, inclusive). The bank's clock is the real time plus a control-set offset.
 * - SCA: `GET /sca/{consentId}` is an HTML page with Approve / Deny; `?approve=1` / `?deny=1`
 *   answer 302 to the TPP-Redirect-URI / TPP-Nok-Redirect-URI.
 * - Data: one PSU with a current account (paged transactions, pending ones) and a savings
 *   account; pages of `pageSize` linked by relative `_links.next`. Calls without PSU-IP-Address
 *   count per consent, account resource (list, balances, transactions) and local day; past the
 *   consent's frequencyPerDay they answer 429 ACCESS_EXCEEDED (only a query's first page counts).
 * - Ids: `idMode` 'entryReference' gives every transaction an entryReference kept when a pending
 *   one books; 'none' gives no ids at all (the service matches pending -> booked itself).
 * - Switches (control): 401 CONSENT_EXPIRED, revoke at the bank, 429, 5xx for the next N data
 *   calls, slow answers.
 *
 * Controls: `POST /_control/{action}` with a JSON body (see `control`), or the methods directly.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TZDate } from '@date-fns/tz';

export type ConsentStatus = 'received' | 'valid' | 'rejected' | 'expired' | 'revokedByPsu' | 'terminatedByTpp';

export interface BankConsent {
  consentId: string;
  status: ConsentStatus;
  access: Record<string, unknown>;
  recurringIndicator: boolean;
  validUntil: string;
  frequencyPerDay: number;
  redirectUri: string;
  nokRedirectUri: string;
  lastActionDate: string;
}

export interface BankTransactionRecord {
  entryReference: string;
  bookingStatus: 'booked' | 'pending';
  date: string;
  amount: string;
  creditorName?: string;
  debtorName?: string;
  remittanceInformationUnstructured?: string;
  endToEndId?: string;
  bankTransactionCode?: string;
}

interface BankAccountRecord {
  resourceId: string;
  iban: string;
  currency: string;
  name: string;
  product: string;
  cashAccountType: 'CACC' | 'SVGS';
  balance: number;
  transactions: BankTransactionRecord[];
}

export interface Switches {
  /** Data calls answer 401 CONSENT_EXPIRED. */
  consentExpired: boolean;
  /** Data calls answer 429 ACCESS_EXCEEDED. */
  accessExceeded: boolean;
  /** The next N data calls answer 503. */
  failNext: number;
  /** Every XS2A answer waits this long. */
  slowMs: number;
}

export interface TestBankOptions {
  /** Port to listen on (default: any free one). */
  port?: number;
  /** Transactions per page (default 10). */
  pageSize?: number;
  /** The bank's time zone (default Europe/Prague). */
  timeZone?: string;
  /** Booked transactions of the current account (default 25: three pages). */
  bookedCount?: number;
  idMode?: 'entryReference' | 'none';
}

/** One XS2A request the bank received (after the gate). */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

const DAY_MS = 86_400_000;

export class TestBank {
  readonly consents = new Map<string, BankConsent>();
  readonly requests: ReceivedRequest[] = [];
  switches: Switches = { consentExpired: false, accessExceeded: false, failNext: 0, slowMs: 0 };
  clockOffsetMs = 0;
  idMode: 'entryReference' | 'none';
  private accounts: BankAccountRecord[] = [];
  private readonly counters = new Map<string, number>();
  private readonly server: Server;
  private readonly pageSize: number;
  private readonly timeZone: string;
  private readonly bookedCount: number;
  private baseUrl = '';

  constructor(private readonly options: TestBankOptions = {}) {
    this.pageSize = options.pageSize ?? 10;
    this.timeZone = options.timeZone ?? 'Europe/Prague';
    this.bookedCount = options.bookedCount ?? 25;
    this.idMode = options.idMode ?? 'entryReference';
    this.seed();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.end(String(error.message));
      });
    });
  }

  /** Listens on 127.0.0.1; answers the bank's direct address (http://127.0.0.1:PORT). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return this.baseUrl;
  }

  /** The bank's clock. */
  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /** Back to the seeded data, no consents, no switches, no offset. */
  reset(options: { idMode?: 'entryReference' | 'none' } = {}): void {
    this.consents.clear();
    this.requests.length = 0;
    this.counters.clear();
    this.switches = { consentExpired: false, accessExceeded: false, failNext: 0, slowMs: 0 };
    this.clockOffsetMs = 0;
    this.idMode = options.idMode ?? this.options.idMode ?? 'entryReference';
    this.seed();
  }

  /** Approves (or denies) the consent's SCA as the PSU would; answers the address the PSU is sent to. */
  authorize(consentId: string, approve = true): string {
    const consent = this.consent(consentId);
    if (!consent || consent.status !== 'received') throw new Error(`No consent ${consentId} awaiting SCA`);
    consent.status = approve ? 'valid' : 'rejected';
    return approve ? consent.redirectUri : consent.nokRedirectUri;
  }

  /** The PSU revokes the consent at the bank. */
  revokeAtBank(consentId: string): void {
    this.consent(consentId)!.status = 'revokedByPsu';
  }

  /** Books every pending transaction of the current account (a day later), keeping entryReference. */
  bookPending(): void {
    for (const t of this.accounts[0]!.transactions) {
      if (t.bookingStatus === 'pending') t.bookingStatus = 'booked';
    }
  }

  /** Drops the pending transaction `entryReference` without booking it (an authorization that lapsed). */
  dropPending(entryReference: string): void {
    const list = this.accounts[0]!.transactions;
    list.splice(list.findIndex((t) => t.entryReference === entryReference && t.bookingStatus === 'pending'), 1);
  }

  /** Adds a transaction to the current account. */
  addTransaction(record: Omit<BankTransactionRecord, 'entryReference'>): BankTransactionRecord {
    const full = { ...record, entryReference: `E${randomUUID().slice(0, 8)}` };
    this.accounts[0]!.transactions.push(full);
    return full;
  }

  /** Background (no PSU-IP-Address) reads of `path` (e.g. /v1/accounts/acc-current/transactions) under `consentId` on the bank's local day. */
  backgroundReads(consentId: string, path: string): number {
    return this.counters.get(`${consentId}:${path}:${this.localDate(this.now())}`) ?? 0;
  }

  /** Applies a control action (also reached as `POST /_control/{action}`). */
  control(action: string, body: Record<string, any>): unknown {
    switch (action) {
      case 'reset':
        return this.reset(body);
      case 'switches':
        return (this.switches = { ...this.switches, ...body });
      case 'clock':
        return (this.clockOffsetMs = Number(body.offsetMs ?? 0));
      case 'authorize':
        return { location: this.authorize(body.consentId, body.approve !== false) };
      case 'revoke':
        return this.revokeAtBank(body.consentId);
      case 'book':
        return this.bookPending();
      case 'consents':
        return [...this.consents.values()];
      default:
        throw new Error(`Unknown control ${action}`);
    }
  }

  private seed(): void {
    const today = this.now().getTime();
    const date = (daysAgo: number) => this.localDate(new Date(today - daysAgo * DAY_MS));
    const current: BankTransactionRecord[] = [];
    for (let i = 0; i < this.bookedCount; i++) {
      const incoming = i % 5 === 0;
      current.push({
        entryReference: `E-CUR-${String(i).padStart(3, '0')}`,
        bookingStatus: 'booked',
        date: date(2 + i),
        amount: incoming ? '1500.00' : (-(10 + i * 3.5)).toFixed(2),
        ...(incoming ? { debtorName: 'Zaměstnavatel a.s.', remittanceInformationUnstructured: `Mzda /VS${2024000 + i}/KS0138` } : { creditorName: `Obchod ${i}`, remittanceInformationUnstructured: `Platba kartou ${i}` }),
        bankTransactionCode: incoming ? 'PMNT-RCDT-ESCT' : 'PMNT-CCRD-POSD',
      });
    }
    current.push({ entryReference: 'E-PEND-1', bookingStatus: 'pending', date: date(0), amount: '-42.90', creditorName: 'Kavárna Slavia', remittanceInformationUnstructured: 'Platba kartou' });
    current.push({ entryReference: 'E-PEND-2', bookingStatus: 'pending', date: date(1), amount: '-199.00', creditorName: 'Potraviny', remittanceInformationUnstructured: 'Nákup' });
    this.accounts = [
      { resourceId: 'acc-current', iban: 'CZ6508000000192000145399', currency: 'CZK', name: 'Běžný účet', product: 'Osobní účet', cashAccountType: 'CACC', balance: 25_430.5, transactions: current },
      {
        resourceId: 'acc-savings',
        iban: 'CZ6907100000000000123457',
        currency: 'CZK',
        name: 'Spořicí účet',
        product: 'Spoření',
        cashAccountType: 'SVGS',
        balance: 120_000,
        transactions: [{ entryReference: 'E-SAV-1', bookingStatus: 'booked', date: date(3), amount: '250.00', debtorName: 'Banka', remittanceInformationUnstructured: 'Úroky', endToEndId: 'VS77/SS1/KS0898' }],
      },
    ];
  }

  private localDate(at: Date): string {
    const local = new TZDate(at.getTime(), this.timeZone);
    return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  }

  /** The consent with its status moved on by the bank's clock (past validUntil = expired). */
  private consent(consentId: string): BankConsent | undefined {
    const consent = this.consents.get(consentId);
    if (consent && (consent.status === 'valid' || consent.status === 'received') && this.localDate(this.now()) > consent.validUntil) consent.status = 'expired';
    return consent;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://bank');
    const path = url.pathname.replace(/^\/psd2/, '');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};

    if (path.startsWith('/_control/')) return json(res, 200, this.control(path.slice('/_control/'.length), body) ?? { ok: true });
    if (path.startsWith('/sca/')) return this.sca(decodeURIComponent(path.slice('/sca/'.length)), url, res);

    this.requests.push({ method: req.method ?? 'GET', path: `${path}${url.search}`, headers: req.headers });
    const requestId = String(req.headers['x-request-id'] ?? randomUUID());
    res.setHeader('X-Request-ID', requestId);
    if (this.switches.slowMs) await sleep(this.switches.slowMs);
    const reply = (status: number, payload?: unknown) => json(res, status, payload);
    const error = (status: number, code: string, text: string) => reply(status, { tppMessages: [{ category: 'ERROR', code, text }] });

    const consentMatch = /^\/v1\/consents\/([^/]+)(\/status)?$/.exec(path);
    if (req.method === 'POST' && path === '/v1/consents') return this.createConsent(req, body, res);
    if (consentMatch) {
      const consent = this.consent(decodeURIComponent(consentMatch[1]!));
      if (!consent) return error(404, 'RESOURCE_UNKNOWN', 'No such consent');
      if (req.method === 'DELETE') {
        consent.status = 'terminatedByTpp';
        res.statusCode = 204;
        return void res.end();
      }
      if (consentMatch[2]) return reply(200, { consentStatus: consent.status });
      const { access, recurringIndicator, validUntil, frequencyPerDay, lastActionDate, status } = consent;
      return reply(200, { access, recurringIndicator, validUntil, frequencyPerDay, lastActionDate, consentStatus: status });
    }

    if (!path.startsWith('/v1/accounts')) return error(404, 'RESOURCE_UNKNOWN', 'Unknown resource');
    const consent = this.consent(String(req.headers['consent-id'] ?? ''));
    if (!consent) return error(401, 'CONSENT_UNKNOWN', 'Unknown consent');
    if (this.switches.consentExpired || consent.status === 'expired') return error(401, 'CONSENT_EXPIRED', 'The consent expired');
    if (consent.status !== 'valid') return error(401, 'CONSENT_INVALID', `The consent is ${consent.status}`);
    if (this.switches.failNext > 0) {
      this.switches.failNext--;
      res.statusCode = 503;
      return void res.end();
    }
    if (this.switches.accessExceeded) return error(429, 'ACCESS_EXCEEDED', 'Daily access frequency exceeded');
    consent.lastActionDate = this.localDate(this.now());

    const accountsMatch = /^\/v1\/accounts(?:\/([^/]+)(\/transactions|\/balances)?)?$/.exec(path);
    if (!accountsMatch) return error(404, 'RESOURCE_UNKNOWN', 'Unknown resource');
    const resourceId = accountsMatch[1] ? decodeURIComponent(accountsMatch[1]) : undefined;
    const firstPage = !url.searchParams.get('page');
    if (!req.headers['psu-ip-address'] && firstPage && !this.countBackground(consent, path)) {
      return error(429, 'ACCESS_EXCEEDED', `More than ${consent.frequencyPerDay} background reads today`);
    }
    const visible = this.visibleAccounts(consent);
    if (!resourceId) return reply(200, { accounts: visible.map((a) => this.accountBody(a, url.searchParams.get('withBalance') === 'true' && !('availableAccounts' in consent.access))) });
    const account = visible.find((a) => a.resourceId === resourceId);
    if (!account) return error(404, 'RESOURCE_UNKNOWN', 'Unknown account');
    if (accountsMatch[2] === '/balances') return reply(200, { account: { iban: account.iban, currency: account.currency }, balances: this.balances(account) });
    if (accountsMatch[2] === '/transactions') return reply(200, this.transactionsPage(account, url));
    return reply(200, { account: this.accountBody(account, false) });
  }

  private createConsent(req: IncomingMessage, body: Record<string, any>, res: ServerResponse): void {
    if (!req.headers['psu-ip-address']) return json(res, 400, { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'PSU-IP-Address missing' }] });
    const consentId = `cns-${randomUUID()}`;
    const consent: BankConsent = {
      consentId,
      status: 'received',
      access: body.access,
      recurringIndicator: body.recurringIndicator,
      validUntil: body.validUntil,
      frequencyPerDay: body.frequencyPerDay,
      redirectUri: String(req.headers['tpp-redirect-uri'] ?? ''),
      nokRedirectUri: String(req.headers['tpp-nok-redirect-uri'] ?? req.headers['tpp-redirect-uri'] ?? ''),
      lastActionDate: this.localDate(this.now()),
    };
    this.consents.set(consentId, consent);
    res.setHeader('ASPSP-SCA-Approach', 'REDIRECT');
    json(res, 201, {
      consentStatus: 'received',
      consentId,
      _links: { scaRedirect: { href: `${this.baseUrl}/sca/${consentId}` }, self: { href: `/v1/consents/${consentId}` }, status: { href: `/v1/consents/${consentId}/status` } },
    });
  }

  /** The SCA page: Approve / Deny, or straight to the TPP with `?approve=1` / `?deny=1`. */
  private sca(consentId: string, url: URL, res: ServerResponse): void {
    const consent = this.consent(consentId);
    if (!consent || consent.status !== 'received') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('No consent awaiting authorization');
    }
    if (url.searchParams.has('approve') || url.searchParams.has('deny')) {
      res.writeHead(302, { location: this.authorize(consentId, url.searchParams.has('approve')) });
      return void res.end();
    }
    const what = 'allPsd2' in consent.access ? 'all your accounts' : 'availableAccounts' in consent.access ? 'the list of your accounts' : 'the accounts you choose';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test bank: authorize access</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>Test bank</h1><p>A third party asks to read ${what} until ${consent.validUntil}.</p>
<p><a id="approve" href="?approve=1">Approve</a> &nbsp; <a id="deny" href="?deny=1">Deny</a></p></body></html>`);
  }

  /** Counts a background read; false when the consent's frequencyPerDay is used for today. */
  private countBackground(consent: BankConsent, path: string): boolean {
    const key = `${consent.consentId}:${path}:${this.localDate(this.now())}`;
    const count = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, count);
    return count <= consent.frequencyPerDay;
  }

  /** Accounts the consent covers: all for allPsd2 / availableAccounts / bankOffered, else the listed IBANs. */
  private visibleAccounts(consent: BankConsent): BankAccountRecord[] {
    const listed = (consent.access.accounts ?? consent.access.transactions) as { iban: string }[] | undefined;
    if (!listed?.length) return this.accounts;
    return this.accounts.filter((a) => listed.some((l) => l.iban === a.iban));
  }

  private accountBody(account: BankAccountRecord, withBalance: boolean): Record<string, unknown> {
    const { resourceId, iban, currency, name, product, cashAccountType } = account;
    return { resourceId, iban, currency, name, product, cashAccountType, ...(withBalance ? { balances: this.balances(account) } : {}), _links: { transactions: { href: `/v1/accounts/${resourceId}/transactions` } } };
  }

  private balances(account: BankAccountRecord): unknown[] {
    const amount = (value: number) => ({ currency: account.currency, amount: value.toFixed(2) });
    const pending = account.transactions.filter((t) => t.bookingStatus === 'pending').reduce((sum, t) => sum + Number(t.amount), 0);
    return [
      { balanceType: 'closingBooked', balanceAmount: amount(account.balance) },
      { balanceType: 'interimAvailable', balanceAmount: amount(account.balance + pending) },
    ];
  }

  private transactionsPage(account: BankAccountRecord, url: URL): Record<string, unknown> {
    const dateFrom = url.searchParams.get('dateFrom') ?? '0000-00-00';
    const page = Number(url.searchParams.get('page') ?? '1');
    const all = account.transactions.filter((t) => t.date >= dateFrom).sort((a, b) => (a.bookingStatus === b.bookingStatus ? b.date.localeCompare(a.date) : a.bookingStatus === 'booked' ? -1 : 1));
    const slice = all.slice((page - 1) * this.pageSize, page * this.pageSize);
    const body = (t: BankTransactionRecord) => ({
      ...(this.idMode === 'entryReference' ? { entryReference: t.entryReference } : {}),
      ...(t.bookingStatus === 'booked' ? { bookingDate: t.date } : {}),
      valueDate: t.date,
      transactionAmount: { currency: account.currency, amount: t.amount },
      ...(t.creditorName ? { creditorName: t.creditorName } : {}),
      ...(t.debtorName ? { debtorName: t.debtorName } : {}),
      ...(t.remittanceInformationUnstructured ? { remittanceInformationUnstructured: t.remittanceInformationUnstructured } : {}),
      ...(t.endToEndId ? { endToEndId: t.endToEndId } : {}),
      ...(t.bankTransactionCode ? { bankTransactionCode: t.bankTransactionCode } : {}),
    });
    const next = new URLSearchParams(url.searchParams);
    next.set('page', String(page + 1));
    return {
      account: { iban: account.iban, currency: account.currency },
      transactions: {
        booked: slice.filter((t) => t.bookingStatus === 'booked').map(body),
        pending: slice.filter((t) => t.bookingStatus === 'pending').map(body),
        _links: { account: { href: `/v1/accounts/${account.resourceId}` }, ...(page * this.pageSize < all.length ? { next: { href: `/v1/accounts/${account.resourceId}/transactions?${next}` } } : {}) },
      },
    };
  }
}

function json(res: ServerResponse, status: number, payload: unknown): void {
  if (payload === undefined) {
    res.statusCode = status;
    return void res.end();
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}
