/**
 * `POST /v1/clients` (201 new, 200 existing externalId), `POST /v1/clients/recover`,
 * `DELETE /v1/clients/{clientId}` (spec "Client" endpoints; DESIGN.md §5).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ClientHeaders, CountryCode, errorResponses, Uuid } from '../../lib/schemas.ts';
import type { ClientInput, ClientsService } from './clients.service.ts';

const Client = Type.Object(
  {
    id: Uuid,
    email: Type.String({ format: 'email' }),
    countryCode: CountryCode,
    externalId: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  },
  { $id: 'Client' },
);

const ExternalId = Type.String({ minLength: 1, maxLength: 255, description: "the partner's own user identifier" });

export const clientsRoutes: FastifyPluginAsync<{ clients: ClientsService }> = async (app, { clients }) => {
  app.addSchema(Client);

  app.post(
    '/v1/clients',
    {
      schema: {
        tags: ['Clients'],
        summary: 'Create a client (upsert by externalId)',
        description: 'Answers 201 with a new client, or 200 with the existing client when externalId matches one; never a duplicate.',
        body: Type.Object({ email: Type.String({ format: 'email', maxLength: 320 }), countryCode: CountryCode, externalId: Type.Optional(ExternalId) }, { additionalProperties: false }),
        response: { 200: Type.Ref('Client'), 201: Type.Ref('Client'), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { client, created } = await clients.create(request.auth, request.body as ClientInput);
      return reply.status(created ? 201 : 200).send(client);
    },
  );

  app.post(
    '/v1/clients/recover',
    {
      schema: {
        tags: ['Clients'],
        summary: 'Recover a client by externalId',
        body: Type.Object({ externalId: ExternalId }, { additionalProperties: false }),
        response: { 200: Type.Ref('Client'), ...errorResponses() },
      },
    },
    async (request) => clients.recover(request.auth, (request.body as { externalId: string }).externalId),
  );

  app.delete(
    '/v1/clients/:clientId',
    {
      schema: {
        tags: ['Clients'],
        summary: 'Delete a client and purge its data',
        description: 'Revokes active consents at the bank, then deletes the client with its connections, accounts, transactions and sessions. X-Client-Id must equal clientId.',
        params: Type.Object({ clientId: Uuid }),
        headers: ClientHeaders,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      await clients.delete(request.auth, clientId, (request.headers as Record<string, string>)['x-client-id']!);
      return reply.status(204).send();
    },
  );
};
