/**
 * The sandbox bank's authorization pages (DESIGN.md §7): `/sandbox-bank/{providerCode}/authorize`.
 * The user logs in with a test user whose username picks the outcome; the bank then sends the
 * browser to our callback with `code` (authorized) or `error` (refused, cancelled).
 * Links of non-directRedirect banks must be opened within the initiation window (expiresAt): a
 * link opened later ends the journey and sends the user to the partner's returnUrl with
 * resultCode Error and error authorization_timeout.
 * The page speaks the flow's language (the `locale` the connection passes to the bank; English
 * for other languages) and shows the bank's logo (its logoUrl, else our monogram).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { sandboxCallbackQuery } from '../banks/sandbox/sandbox-connector.ts';
import { parseTestUser, testUsers } from '../banks/sandbox/scenarios.ts';
import type { ConnectionsService, Journey } from '../modules/connections/connections.service.ts';
import type { ConnectSessionsService } from '../modules/connect-sessions/connect-sessions.service.ts';
import type { OnDataTime } from '../partner-times.ts';
import { bankLogoUrl } from './bank-logo.ts';
import { languageOf, translator } from './i18n.ts';
import { formTargetOf, renderPage } from './render.ts';

const Params = Type.Object({ providerCode: Type.String({ maxLength: 100 }) });

type OnTime = { connections: ConnectionsService; connectSessions: ConnectSessionsService };

/** `times`: the services on the time of the journey's partner (its sandbox clock; src/partner-times.ts). */
export const sandboxBankRoutes: FastifyPluginAsync<{ times: OnDataTime<OnTime>; baseUrl: string }> = async (app, { times, baseUrl }) => {
  /**
   * Where the login form's redirects may end (CSP form-action): through our callback to the
   * connection's returnUrl (direct flow), or to its connect session's returnUrl.
   */
  async function formTargets({ connectSessions }: OnTime, journey: Journey): Promise<string[]> {
    const session = journey.connection.sessionId ? await connectSessions.find(journey.connection.sessionId) : undefined;
    return [formTargetOf(journey.connection.returnUrl), ...(session ? [formTargetOf(session.returnUrl)] : [])];
  }

  /** What the login page shows of `journey` in the flow's language `locale`. */
  const pageOf = (journey: Journey, locale: string | undefined) => {
    const lang = languageOf(locale);
    return { lang, t: translator(lang), bankName: journey.provider.name, bankLogo: bankLogoUrl(journey.provider) };
  };

  const unknownLink = { title: 'Link not valid', message: 'This bank authorization link is unknown or was already used. Start again from the app.', alert: true };

  app.get(
    '/sandbox-bank/:providerCode/authorize',
    { schema: { hide: true, params: Params, querystring: Type.Object({ state: Type.String({ maxLength: 200 }), locale: Type.Optional(Type.String({ maxLength: 10 })) }) } },
    async (request, reply) => {
      const { state, locale } = request.query as { state: string; locale?: string };
      const at = await times.ofJourney(state);
      const opened = await at.connections.openBankLink(state);
      if (!opened) return renderPage(reply, 'message', unknownLink, 404);
      if ('returnUrl' in opened) return reply.redirect(opened.returnUrl, 303);
      return renderPage(reply, 'sandbox-bank-login', { ...pageOf(opened.journey, locale), state, action: request.url.split('?')[0], users: testUsers }, 200, await formTargets(at, opened.journey));
    },
  );

  app.post(
    '/sandbox-bank/:providerCode/authorize',
    {
      schema: {
        hide: true,
        params: Params,
        body: Type.Object({ state: Type.String({ maxLength: 200 }), locale: Type.Optional(Type.String({ maxLength: 10 })), username: Type.Optional(Type.String({ maxLength: 100 })), password: Type.Optional(Type.String()), action: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const body = request.body as { state: string; locale?: string; username?: string; action?: string };
      const at = await times.ofJourney(body.state);
      const journey = await at.connections.journey(body.state);
      if (!journey) return renderPage(reply, 'message', unknownLink, 404);
      let query: Record<string, string>;
      if (body.action === 'cancel') {
        query = sandboxCallbackQuery('Cancelled');
      } else {
        const user = parseTestUser(body.username ?? '');
        if (!user) {
          return renderPage(reply, 'sandbox-bank-login', { ...pageOf(journey, body.locale), state: body.state, action: request.url, users: testUsers, username: body.username, error: true }, 422, await formTargets(at, journey));
        }
        // The test user's scenario decides: user_fail is refused, user_cancel cancels.
        query = sandboxCallbackQuery('Ok', user.username);
      }
      const callback = new URL(`${baseUrl}/connect/bank-callback`);
      callback.searchParams.set('state', body.state);
      for (const [key, value] of Object.entries(query)) callback.searchParams.set(key, value);
      return reply.redirect(callback.toString(), 303);
    },
  );
};
