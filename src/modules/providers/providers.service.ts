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
import type { Mode } from '../../lib/ids.ts';
import { providerIdFor, sandboxCatalog, traitsOf } from '../../banks/sandbox/catalog.ts';
import type { LiveProviderEntry } from './live-catalog.ts';
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
  /** The bank's logo (live providers whose catalog entry gives one). */
  logoUrl?: string;
}

/** A provider as the operator sees it (`bankdata providers list`). */
export interface CatalogView extends ProviderView {
  mode: Mode;
  connector: Provider['connector'];
  xs2a: Provider['xs2a'];
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
  ...(p.logoUrl ? { logoUrl: p.logoUrl } : {}),
});

const toCatalogView = (p: Provider): CatalogView => ({ ...toProviderView(p), mode: p.mode, connector: p.connector, xs2a: p.xs2a });

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
          connector: 'sandbox' as const,
          xs2a: null,
          logoUrl: null,
        })),
      );
    },

    /**
     * Upserts checked live catalog entries (live-catalog.ts) by code; ids are stable from the
     * code (providerIdFor), like sandbox ones. Answers each provider with whether it was new.
     */
    async importLive(entries: LiveProviderEntry[]): Promise<{ providerId: string; code: string; name: string; created: boolean }[]> {
      const known = new Set((await repo.findByCodes(entries.map((e) => e.code))).map((p) => p.code));
      await repo.upsert(
        entries.map((e) => ({
          id: providerIdFor(e.code),
          mode: 'live' as const,
          name: e.name,
          code: e.code,
          countryCode: e.countryCode,
          bicCodes: e.bicCodes,
          timeZone: e.timeZone,
          status: e.status,
          nonRegulated: false,
          traits: { directRedirect: false, requiresUserPresence: false, dailyRefreshQuota: e.xs2a.frequencyPerDay, flaky: false, historyDays: e.xs2a.historyDays },
          connector: e.connector,
          xs2a: e.xs2a,
          logoUrl: e.logoUrl,
        })),
      );
      return entries.map((e) => ({ providerId: providerIdFor(e.code), code: e.code, name: e.name, created: !known.has(e.code) }));
    },

    /** Every provider (of `mode`), whatever its status: the operator's catalog view. */
    catalog: async (mode?: Mode): Promise<CatalogView[]> => (await repo.listAll(mode)).map(toCatalogView),

    /** Every live provider row (start-up builds each one's connector). */
    live: () => repo.listAll('live'),
  };
}

export type ProvidersService = ReturnType<typeof providersService>;
