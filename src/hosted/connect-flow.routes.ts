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
 */
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ConnectSession } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { Uuid } from '../lib/schemas.ts';
import { flowPath, isBrowserOf, isTerminal, returnTarget, SESSION_DURATION_MS, stepOf, type ConnectSessionsService } from '../modules/connect-sessions/connect-sessions.service.ts';
import { languageOf, requestLanguage, translator, type Language } from './i18n.ts';
import { renderPage } from './render.ts';

/** The cookie of one session: each session has its own, so a second session cannot overwrite the first's. */
const cookieName = (sessionId: string) => `bankdata_connect_${sessionId}`;
const FLOW = '/connect/s/:sessionId';
const Params = Type.Object({ sessionId: Uuid });

/** Case- and accent-insensitive search key ("Moravská" -> "moravska"). */
const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** An IBAN in groups of four characters, as printed on cards and statements (wraps on narrow screens). */
const ibanGroups = (iban: string | null) => (iban ?? '').replace(/(.{4})(?!$)/g, '$1 ');

export const connectFlowRoutes: FastifyPluginAsync<{ connectSessions: ConnectSessionsService; baseUrl: string }> = async (app, { connectSessions, baseUrl }) => {
  await app.register(cookie);
  const cookieOptions = { path: '/connect', httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https:'), maxAge: SESSION_DURATION_MS / 1000 } as const;

  function message(reply: FastifyReply, lang: Language, key: string, status: number, link?: { href: string; label: string }, values: Record<string, string> = {}) {
    const t = translator(lang);
    return renderPage(reply, 'connect-message', { lang, title: t(`${key}.title`), message: t(`${key}.text`, values), link }, status);
  }

  /** The session named in the path (if any) and whether this browser holds its cookie. */
  async function located(request: FastifyRequest): Promise<{ session?: ConnectSession; mine: boolean }> {
    const { sessionId } = (request.params ?? {}) as { sessionId?: string };
    const session = sessionId ? await connectSessions.find(sessionId) : undefined;
    return { session, mine: session !== undefined && isBrowserOf(session, request.cookies[cookieName(session.id)]) };
  }

  /** The language of a page: the session's when the path names one, else the browser's. */
  const languageFor = (request: FastifyRequest, session?: ConnectSession) => (session ? languageOf(session.locale) : requestLanguage(request));

  /** The session this browser may act on; renders "not found" and answers null without its cookie. */
  async function current(request: FastifyRequest, reply: FastifyReply): Promise<ConnectSession | null> {
    const { session, mine } = await located(request);
    if (mine) return session!;
    message(reply, languageFor(request, session), 'noSession', 400);
    return null;
  }

  /** What every page of session `s` shows, and a renderer whose forms may end in the partner app's scheme (CSP form-action). */
  async function pageOf(s: ConnectSession, reply: FastifyReply) {
    const lang = languageOf(s.locale);
    const t = translator(lang);
    const ctx = await connectSessions.context(s);
    const page = { t, lang, step: stepOf(s), flow: flowPath(s.id), partnerName: ctx.partnerName, bankName: ctx.provider?.name ?? '' };
    const render = (view: string, data: Record<string, unknown>, status = 200) => renderPage(reply, view, { ...page, ...data }, status, [new URL(s.returnUrl).protocol]);
    return { lang, t, ctx, page, render };
  }

  // Pages answer HTML, also when a step is not possible (a bank that just became unavailable, a
  // bad form value): in the session's language with Back and Cancel when the browser holds it.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = (error instanceof ApiError ? error.status : (error.statusCode ?? 500)) < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, 'hosted page failed');
    const { session, mine } = await located(request).catch(() => ({ session: undefined, mine: false }));
    if (!session || !mine) return message(reply, languageFor(request, session), 'error', status);
    const { t, page, render } = await pageOf(session, reply);
    const changeBank = session.state === 'AwaitingBankSelection' && session.providerId !== null && !session.providerPreset;
    return render('connect-message', { title: t('error.title'), message: t('error.text'), link: { href: page.flow, label: t('common.back') }, changeBank, cancel: !isTerminal(session) }, status);
  });

  async function show(s: ConnectSession, query: { country?: string; q?: string }, reply: FastifyReply, psuIpAddress: string) {
    const step = stepOf(s);
    if (step === 'return') return reply.redirect(returnTarget(s), 303);
    if (step === 'confirm') return reply.redirect(await connectSessions.confirmBank(s, psuIpAddress), 303);
    const { lang, t, ctx, render } = await pageOf(s, reply);
    if (step === 'expired') {
      return message(reply, lang, 'expired', 410, { href: returnTarget(s), label: t('expired.back', { partner: ctx.partnerName }) }, { partner: ctx.partnerName });
    }
    if (step === 'picker') {
      const regions = new Intl.DisplayNames([lang], { type: 'region' });
      const listed = await connectSessions.banks(s);
      const countries = [...new Set(listed.map((b) => b.countryCode))].map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
      const wanted = query.country ?? s.country ?? '';
      const country = countries.some((c) => c.code === wanted) ? wanted : '';
      const q = query.q ?? '';
      const banks = listed.map((b) => ({
        id: b.id,
        name: b.name,
        countryCode: b.countryCode,
        countryName: regions.of(b.countryCode) ?? b.countryCode,
        key: fold(b.name),
        available: b.status !== 'Inactive',
        shown: (!country || b.countryCode === country) && fold(b.name).includes(fold(q)),
      }));
      return render('connect-picker', { countries, country, q, banks, shown: banks.filter((b) => b.shown).length });
    }
    if (step === 'consent') {
      const consentUntil = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ctx.consentUntil);
      return render('connect-consent', { consentUntil, providerPreset: s.providerPreset });
    }
    if (step === 'bank') return render('connect-bank', { bankUrl: s.bankUrl });
    if (step === 'accounts') {
      const accounts = (await connectSessions.accounts(s))
        .filter((a) => a.subscribed)
        .map((a) => ({ ...a, ibanText: ibanGroups(a.iban), balanceText: new Intl.NumberFormat(lang, { style: 'currency', currency: a.currencyCode }).format(a.balance) }));
      return render('connect-accounts', { accounts, downloading: ctx.connectionState === 'Pending' });
    }
    return render('connect-progress', { message: s.accountsSelectedAt ? t('progress.finishing') : t(`progress.${s.state === 'Fetching' ? 'Fetching' : 'AwaitingAccountSelection'}`) });
  }

  const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

  // GET only: Fastify's automatic HEAD route would run this handler and consume the link.
  app.get('/connect/:token', { exposeHeadRoute: false, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const opened = await connectSessions.open((request.params as { token: string }).token);
    if (opened.kind === 'unknown') return message(reply, requestLanguage(request), 'invalid', 404);
    const flow = flowPath(opened.session.id);
    if (opened.kind === 'used') {
      // The same browser reloading its link continues; any other gets the friendly page.
      if (isBrowserOf(opened.session, request.cookies[cookieName(opened.session.id)])) return reply.redirect(flow, 303);
      return message(reply, languageOf(opened.session.locale), 'used', 410);
    }
    reply.setCookie(cookieName(opened.session.id), opened.browserToken, cookieOptions);
    return reply.redirect(flow, 303);
  });

  // Link previewers and mail scanners probe with HEAD: answer without consuming the token.
  app.head('/connect/:token', { schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const known = await connectSessions.isHostedToken((request.params as { token: string }).token);
    return reply.status(known ? 200 : 404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  });

  app.get(FLOW, { schema: { hide: true, params: Params, querystring: Type.Object({ country: Type.Optional(Type.String({ maxLength: 2 })), q: Type.Optional(Type.String({ maxLength: 100 })) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    return s ? show(s, request.query as { country?: string; q?: string }, reply, request.ip) : reply;
  });

  app.get(`${FLOW}/status`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const { session, mine } = await located(request);
    reply.header('cache-control', 'no-store');
    if (!session || !mine) return reply.status(404).send({ state: null, step: null });
    return reply.send({ state: session.state, step: stepOf(session) });
  });

  // A bank chosen in the picker, or '' to go back to it; a session created with providerId keeps its bank.
  app.post(`${FLOW}/provider`, { schema: { hide: true, params: Params, body: Type.Object({ providerId: Type.Union([Uuid, Type.Literal('')]) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    if (s.state === 'AwaitingBankSelection' && !s.providerPreset) await connectSessions.chooseProvider(s, (request.body as { providerId: string }).providerId || null);
    return reply.redirect(flowPath(s.id), 303);
  });

  app.post(`${FLOW}/confirm`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    return reply.redirect(['consent', 'confirm', 'bank'].includes(stepOf(s)) ? await connectSessions.confirmBank(s, request.ip) : flowPath(s.id), 303);
  });

  // The connection's returnUrl: the bank callback sends the user here (its query values are only a
  // hint). The browser that started continues the flow; another one (no cookie) proves the session
  // with `ref` and goes straight to the partner's returnUrl. GET only: HEAD must change nothing.
  app.get(
    `${FLOW}/bank-return`,
    { exposeHeadRoute: false, schema: { hide: true, params: Params, querystring: Type.Object({ ref: Type.Optional(Type.String({ maxLength: 200 })) }) } },
    async (request, reply) => {
      const { session, mine } = await located(request);
      if (session && mine) {
        await connectSessions.afterBank(session);
        return reply.redirect(flowPath(session.id), 303);
      }
      const { ref } = request.query as { ref?: string };
      const target = session && ref && connectSessions.isBankReturnRef(session.id, ref) ? await connectSessions.returnWithoutBrowser(session) : null;
      return target ? reply.redirect(target, 303) : message(reply, languageFor(request, session), 'noSession', 400);
    },
  );

  app.post(`${FLOW}/accounts`, { schema: { hide: true, params: Params, body: Type.Object({ keep: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    const keep = (request.body as { keep?: string | string[] }).keep ?? [];
    if (stepOf(s) === 'accounts') await connectSessions.selectAccounts(s, Array.isArray(keep) ? keep : [keep]);
    return reply.redirect(flowPath(s.id), 303);
  });

  app.post(`${FLOW}/cancel`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    await connectSessions.cancel(s);
    // Gone when its client was deleted meanwhile (its sessions purged): the link is no longer valid.
    const ended = await connectSessions.find(s.id);
    return ended ? reply.redirect(returnTarget(ended), 303) : message(reply, languageOf(s.locale), 'invalid', 404);
  });
};
