/**
 * Providers (spec "Provider", "GET /v1/providers"; DESIGN.md §7). Visibility: a sandbox key
 * sees sandbox (`_xf`) providers, a live key live ones; the partner's `countries` filter them;
 * Active and Inactive are listed, Hidden is connectable by id only, Disabled is neither;
 * non-regulated providers need capability `nonRegulatedProviders`.
 */
import type { Db } from '../../db/database.ts';
import type { Provider } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { CursorCodec } from '../../lib/cursor.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { providerIdFor, sandboxCatalog, traitsOf } from '../../banks/sandbox/catalog.ts';
import { providersRepository } from './providers.repository.ts';

/** A provider as partners see it. */
export interface ProviderView {
  id: string;
  name: string;
  code: string;
  countryCode: string;
  bicCodes: string[];
  timeZone: string;
  status: string;
}

export interface ProviderListQuery {
  limit: number;
  nextCursor?: string;
  country?: string;
  search?: string;
}

export const toProviderView = (p: Provider): ProviderView => ({
  id: p.id,
  name: p.name,
  code: p.code,
  countryCode: p.countryCode,
  bicCodes: p.bicCodes,
  timeZone: p.timeZone,
  status: p.status,
});

export function providersService(db: Db, cursors: CursorCodec) {
  const repo = providersRepository(db);

  function visibleTo(auth: AuthContext, p: Provider): boolean {
    if (p.mode !== auth.mode || p.status === 'Disabled') return false;
    if (p.nonRegulated && !auth.partner.capabilities.nonRegulatedProviders) return false;
    return !auth.partner.countries || auth.partner.countries.includes(p.countryCode);
  }

  return {
    /**
     * One page of listed providers; throws validation_error for a bad cursor. limit 0 answers no
     * data and the cursor of the position (the start when no cursor is given), or null when no
     * provider follows it (DESIGN.md §5).
     */
    async list(auth: AuthContext, query: ProviderListQuery) {
      const scope = `providers:${auth.partner.id}:${auth.mode}:${query.country ?? ''}:${query.search ?? ''}`;
      // The start has the empty position (a limit=0 page's cursor before the first provider).
      const position = query.nextCursor ? cursors.decode(scope, query.nextCursor) : [];
      const after = position.length ? (position as [string, string]) : null;
      const filter = {
        mode: auth.mode,
        countries: auth.partner.countries,
        includeNonRegulated: auth.partner.capabilities.nonRegulatedProviders,
        country: query.country,
        search: query.search,
      };
      const rows = await repo.list(filter, after, query.limit + 1);
      if (query.limit === 0) return { limit: 0, nextCursor: rows.length ? cursors.encode(scope, position) : null, data: [] };
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > query.limit && last ? cursors.encode(scope, [last.name, last.id]) : null;
      return { limit: query.limit, nextCursor, data: page.map(toProviderView) };
    },

    /**
     * The provider a connection may be created with: visible to the key and connectable
     * (Active or Hidden). Unknown or invisible: 404 not_found; Inactive: 400 validation_error.
     */
    async connectable(auth: AuthContext, providerId: string): Promise<Provider> {
      const provider = await repo.find(providerId);
      if (!provider || !visibleTo(auth, provider)) throw notFound(`Provider ${providerId}`);
      if (provider.status === 'Inactive') throw new ApiError('validation_error', `providerId: provider ${provider.name} is not connectable at the moment`);
      return provider;
    },

    find: (id: string) => repo.find(id),

    /** Inserts or updates the sandbox catalog (run at migrate). */
    async seedSandboxCatalog(): Promise<void> {
      await repo.upsert(
        sandboxCatalog.map((p) => ({
          id: providerIdFor(p.code),
          mode: 'sandbox' as const,
          name: p.name,
          code: p.code,
          countryCode: p.countryCode,
          bicCodes: p.bicCodes,
          timeZone: p.timeZone,
          status: p.status,
          nonRegulated: p.nonRegulated ?? false,
          traits: traitsOf(p),
        })),
      );
    },
  };
}

export type ProvidersService = ReturnType<typeof providersService>;
