/**
 * The partner's SimpleFIN routes (issue 21; docs/simplefin.md), with API key and X-Client-Id
 * equal to the path's clientId:
 * - `POST /v1/clients/{clientId}/simplefin/setup-tokens` -> 201 `{setupToken, expiresAt}`;
 * - `GET /v1/clients/{clientId}/simplefin/access` -> the client's accesses (revoked ones too);
 * - `DELETE /v1/clients/{clientId}/simplefin/access` revokes them all (and unclaimed setup
 *   tokens), `DELETE .../access/{accessId}` one; both answer the revoked accesses.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ClientHeaders, errorResponses, Timestamp, Uuid } from '../../lib/schemas.ts';
import type { SimplefinService } from './simplefin.service.ts';

const Access = Type.Object(
  {
    id: Uuid,
    createdAt: Type.String({ format: 'date-time', description: 'UTC ISO 8601: when the setup token was claimed' }),
    revokedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { $id: 'SimplefinAccess', description: 'An access URL a budgeting app claimed (the URL itself is never stored or shown again)' },
);
const Accesses = Type.Array(Type.Ref('SimplefinAccess'));
const Params = Type.Object({ clientId: Uuid });
const tags = ['SimpleFIN'];

const scoped = (request: FastifyRequest) => [request.auth, (request.params as { clientId: string }).clientId, request.headers['x-client-id'] as string | undefined] as const;

export const simplefinRoutes: FastifyPluginAsync<{ simplefin: SimplefinService }> = async (app, { simplefin }) => {
  app.addSchema(Access);

  app.post(
    '/v1/clients/:clientId/simplefin/setup-tokens',
    {
      schema: {
        tags,
        summary: 'Mint a SimpleFIN setup token',
        description:
          "The setup token is the base64 of a one-time claim URL on this service, valid 24 hours: the client pastes it into a SimpleFIN app (Actual Budget, Sure, Firefly III's importer), which claims it once for an access URL that reads this client's subscribed accounts in the key's mode. X-Client-Id must equal clientId.",
        params: Params,
        headers: ClientHeaders,
        response: {
          201: Type.Object({ setupToken: Type.String({ description: 'base64 of the claim URL' }), expiresAt: Timestamp }),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await simplefin.mintSetupToken(...scoped(request))),
  );

  app.get(
    '/v1/clients/:clientId/simplefin/access',
    {
      schema: {
        tags,
        summary: "List the client's SimpleFIN accesses",
        description: 'Every access URL claimed from this client’s setup tokens, oldest first, revoked ones included. X-Client-Id must equal clientId.',
        params: Params,
        headers: ClientHeaders,
        response: { 200: Accesses, ...errorResponses() },
      },
    },
    async (request) => simplefin.listAccess(...scoped(request)),
  );

  app.delete(
    '/v1/clients/:clientId/simplefin/access',
    {
      schema: {
        tags,
        summary: "Revoke all the client's SimpleFIN access",
        description: 'Revokes every access URL of the client (its next request answers 403) and ends its unclaimed setup tokens; answers the accesses. X-Client-Id must equal clientId.',
        params: Params,
        headers: ClientHeaders,
        response: { 200: Accesses, ...errorResponses() },
      },
    },
    async (request) => simplefin.revokeAccess(...scoped(request), null),
  );

  app.delete(
    '/v1/clients/:clientId/simplefin/access/:accessId',
    {
      schema: {
        tags,
        summary: 'Revoke one SimpleFIN access',
        description: 'Revokes one access URL (its next request answers 403); answers it. X-Client-Id must equal clientId.',
        params: Type.Object({ clientId: Uuid, accessId: Uuid }),
        headers: ClientHeaders,
        response: { 200: Accesses, ...errorResponses() },
      },
    },
    async (request) => simplefin.revokeAccess(...scoped(request), (request.params as { accessId: string }).accessId),
  );
};
