/**
 * The SimpleFIN bridge (issue 21; simplefin.org/protocol.html; docs/simplefin.md): a partner
 * mints a setup token for one of its clients (the base64 of a one-time claim URL, valid 24 h);
 * the budgeting app claims it once and gets an access URL `https://USER:PASS@host/simplefin`
 * (credentials random, stored as the SHA-256 of `USER:PASS` only, scoped to the partner, the
 * key's mode and the client); with it the app reads the client's Account Set. Reads serve what
 * bankdata holds: they never call a bank and count towards no refresh quota.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Partner } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isUuid, newId, randomToken, sha256Hex, type Mode } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import { attentionErrors, toSfinAccount, toSfinTransaction, type SfinAccountSet, type SfinServer, type SfinTransaction } from './account-set.ts';
import { simplefinRepository, type AccessRow, type SimplefinScope } from './simplefin.repository.ts';

/** How long a setup token (its claim URL) can be claimed. */
export const SETUP_TOKEN_TTL_MS = 24 * 3_600_000;

/** Path of the SimpleFIN protocol routes under BANKDATA_BASE_URL. */
export const SIMPLEFIN_PATH = '/simplefin';

export interface SetupTokenView {
  /** Base64 of the one-time claim URL. */
  setupToken: string;
  /** UTC ISO-8601. */
  expiresAt: string;
}

export interface AccessView {
  id: string;
  /** UTC ISO-8601: when the setup token was claimed. */
  createdAt: string;
  revokedAt: string | null;
}

/** The Account Set query (`GET {access}/accounts`), parsed: times as Dates, account ids. */
export interface AccountSetQuery {
  startDate: Date | null;
  endDate: Date | null;
  pending: boolean;
  balancesOnly: boolean;
  accountIds: string[] | null;
}

/** A claim or credentials that open nothing: SimpleFIN answers 403 `Forbidden`. */
export class SimplefinForbidden extends Error {
  constructor() {
    super('Forbidden');
    this.name = 'SimplefinForbidden';
  }
}

/** An access that authenticated, with its partner (for rate limits and capabilities). */
export interface SimplefinCaller {
  access: AccessRow;
  partner: Partner;
  /** This access's requests in the current rate-limit window, when counted in PostgreSQL. */
  requestsInWindow?: number;
}

const toAccessView = (a: AccessRow): AccessView => ({ id: a.id, createdAt: a.createdAt.toISOString(), revokedAt: a.revokedAt?.toISOString() ?? null });

/** Root of the protocol routes: BANKDATA_BASE_URL's scheme, host and path, plus /simplefin. */
function sfinRoot(baseUrl: string): URL {
  const root = new URL(baseUrl);
  root.pathname = `${root.pathname.replace(/\/+$/, '')}${SIMPLEFIN_PATH}`;
  return root;
}

export function simplefinService(deps: { db: Db; clock: Clock; config: Config; partners: PartnersService }) {
  const repo = simplefinRepository(deps.db);
  const root = sfinRoot(deps.config.baseUrl);
  const server: SfinServer = { sfinUrl: root.toString(), domain: root.hostname };

  /** The scope of `clientId` when it belongs to the partner (and `mode`, when given); not_found otherwise. */
  async function scopeOf(partnerId: string, clientId: string, mode?: Mode): Promise<SimplefinScope> {
    const clientMode = isUuid(clientId) ? await repo.clientMode(partnerId, clientId) : undefined;
    if (!clientMode || (mode && clientMode !== mode)) throw notFound(`Client ${clientId}`);
    return { partnerId, mode: clientMode, clientId };
  }

  /** The API's scope: X-Client-Id must equal the path's clientId (validation_error), the client the key's (not_found). */
  function apiScope(auth: AuthContext, clientId: string, headerClientId: string | undefined): Promise<SimplefinScope> {
    if (headerClientId !== clientId) throw invalid('headers.x-client-id', 'must equal the clientId in the path');
    return scopeOf(auth.partner.id, clientId, auth.mode);
  }

  async function mint(scope: SimplefinScope): Promise<SetupTokenView> {
    const secret = randomToken();
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS);
    await repo.insertSetupToken({ id: newId(), ...scope, tokenHash: sha256Hex(secret), expiresAt, claimedAt: null, createdAt: now });
    const claimUrl = `${root.toString()}/claim/${secret}`;
    return { setupToken: Buffer.from(claimUrl).toString('base64'), expiresAt: expiresAt.toISOString() };
  }

  async function revoke(scope: SimplefinScope, accessId: string | null): Promise<AccessView[]> {
    if (accessId && !isUuid(accessId)) throw notFound(`SimpleFIN access ${accessId}`);
    const revoked = await repo.revoke(scope, accessId, deps.clock.now());
    if (accessId && revoked.length === 0) throw notFound(`SimpleFIN access ${accessId}`);
    return revoked.map(toAccessView);
  }

  return {
    /** `POST /v1/clients/{clientId}/simplefin/setup-tokens`: a new setup token for the key's client. */
    mintSetupToken: async (auth: AuthContext, clientId: string, headerClientId: string | undefined) => mint(await apiScope(auth, clientId, headerClientId)),

    /** `bankdata simplefin token`: a new setup token for a partner's client (its mode is the client's). */
    mintSetupTokenFor: async (partnerId: string, clientId: string) => mint(await scopeOf(partnerId, clientId)),

    /** `GET /v1/clients/{clientId}/simplefin/access`: the client's accesses, revoked ones included. */
    listAccess: async (auth: AuthContext, clientId: string, headerClientId: string | undefined) => (await repo.listAccesses(await apiScope(auth, clientId, headerClientId))).map(toAccessView),

    /** `bankdata simplefin access list`. */
    listAccessFor: async (partnerId: string, clientId: string) => (await repo.listAccesses(await scopeOf(partnerId, clientId))).map(toAccessView),

    /** `DELETE .../simplefin/access[/{accessId}]`: revokes one access, or all of the client's and its unclaimed setup tokens; the revoked accesses. */
    revokeAccess: async (auth: AuthContext, clientId: string, headerClientId: string | undefined, accessId: string | null) => revoke(await apiScope(auth, clientId, headerClientId), accessId),

    /** `bankdata simplefin access revoke`. */
    revokeAccessFor: async (partnerId: string, clientId: string, accessId: string | null) => revoke(await scopeOf(partnerId, clientId), accessId),

    /**
     * `POST` on a claim URL: the access URL `https://USER:PASS@host/simplefin`, once; an unknown,
     * expired or already claimed token throws SimplefinForbidden.
     */
    async claim(secret: string): Promise<string> {
      const user = randomToken(12);
      const password = randomToken(24);
      const access = await repo.claim(sha256Hex(secret), deps.clock.now(), { id: newId(), credentialsHash: sha256Hex(`${user}:${password}`), createdAt: deps.clock.now() });
      if (!access) throw new SimplefinForbidden();
      const url = new URL(root);
      url.username = user;
      url.password = password;
      return url.toString();
    },

    /**
     * The active access and partner of HTTP Basic `user:password`; throws SimplefinForbidden.
     * With `windowStart` (unix seconds) the request is counted in the access's rate-limit window.
     */
    async authenticate(user: string, password: string, windowStart: number | null): Promise<SimplefinCaller> {
      const access = await repo.findActiveAccess(sha256Hex(`${user}:${password}`));
      if (!access) throw new SimplefinForbidden();
      const partner = await deps.partners.show(access.partnerId);
      return { access, partner, ...(windowStart === null ? {} : { requestsInWindow: await repo.countRequest(access.id, windowStart) }) };
    },

    /**
     * `GET {access}/accounts`: the client's subscribed accounts of Active and Inactive
     * connections (only `accountIds` when given), with transactions dated in
     * [startDate, endDate) unless balancesOnly, pending ones only with `pending`; `errors` names
     * Inactive connections. Payees are merchant names only for partners with enrichment.
     */
    async accountSet(caller: SimplefinCaller, query: AccountSetQuery): Promise<SfinAccountSet> {
      const { access, partner } = caller;
      const ids = query.accountIds?.filter(isUuid) ?? null;
      const accounts = ids?.length === 0 ? [] : await repo.servedAccounts(access, ids);
      const transactions = query.balancesOnly || accounts.length === 0 ? [] : await repo.servedTransactions(accounts.map((a) => a.id), query.startDate, query.endDate, query.pending);
      const byAccount = new Map(accounts.map((a) => [a.id, [] as SfinTransaction[]]));
      const currencyOf = new Map(accounts.map((a) => [a.id, a.currencyCode]));
      for (const t of transactions) byAccount.get(t.accountId)!.push(toSfinTransaction(t, currencyOf.get(t.accountId)!, partner.capabilities.enrichment));
      return { errors: attentionErrors(accounts), accounts: accounts.map((a) => toSfinAccount(a, server, byAccount.get(a.id)!)) };
    },
  };
}

export type SimplefinService = ReturnType<typeof simplefinService>;
