/**
 * Clients (spec "Client", "POST /v1/clients", "Recover client", "Delete client";
 * DESIGN.md §5). A client belongs to one partner and one mode; every other partner, and the
 * other mode, sees 404. Create upserts by externalId without ever duplicating, also under
 * concurrent requests (unique index + ON CONFLICT DO NOTHING).
 */
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isCountryCode } from '../../lib/iso.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { clientsRepository, type Scope } from './clients.repository.ts';

export interface ClientView {
  id: string;
  email: string;
  countryCode: string;
  externalId: string | null;
}

export interface ClientInput {
  email: string;
  countryCode: string;
  externalId?: string;
}

/** Work done before a client's rows are purged (revoking consents at the bank). */
export type ClientPurgeHook = (auth: AuthContext, clientId: string) => Promise<void>;

const toView = (c: ClientRow): ClientView => ({ id: c.id, email: c.email, countryCode: c.countryCode, externalId: c.externalId });
export const scopeOf = (auth: AuthContext): Scope => ({ partnerId: auth.partner.id, mode: auth.mode });

export function clientsService(db: Db) {
  const repo = clientsRepository(db);
  const purgeHooks: ClientPurgeHook[] = [];

  return {
    /** Creates a client, or returns the existing one with the same externalId (`created: false`). */
    async create(auth: AuthContext, input: ClientInput): Promise<{ client: ClientView; created: boolean }> {
      if (!isCountryCode(input.countryCode)) throw invalid('body.countryCode', 'must be an ISO 3166-1 alpha-2 country code');
      const scope = scopeOf(auth);
      const externalId = input.externalId ?? null;
      const inserted = await repo.insertIfAbsent({ ...scope, id: newId(), email: input.email, countryCode: input.countryCode, externalId });
      if (inserted) return { client: toView(inserted), created: true };
      const existing = await repo.findByExternalId(scope, externalId!);
      return { client: toView(existing!), created: false };
    },

    async recover(auth: AuthContext, externalId: string): Promise<ClientView> {
      const client = await repo.findByExternalId(scopeOf(auth), externalId);
      if (!client) throw notFound('Client with this externalId');
      return toView(client);
    },

    /** The client named by X-Client-Id, if it is the caller's; else 404 not_found. */
    async require(auth: AuthContext, clientId: string): Promise<ClientView> {
      const client = await repo.find(scopeOf(auth), clientId);
      if (!client) throw notFound(`Client ${clientId}`);
      return toView(client);
    },

    /** Registers work to run before a client's data is purged. */
    onPurge(hook: ClientPurgeHook): void {
      purgeHooks.push(hook);
    },

    /** Deletes the client and purges its data; X-Client-Id must equal the path id. */
    async delete(auth: AuthContext, clientId: string, headerClientId: string): Promise<void> {
      if (headerClientId !== clientId) throw invalid('headers.x-client-id', 'must equal the clientId in the path');
      await this.require(auth, clientId);
      for (const hook of purgeHooks) await hook(auth, clientId);
      if (!(await repo.delete(scopeOf(auth), clientId))) throw notFound(`Client ${clientId}`);
    },
  };
}

export type ClientsService = ReturnType<typeof clientsService>;
