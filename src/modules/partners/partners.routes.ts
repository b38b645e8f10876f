/** `GET /v1/partner/config` (spec "GET /v1/partner/config"). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { CountryCode, errorResponses, Uuid } from '../../lib/schemas.ts';
import type { PartnersService } from './partners.service.ts';

const PartnerConfig = Type.Object(
  {
    partnerId: Uuid,
    name: Type.String(),
    mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')]),
    capabilities: Type.Object({
      refresh: Type.Boolean(),
      reconnect: Type.Boolean(),
      enrichment: Type.Boolean(),
      autoRevokeAfterCreate: Type.Boolean(),
      nonRegulatedProviders: Type.Boolean(),
    }),
    consentDuration: Type.String({ description: 'ISO 8601 duration' }),
    consentExpiringNoticeDays: Type.Integer({ minimum: 0, description: 'days before a consent ends that ConnectionConsentExpiring is sent; 0: never' }),
    countries: Type.Union([Type.Array(CountryCode), Type.Null()], { description: 'null: every country' }),
    webhook: Type.Object({ signatureVersion: Type.Literal('v1') }),
  },
  { $id: 'PartnerConfig' },
);

export const partnersRoutes: FastifyPluginAsync<{ partners: PartnersService }> = async (app, { partners }) => {
  app.addSchema(PartnerConfig);
  app.get(
    '/v1/partner/config',
    { schema: { tags: ['Partner'], summary: 'Partner configuration', response: { 200: Type.Ref('PartnerConfig'), ...errorResponses() } } },
    async (request) => partners.config(request.auth),
  );
};
