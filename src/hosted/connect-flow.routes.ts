/**
 * The hosted connect flow's pages (spec "What the service does" 2, "Connect session"; DESIGN.md
 * §8). `GET /connect/{token}` (the hostedUrl) consumes the one-time token, sets the session's own
 * HttpOnly, SameSite=Lax cookie `bankdata_connect_{sessionId}` (its browser secret) and redirects
 * to `/connect/s/{sessionId}`; a second load without that cookie shows "link already used", and a
 * HEAD request (link previewers, mail scanners) consumes nothing. Every step lives under the
 * session's path, so two sessions in one browser never mix: bank picker (country preselected,
 * search), consent information, hand-off to the bank, progress (polling `.../status`), account
 * selection, and finally the redirect to the partner's returnUrl. Every page of a session can
 * cancel; errors render in the session's language with Back and Cancel; an expired session shows
 * a friendly screen. The bank returns the user to `.../bank-return?ref=…`, which also finishes a
 * browser without the cookie (see ConnectSessionsService.returnWithoutBrowser).
 *
 * Issue 17: every page carries the partner's branding (brandOf), a step indicator (bank ->
 * consent -> bank login -> accounts -> done) and a footer naming the operator; banks show their
 * logo (a provider's logoUrl, else our monogram at `/connect/assets/bank-logo/{id}.svg`); a bank
 * refusal or error shows the failure page (Try again, Choose another bank, Back to <partner>);
 * progress shows the counts of the progress webhooks as they grow, also once the accounts are
 * listed: while the transactions download, the progress page offers "Choose accounts now" (the
 * account selection, `?view=accounts`) and moves on to it by itself when the download is done;
 * after the account selection the done page sends the user back while the download completes.
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ConnectSession } from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { ProvidersService } from '../modules/providers/providers.service.ts';
import type { OnDataTime } from '../partner-times.ts';
import { bankLogoUrl, monogramSvg } from './bank-logo.ts';
import { brandOf } from './branding.ts';
import { ApiError } from '../lib/errors.ts';
import { returnUrlWithResult } from '../lib/return-url.ts';
import { Uuid } from '../lib/schemas.ts';
import { flowPath, isBrowserOf, isTerminal, returnTarget, SESSION_DURATION_MS, stepOf, type ConnectSessionsService, type FlowStep } from '../modules/connect-sessions/connect-sessions.service.ts';
import { languageOf, requestLanguage, translator, type Language } from './i18n.ts';
import { formTargetOf, renderPage } from './render.ts';

/** The cookie of one session: each session has its own, so a second session cannot overwrite the first's. */
const cookieName = (sessionId: string) => `bankdata_connect_${sessionId}`;
const FLOW = '/connect/s/:sessionId';
const Params = Type.Object({ sessionId: Uuid });
/** The flow page's query: the picker's filter (country, search), and `view=accounts` to open the account selection while the download runs. */
const FlowQuery = Type.Object({ country: Type.Optional(Type.String({ maxLength: 2 })), q: Type.Optional(Type.String({ maxLength: 100 })), view: Type.Optional(Type.Literal('accounts')) });
type FlowQuery = Static<typeof FlowQuery>;

/** Case- and accent-insensitive search key ("Moravská" -> "moravska"). */
const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** An IBAN in groups of four characters, as printed on cards and statements (wraps on narrow screens). */
const ibanGroups = (iban: string | null) => (iban ?? '').replace(/(.{4})(?!$)/g, '$1 ');

/** Position of a page in the step indicator (bank, consent, bank login, accounts, done); -1 shows none. */
const STEP_INDEX: Partial<Record<FlowStep, number>> = { picker: 0, consent: 1, confirm: 1, bank: 2, failed: 2, progress: 3, accounts: 3, done: 4 };

/**
 * The step the flow's page shows for `s`, whose connection is in `connectionState`: while the
 * transactions download (connection Pending) the account selection waits behind the progress page,
 * which shows the growing counts and links to it; `view=accounts` (that link) opens it at once.
 */
function shownStep(s: ConnectSession, connectionState: string | null, view?: 'accounts'): FlowStep {
  const step = stepOf(s);
  return step === 'accounts' && connectionState === 'Pending' && view !== 'accounts' ? 'progress' : step;
}

/** A provider as the pages show it: `logoUrl` is set by live catalogs (absent for the sandbox banks). */
type ShownProvider = { id: string; name: string; logoUrl?: string | null };

/** `times`: the connect-session service on the time of the session a page loads (src/partner-times.ts). */
export const connectFlowRoutes: FastifyPluginAsync<{ times: OnDataTime<{ connectSessions: ConnectSessionsService }>; providers: ProvidersService; config: Config }> = async (app, { times, providers, config }) => {
  const baseUrl = config.baseUrl;
  const serviceOrigin = new URL(baseUrl).origin;
  const cookieOptions = { path: '/connect', httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https:'), maxAge: SESSION_DURATION_MS / 1000 } as const;

  function message(reply: FastifyReply, lang: Language, key: string, status: number, link?: { href: string; label: string }, values: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
    const t = translator(lang);
    return renderPage(reply, 'connect-message', { lang, t, title: t(`${key}.title`), message: t(`${key}.text`, values), link, ...extra }, status, [], extra.brand ? logosOf(extra.brand as { logoUrl: string | null }) : []);
  }

  /** Absolute logo URLs a page shows (for its CSP img-src). */
  const logosOf = (brand: { logoUrl: string | null }, ...banks: (ShownProvider | undefined)[]) => [brand.logoUrl, ...banks.map((b) => b?.logoUrl)].filter((url): url is string => !!url);

  /**
   * The session named in the path (if any), whether this browser holds its cookie, and the
   * connect-session service on the time of the session's partner (its sandbox clock in sandbox).
   */
  async function located(request: FastifyRequest): Promise<{ session?: ConnectSession; mine: boolean; sessions: ConnectSessionsService }> {
    const { sessionId } = (request.params ?? {}) as { sessionId?: string };
    const sessions = sessionId ? (await times.ofSession(sessionId)).connectSessions : times.real.connectSessions;
    const session = sessionId ? await sessions.find(sessionId) : undefined;
    return { session, mine: session !== undefined && isBrowserOf(session, request.cookies[cookieName(session.id)]), sessions };
  }

  /** The language of a page: the session's when the path names one, else the browser's. */
  const languageFor = (request: FastifyRequest, session?: ConnectSession) => (session ? languageOf(session.locale) : requestLanguage(request));

  /** The session this browser may act on, with its service (see located); renders "not found" and answers null without its cookie. */
  async function current(request: FastifyRequest, reply: FastifyReply): Promise<{ s: ConnectSession; sessions: ConnectSessionsService } | null> {
    const { session, mine, sessions } = await located(request);
    if (mine) return { s: session!, sessions };
    message(reply, languageFor(request, session), 'noSession', 400);
    return null;
  }

  /** What every page of session `s` shows, and a renderer whose forms may end in the partner app's scheme (CSP form-action). */
  async function pageOf(sessions: ConnectSessionsService, s: ConnectSession, reply: FastifyReply) {
    const lang = languageOf(s.locale);
    const t = translator(lang);
    const ctx = await sessions.context(s);
    const step = stepOf(s);
    const brand = brandOf(ctx.partner, config);
    const provider = ctx.provider as ShownProvider | undefined;
    const page = { t, lang, step, stepIndex: STEP_INDEX[step] ?? -1, brand, flow: flowPath(s.id), partnerName: ctx.partnerName, bankName: provider?.name ?? '', bankLogo: provider ? bankLogoUrl(provider) : '' };
    // Forms of these pages may end at the returnUrl (cancel; accounts once the session completes).
    const render = (view: string, data: Record<string, unknown>, status = 200, banks: ShownProvider[] = []) =>
      renderPage(reply, view, { ...page, ...data }, status, [formTargetOf(s.returnUrl)], logosOf(brand, provider, ...banks));
    return { lang, t, ctx, page, render };
  }

  // Pages answer HTML, also when a step is not possible (a bank that just became unavailable, a
  // bad form value): in the session's language with Back and Cancel when the browser holds it.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const given = error instanceof ApiError ? error.status : (error.statusCode ?? 500);
    // 403: a form refused by form-protection.ts (cross-site, or without its token).
    const status = given >= 500 ? 500 : given === 403 ? 403 : 400;
    if (status === 500) request.log.error({ err: error }, 'hosted page failed');
    const { session, mine, sessions } = await located(request).catch(() => ({ session: undefined, mine: false, sessions: undefined }));
    if (!session || !mine || !sessions) return message(reply, languageFor(request, session), 'error', status);
    const { t, page, render } = await pageOf(sessions, session, reply);
    const changeBank = session.state === 'AwaitingBankSelection' && session.providerId !== null && !session.providerPreset;
    return render('connect-message', { title: t('error.title'), message: t('error.text'), link: { href: page.flow, label: t('common.back') }, changeBank, cancel: !isTerminal(session) }, status);
  });

  async function show(sessions: ConnectSessionsService, s: ConnectSession, query: FlowQuery, reply: FastifyReply, psuIpAddress: string) {
    if (stepOf(s) === 'return') return reply.redirect(returnTarget(s), 303);
    if (stepOf(s) === 'confirm') return reply.redirect(await sessions.confirmBank(s, psuIpAddress), 303);
    const { lang, t, ctx, render } = await pageOf(sessions, s, reply);
    const step = shownStep(s, ctx.connectionState, query.view);
    if (step === 'done') return render('connect-done', { returnTarget: returnTarget(s), completed: s.state === 'Completed' });
    if (step === 'failed') return render('connect-failed', { errorCode: s.error, refused: s.error === 'access_denied', providerPreset: s.providerPreset });
    if (step === 'expired') {
      return message(reply, lang, 'expired', 410, { href: returnTarget(s), label: t('expired.back', { partner: ctx.partnerName }) }, { partner: ctx.partnerName });
    }
    if (step === 'picker') {
      const regions = new Intl.DisplayNames([lang], { type: 'region' });
      const listed = await sessions.banks(s);
      // Sorted for the page's language: "Šumava" among the S in Czech, not after Z.
      const collator = new Intl.Collator(lang, { sensitivity: 'base' });
      const countries = [...new Set(listed.map((b) => b.countryCode))].map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
      const wanted = query.country ?? s.country ?? '';
      const country = countries.some((c) => c.code === wanted) ? wanted : '';
      const q = query.q ?? '';
      const banks = [...(listed as (typeof listed[number] & ShownProvider)[])].sort((a, b) => collator.compare(a.name, b.name)).map((b) => ({
        id: b.id,
        name: b.name,
        logoUrl: bankLogoUrl(b),
        countryCode: b.countryCode,
        countryName: regions.of(b.countryCode) ?? b.countryCode,
        key: fold(b.name),
        available: b.status !== 'Inactive',
        shown: (!country || b.countryCode === country) && fold(b.name).includes(fold(q)),
      }));
      return render('connect-picker', { countries, country, q, banks, shown: banks.filter((b) => b.shown).length }, 200, listed);
    }
    if (step === 'consent') {
      const consentUntil = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ctx.consentUntil);
      return render('connect-consent', { consentUntil, providerPreset: s.providerPreset });
    }
    if (step === 'bank') return render('connect-bank', { bankUrl: s.bankUrl });
    if (step === 'accounts') return showAccounts(sessions, s, reply);
    // Before the accounts are listed the counts show "–"; once they are, "Choose accounts now" opens the selection.
    return render('connect-progress', {
      step,
      message: t(`progress.${s.state === 'Fetching' ? 'Fetching' : 'AwaitingAccountSelection'}`),
      accountsFound: s.accountsFound,
      transactionsDownloaded: s.transactionsDownloaded,
      canChoose: step === 'progress' && stepOf(s) === 'accounts' && (s.accountsFound ?? 0) > 0,
    });
  }

  /** The account selection; with `refused` (the ids the user kept, none) the form comes back with its message. */
  async function showAccounts(sessions: ConnectSessionsService, s: ConnectSession, reply: FastifyReply, refused?: string[]) {
    const { lang, t, ctx, render } = await pageOf(sessions, s, reply);
    const accounts = (await sessions.accounts(s))
      .filter((a) => a.subscribed)
      .map((a) => ({
        ...a,
        key: fold(`${a.name} ${a.iban ?? ''}`),
        kept: !refused || refused.includes(a.id),
        ibanText: ibanGroups(a.iban),
        balanceText: new Intl.NumberFormat(lang, { style: 'currency', currency: a.currencyCode }).format(a.balance),
      }));
    const error = refused ? t('accounts.noneSelected', { partner: ctx.partnerName }) : undefined;
    return render('connect-accounts', { accounts, error, downloading: ctx.connectionState === 'Pending', accountsFound: s.accountsFound, transactionsDownloaded: s.transactionsDownloaded }, refused ? 422 : 200);
  }

  // Monogram logos of banks without their own logoUrl: generated here, never fetched.
  app.get('/connect/assets/bank-logo/:file', { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 60 }) }) } }, async (request, reply) => {
    const id = /^([0-9a-f-]{36})\.svg$/.exec((request.params as { file: string }).file)?.[1];
    const provider = id ? await providers.find(id) : undefined;
    if (!provider) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').header('content-security-policy', "default-src 'none'").send(monogramSvg(provider.id, provider.name));
  });

  const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

  // GET only: Fastify's automatic HEAD route would run this handler and consume the link.
  app.get('/connect/:token', { exposeHeadRoute: false, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const { connectSessions } = await times.ofHostedToken(token);
    const opened = await connectSessions.open(token);
    if (opened.kind === 'unknown') return message(reply, requestLanguage(request), 'invalid', 404);
    const flow = flowPath(opened.session.id);
    if (opened.kind === 'used') {
      // The same browser reloading its link continues; any other gets the friendly page.
      if (isBrowserOf(opened.session, request.cookies[cookieName(opened.session.id)])) return reply.redirect(flow, 303);
      // A way back to the partner: the session's outcome once it ended, else link_already_used (the session stays authoritative).
      const partner = await connectSessions.partnerOf(opened.session);
      const brand = brandOf(partner, config);
      const lang = languageOf(opened.session.locale);
      const back = isTerminal(opened.session) ? returnTarget(opened.session) : returnUrlWithResult(opened.session.returnUrl, { connectionId: null, resultCode: 'Error', sessionId: opened.session.id, error: 'link_already_used' });
      return message(reply, lang, 'used', 410, { href: back, label: translator(lang)('used.back', { partner: brand.partnerName }) }, {}, { brand });
    }
    reply.setCookie(cookieName(opened.session.id), opened.browserToken, cookieOptions);
    return reply.redirect(flow, 303);
  });

  // Link previewers and mail scanners probe with HEAD: answer without consuming the token.
  app.head('/connect/:token', { schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const known = await times.real.connectSessions.isHostedToken((request.params as { token: string }).token);
    return reply.status(known ? 200 : 404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  });

  app.get(FLOW, { schema: { hide: true, params: Params, querystring: FlowQuery } }, async (request, reply) => {
    const found = await current(request, reply);
    return found ? show(found.sessions, found.s, request.query as FlowQuery, reply, request.ip) : reply;
  });

  app.get(`${FLOW}/status`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const { session, mine, sessions } = await located(request);
    reply.header('cache-control', 'no-store');
    if (!session || !mine) return reply.status(404).send({ state: null, step: null });
    const { connectionState } = await sessions.context(session);
    return reply.send({
      state: session.state,
      step: shownStep(session, connectionState),
      accountsFound: session.accountsFound,
      transactionsDownloaded: session.transactionsDownloaded,
      downloading: connectionState === 'Pending',
    });
  });

  // A bank chosen in the picker, or '' to go back to it; a session created with providerId keeps its bank.
  app.post(`${FLOW}/provider`, { schema: { hide: true, params: Params, body: Type.Object({ providerId: Type.Union([Uuid, Type.Literal('')]) }) } }, async (request, reply) => {
    const found = await current(request, reply);
    if (!found) return reply;
    const { s, sessions } = found;
    if (s.state === 'AwaitingBankSelection' && !s.providerPreset) await sessions.chooseProvider(s, (request.body as { providerId: string }).providerId || null);
    return reply.redirect(flowPath(s.id), 303);
  });

  app.post(`${FLOW}/confirm`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const found = await current(request, reply);
    if (!found) return reply;
    const { s, sessions } = found;
    // From the failure page this is "Try again": a new bank journey (a new connection) for the same session.
    if (!['consent', 'confirm', 'bank', 'failed'].includes(stepOf(s))) return reply.redirect(flowPath(s.id), 303);
    const bankUrl = await sessions.confirmBank(s, request.ip);
    if (new URL(bankUrl, baseUrl).origin === serviceOrigin) return reply.redirect(bankUrl, 303);
    // A bank on its own origin: Chromium applies CSP form-action to every redirect after a form
    // submission, and the bank's address is known only now. A page that navigates on its own (meta
    // refresh, and a link) starts a new navigation instead, so form-action stays 'self'.
    const { t, ctx } = await pageOf(sessions, s, reply);
    return renderPage(reply, 'connect-bank-redirect', { lang: languageOf(s.locale), title: t('consent.continue', { bank: ctx.provider?.name ?? '' }), bankUrl });
  });

  // The connection's returnUrl: the bank callback sends the user here (its query values are only a
  // hint). The browser that started continues the flow; another one (no cookie) proves the session
  // with `ref` and goes straight to the partner's returnUrl. GET only: HEAD must change nothing.
  app.get(
    `${FLOW}/bank-return`,
    { exposeHeadRoute: false, schema: { hide: true, params: Params, querystring: Type.Object({ ref: Type.Optional(Type.String({ maxLength: 200 })) }) } },
    async (request, reply) => {
      const { session, mine, sessions } = await located(request);
      if (session && mine) {
        await sessions.afterBank(session);
        return reply.redirect(flowPath(session.id), 303);
      }
      const { ref } = request.query as { ref?: string };
      const target = session && ref && sessions.isBankReturnRef(session.id, ref) ? await sessions.returnWithoutBrowser(session) : null;
      return target ? reply.redirect(target, 303) : message(reply, languageFor(request, session), 'noSession', 400);
    },
  );

  app.post(`${FLOW}/accounts`, { schema: { hide: true, params: Params, body: Type.Object({ keep: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])) }) } }, async (request, reply) => {
    const found = await current(request, reply);
    if (!found) return reply;
    const { s, sessions } = found;
    const given = (request.body as { keep?: string | string[] }).keep ?? [];
    const keep = Array.isArray(given) ? given : [given];
    if (stepOf(s) === 'accounts') {
      // Sharing no account is refused with a message (Cancel is the way to share nothing).
      if (keep.length === 0 && (await sessions.accounts(s)).some((a) => a.subscribed)) return showAccounts(sessions, s, reply, []);
      await sessions.selectAccounts(s, keep);
    }
    return reply.redirect(flowPath(s.id), 303);
  });

  app.post(`${FLOW}/cancel`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const found = await current(request, reply);
    if (!found) return reply;
    const { s, sessions } = found;
    await sessions.cancel(s);
    // Gone when its client was deleted meanwhile (its sessions purged): the link is no longer valid.
    const ended = await sessions.find(s.id);
    return ended ? reply.redirect(returnTarget(ended), 303) : message(reply, languageOf(s.locale), 'invalid', 404);
  });
};
