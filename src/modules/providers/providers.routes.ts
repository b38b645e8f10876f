/** `GET /v1/providers` (spec "GET /v1/providers"). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { CountryCode, errorResponses, Page, PageQuery, Uuid } from '../../lib/schemas.ts';
import type { ProvidersService } from './providers.service.ts';

const Provider = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    code: Type.String({ description: 'sandbox providers end in _xf; live ones never do' }),
    countryCode: CountryCode,
    bicCodes: Type.Array(Type.String()),
    timeZone: Type.String(),
    status: Type.Union([Type.Literal('Active'), Type.Literal('Inactive'), Type.Literal('Hidden'), Type.Literal('Disabled')], { description: 'visibility, not health' }),
    logoUrl: Type.Optional(Type.String({ format: 'uri', description: "the bank's logo, when the catalog gives one (live providers)" })),
  },
  { $id: 'Provider' },
);

const Query = Type.Object({
  ...PageQuery(100),
  country: Type.Optional(CountryCode),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'case-insensitive substring of the name' })),
});

export const providersRoutes: FastifyPluginAsync<{ providers: ProvidersService }> = async (app, { providers }) => {
  app.addSchema(Provider);
  app.get(
    '/v1/providers',
    {
      schema: {
        tags: ['Providers'],
        summary: 'List banks available to the partner',
        querystring: Query,
        response: { 200: Page(Type.Ref('Provider'), 'Page of providers'), ...errorResponses() },
      },
    },
    async (request) => {
      const q = request.query as { limit: number; nextCursor?: string; country?: string; search?: string };
      return providers.list(request.auth, q);
    },
  );
};
