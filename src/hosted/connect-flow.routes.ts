/**
 * The hosted connect flow's pages (spec "What the service does" 2, "Connect session"; DESIGN.md
 * §8). `GET /connect/{token}` (the hostedUrl) consumes the one-time token and sets an HttpOnly,
 * SameSite=Lax cookie that carries the flow; a second load without that cookie shows "link
 * already used". `/connect/session` then shows the session's step: bank picker (country
 * preselected, search), consent information, hand-off to the bank, progress (polling
 * `/connect/session/status`), account selection, and finally redirects to the partner's
 * returnUrl. Every page can cancel; an expired session shows a friendly screen.
 */
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ConnectSession } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { returnTarget, SESSION_DURATION_MS, stepOf, type ConnectSessionsService } from '../modules/connect-sessions/connect-sessions.service.ts';
import { languageOf, translator, type Language } from './i18n.ts';
import { renderPage } from './render.ts';

const COOKIE = 'bankdata_connect';
const FLOW = '/connect/session';

/** Case- and accent-insensitive search key ("Moravská" -> "moravska"). */
const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

export const connectFlowRoutes: FastifyPluginAsync<{ connectSessions: ConnectSessionsService; baseUrl: string }> = async (app, { connectSessions, baseUrl }) => {
  await app.register(cookie);
  const cookieOptions = { path: '/connect', httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https:'), maxAge: SESSION_DURATION_MS / 1000 } as const;
  const headerLanguage = (request: FastifyRequest) => languageOf(String(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase());

  function message(reply: FastifyReply, lang: Language, key: string, status: number, link?: { href: string; label: string }, values: Record<string, string> = {}) {
    const t = translator(lang);
    return renderPage(reply, 'connect-message', { lang, title: t(`${key}.title`), message: t(`${key}.text`, values), link }, status);
  }

  // Pages answer HTML, also when a step is not possible (e.g. a bank that just became unavailable).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = (error instanceof ApiError ? error.status : (error.statusCode ?? 500)) < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, 'hosted page failed');
    return message(reply, headerLanguage(request), 'error', status);
  });

  /** The session the cookie carries; renders "not found" and answers null without one. */
  async function current(request: FastifyRequest, reply: FastifyReply): Promise<ConnectSession | null> {
    const session = await connectSessions.fromBrowser(request.cookies[COOKIE]);
    if (!session) message(reply, headerLanguage(request), 'noSession', 400);
    return session ?? null;
  }

  async function show(s: ConnectSession, query: { country?: string; q?: string }, reply: FastifyReply) {
    const step = stepOf(s);
    if (step === 'return') return reply.redirect(returnTarget(s), 303);
    if (step === 'confirm') return reply.redirect(await connectSessions.confirmBank(s), 303);
    const lang = languageOf(s.locale);
    const t = translator(lang);
    const ctx = await connectSessions.context(s);
    const page = { t, lang, step, partnerName: ctx.partnerName, bankName: ctx.provider?.name ?? '' };
    // Forms end in a redirect to returnUrl, which may use the partner app's own scheme (CSP form-action).
    const render = (view: string, data: Record<string, unknown>) => renderPage(reply, view, { ...page, ...data }, 200, [new URL(s.returnUrl).protocol]);
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
        .map((a) => ({ ...a, balanceText: new Intl.NumberFormat(lang, { style: 'currency', currency: a.currencyCode }).format(a.balance) }));
      return render('connect-accounts', { accounts, downloading: ctx.connectionState === 'Pending' });
    }
    return render('connect-progress', { message: s.accountsSelectedAt ? t('progress.finishing') : t(`progress.${s.state === 'Fetching' ? 'Fetching' : 'AwaitingAccountSelection'}`) });
  }

  app.get('/connect/:token', { schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 100 }) }) } }, async (request, reply) => {
    const opened = await connectSessions.open((request.params as { token: string }).token);
    if (opened.kind === 'unknown') return message(reply, headerLanguage(request), 'invalid', 404);
    if (opened.kind === 'used') {
      // The same browser reloading its link continues; any other gets the friendly page.
      const mine = await connectSessions.fromBrowser(request.cookies[COOKIE]);
      if (mine?.id === opened.session.id) return reply.redirect(FLOW, 303);
      return message(reply, languageOf(opened.session.locale), 'used', 410);
    }
    reply.setCookie(COOKIE, opened.browserToken, cookieOptions);
    return reply.redirect(FLOW, 303);
  });

  app.get(FLOW, { schema: { hide: true, querystring: Type.Object({ country: Type.Optional(Type.String({ maxLength: 2 })), q: Type.Optional(Type.String({ maxLength: 100 })) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    return s ? show(s, request.query as { country?: string; q?: string }, reply) : reply;
  });

  app.get(`${FLOW}/status`, { schema: { hide: true } }, async (request, reply) => {
    const s = await connectSessions.fromBrowser(request.cookies[COOKIE]);
    if (!s) return reply.status(404).header('cache-control', 'no-store').send({ state: null, step: null });
    return reply.header('cache-control', 'no-store').send({ state: s.state, step: stepOf(s) });
  });

  app.post(`${FLOW}/provider`, { schema: { hide: true, body: Type.Object({ providerId: Type.String({ maxLength: 36 }) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    if (s.state === 'AwaitingBankSelection') await connectSessions.chooseProvider(s, (request.body as { providerId: string }).providerId || null);
    return reply.redirect(FLOW, 303);
  });

  app.post(`${FLOW}/confirm`, { schema: { hide: true } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    return reply.redirect(['consent', 'confirm', 'bank'].includes(stepOf(s)) ? await connectSessions.confirmBank(s) : FLOW, 303);
  });

  // The connection's returnUrl: the bank callback sends the user here (the query is only a hint).
  app.get(`${FLOW}/bank-return`, { schema: { hide: true } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    await connectSessions.afterBank(s);
    return reply.redirect(FLOW, 303);
  });

  app.post(`${FLOW}/accounts`, { schema: { hide: true, body: Type.Object({ keep: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])) }) } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    const keep = (request.body as { keep?: string | string[] }).keep ?? [];
    if (stepOf(s) === 'accounts') await connectSessions.selectAccounts(s, Array.isArray(keep) ? keep : [keep]);
    return reply.redirect(FLOW, 303);
  });

  app.post(`${FLOW}/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const s = await current(request, reply);
    if (!s) return reply;
    await connectSessions.cancel(s);
    return reply.redirect(returnTarget(await connectSessions.reload(s.id)), 303);
  });
};
