/**
 * The bank side of a journey in the user's browser:
 * - `GET /connect/bank/{state}`: the redirectUrl of a live direct journey created without
 *   `psuIpAddress`: the bank authorization starts here with the browser's address
 *   (PSU-IP-Address, `request.ip` under the app's trustProxy setting; docs/live.md) and the
 *   user goes on to the bank's SCA address.
 * - `GET /connect/bank-callback`: where banks send the user back after authorization (`nok=1`
 *   on the Berlin Group TPP-Nok-Redirect-URI). Completes the journey (connections service) and
 *   redirects the browser to the partner's returnUrl with connectionId, resultCode and error, or
 *   to the bank's next SCA address when it needs a second authorization.
 * An unknown or used authorization gets "Link not valid" in the browser's language (the
 * connection is unknown then, so its locale is not).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../lib/errors.ts';
import type { ConnectionsService } from '../modules/connections/connections.service.ts';
import type { OnDataTime } from '../partner-times.ts';
import { requestLanguage, translator } from './i18n.ts';
import { renderPage } from './render.ts';

/** The "Link not valid" page in the browser's language. */
function linkNotValid(request: FastifyRequest, reply: FastifyReply, status: number) {
  const lang = requestLanguage(request);
  const t = translator(lang);
  return renderPage(reply, 'message', { lang, title: t('bankLink.title'), message: t('bankLink.text'), alert: true }, status);
}

/** `times`: the connection service on the time of the journey's partner (its sandbox clock; src/partner-times.ts). */
export const bankCallbackRoutes: FastifyPluginAsync<{ times: OnDataTime<{ connections: ConnectionsService }> }> = async (app, { times }) => {
  app.get(
    '/connect/bank-callback',
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          state: Type.String({ maxLength: 200 }),
          code: Type.Optional(Type.String({ maxLength: 2000 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
          nok: Type.Optional(Type.String({ maxLength: 10 })),
        }),
      },
    },
    async (request, reply) => {
      try {
        const { state } = request.query as { state: string };
        const { connections } = await times.ofJourney(state);
        const target = await connections.completeAuthorization(state, request.query as Record<string, string>, request.ip);
        return reply.redirect(target, 303);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'validation_error') throw error;
        return linkNotValid(request, reply, 400);
      }
    },
  );

  app.get('/connect/bank/:state', { schema: { hide: true, params: Type.Object({ state: Type.String({ maxLength: 200 }) }) } }, async (request, reply) => {
    const { state } = request.params as { state: string };
    const { connections } = await times.ofJourney(state);
    const target = await connections.startAtBank(state, request.ip);
    return target ? reply.redirect(target, 303) : linkNotValid(request, reply, 404);
  });
};
