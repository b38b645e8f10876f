/**
 * `GET /connect/bank-callback`: where banks send the user back after authorization. Completes the
 * journey (connections service) and redirects the browser to the partner's returnUrl with
 * connectionId, resultCode and error. An unknown or used authorization gets "Link not valid" in
 * the browser's language (the connection is unknown then, so its locale is not).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../lib/errors.ts';
import type { ConnectionsService } from '../modules/connections/connections.service.ts';
import { requestLanguage, translator } from './i18n.ts';
import { renderPage } from './render.ts';

export const bankCallbackRoutes: FastifyPluginAsync<{ connections: ConnectionsService }> = async (app, { connections }) => {
  app.get(
    '/connect/bank-callback',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ state: Type.String({ maxLength: 200 }), code: Type.Optional(Type.String({ maxLength: 2000 })), error: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request, reply) => {
      try {
        const target = await connections.completeAuthorization((request.query as { state: string }).state, request.query as Record<string, string>);
        return reply.redirect(target, 303);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'validation_error') throw error;
        const lang = requestLanguage(request);
        const t = translator(lang);
        return renderPage(reply, 'message', { lang, title: t('bankLink.title'), message: t('bankLink.text'), alert: true }, 400);
      }
    },
  );
};
