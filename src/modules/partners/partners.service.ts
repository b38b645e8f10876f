/**
 * Partners, API keys and the partner configuration resource (spec "Partner configuration",
 * "Authentication" 2-4; DESIGN.md §4). Errors: ApiError validation_error / not_found.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Capabilities, Partner } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { apiKeyMode, digestsEqual, newApiKey, newId, sha256Hex, type Mode } from '../../lib/ids.ts';
import { isCountryCode, isDuration } from '../../lib/iso.ts';
import { validateReturnUrlPattern } from '../../lib/return-url.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDuration } from '../../lib/iso.ts';
import type { SandboxTimeScope } from '../../lib/partner-clock.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { partnersRepository, type PartnerChanges } from './partners.repository.ts';

export const capabilityNames = ['refresh', 'reconnect', 'enrichment', 'autoRevokeAfterCreate', 'nonRegulatedProviders'] as const;
export const allCapabilities: Capabilities = { refresh: true, reconnect: true, enrichment: true, autoRevokeAfterCreate: false, nonRegulatedProviders: true };
const noCapabilities: Capabilities = { refresh: false, reconnect: false, enrichment: false, autoRevokeAfterCreate: false, nonRegulatedProviders: false };

/** How far a sandbox clock may run ahead of real time: 10 years. */
const MAX_SANDBOX_OFFSET_MS = 10 * 366 * 86_400_000;

/** The demo partner's return-URL pattern: any localhost port and path. */
export const DEMO_RETURN_URL_PATTERN = 'http://localhost:*/*';

export interface PartnerInput {
  name?: string;
  capabilities?: string[];
  returnUrlPatterns?: string[];
  consentDuration?: string;
  countries?: string[] | null;
  subscribeToAllAccounts?: boolean;
  skipConsentScreenAllowed?: boolean;
  /** Requests per second per API key; null restores the default. */
  rateLimit?: number | null;
  /** Hosted pages' branding (issue 17); '' or null clears a value. */
  displayName?: string | null;
  logoUrl?: string | null;
  accentColor?: string | null;
  privacyUrl?: string | null;
  /** Days before a consent ends that ConnectionConsentExpiring is sent (0 to 365; 0 disables). */
  consentExpiringNoticeDays?: number;
}

/** Partner configuration resource as the spec shows it. */
export interface PartnerConfig {
  partnerId: string;
  name: string;
  mode: Mode;
  capabilities: Capabilities;
  consentDuration: string;
  /** Days before a consent ends that ConnectionConsentExpiring is sent; 0 never. */
  consentExpiringNoticeDays: number;
  countries: string[] | null;
  webhook: { signatureVersion: 'v1' };
}

export interface IssuedKey {
  keyId: string;
  apiKey: string;
  mode: Mode;
  label: string | null;
}

export interface KeyView {
  keyId: string;
  partnerId: string;
  mode: Mode;
  hint: string;
  label: string | null;
  createdAt: string;
  /** Last authenticated request, to the minute. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function partnersService(db: Db, clock: Clock) {
  const repo = partnersRepository(db);

  async function issueKey(partnerId: string, mode: Mode, label: string | null = null): Promise<IssuedKey> {
    const apiKey = newApiKey(mode);
    const keyId = newId();
    const trimmed = label?.trim() || null;
    if (trimmed && trimmed.length > 100) throw invalid('label', 'must be at most 100 characters');
    await repo.insertKey({ id: keyId, partnerId, mode, keyHash: sha256Hex(apiKey), hint: apiKey.slice(-4), label: trimmed });
    return { keyId, apiKey, mode, label: trimmed };
  }

  /** The partner, read through `tx` when given (no second pool connection inside a transaction); not_found. */
  async function mustFind(partnerId: string, tx?: Tx): Promise<Partner> {
    const partner = await (tx ? partnersRepository(tx) : repo).find(partnerId);
    if (!partner) throw notFound(`Partner ${partnerId}`);
    return partner;
  }

  return {
    /** Creates a partner and its first sandbox key (shown once). */
    async create(input: PartnerInput & { name: string }): Promise<{ partner: Partner; key: IssuedKey }> {
      const changes = parsePartnerInput(input);
      const id = newId();
      await repo.insert({
        id,
        name: input.name,
        capabilities: changes.capabilities ?? noCapabilities,
        consentDuration: changes.consentDuration ?? 'P90D',
        countries: changes.countries ?? null,
        returnUrlPatterns: changes.returnUrlPatterns ?? [],
      });
      const partner = await repo.update(id, changes);
      return { partner: partner!, key: await issueKey(id, 'sandbox') };
    },

    /** Creates the demo partner when the database has no partner yet; null otherwise. */
    async ensureDemoPartner(): Promise<{ partner: Partner; key: IssuedKey } | null> {
      if ((await repo.count()) > 0) return null;
      return this.create({ name: 'Demo Partner', capabilities: capabilityNames.filter((c) => allCapabilities[c]), returnUrlPatterns: [DEMO_RETURN_URL_PATTERN] });
    },

    /** Changes a partner's settings; effective on the next request. */
    async set(partnerId: string, input: PartnerInput): Promise<Partner> {
      await mustFind(partnerId);
      return (await repo.update(partnerId, parsePartnerInput(input)))!;
    },

    show: mustFind,

    /** The clock scope of the partner's `mode` data: its sandbox clock in sandbox, null (real time) in live; not_found. */
    async timeScope(partnerId: string, mode: Mode, tx?: Tx): Promise<SandboxTimeScope | null> {
      if (mode !== 'sandbox') return null;
      return { partnerId, offsetMs: Number((await mustFind(partnerId, tx)).sandboxClockOffsetMs) };
    },

    /**
     * Sandbox clock (`GET /v1/sandbox/clock`): the partner's sandbox time `now` (UTC ISO-8601) and
     * how far it runs ahead of real time (`offsetMs`, ms). With `advance` (an ISO 8601 duration,
     * positive) the clock first moves forward by it, from the partner's current sandbox time;
     * with `reset` it returns to real time.
     */
    async sandboxClock(partnerId: string, change: { advance?: string; reset?: boolean } = {}): Promise<{ now: string; offsetMs: number }> {
      if (change.advance !== undefined && !isDuration(change.advance)) throw invalid('body.advance', 'must be an ISO 8601 duration such as P91D or PT22M');
      // Under the partner's row lock: two advances at once both count.
      const offsetMs = await db.transaction().execute(async (tx) => {
        const r = partnersRepository(tx);
        const current = await r.lockSandboxClock(partnerId);
        if (current === undefined) throw notFound(`Partner ${partnerId}`);
        let next = change.reset ? 0 : current;
        if (change.advance !== undefined) {
          const from = new Date(clock.now().getTime() + current);
          const step = addDuration(from, change.advance).getTime() - from.getTime();
          if (step <= 0) throw invalid('body.advance', 'must move the clock forward (a positive duration)');
          if (current + step > MAX_SANDBOX_OFFSET_MS) throw invalid('body.advance', 'would move the sandbox clock more than 10 years ahead; reset it first');
          next = current + step;
        }
        if (next !== current) await r.update(partnerId, { sandboxClockOffsetMs: next });
        return next;
      });
      return { now: new Date(clock.now().getTime() + offsetMs).toISOString(), offsetMs };
    },

    /** Issues a key (shown once) with an optional `label` (at most 100 characters; validation_error). */
    issueKey: async (partnerId: string, mode: Mode, label: string | null = null) => {
      await mustFind(partnerId);
      return issueKey(partnerId, mode, label);
    },

    async listKeys(partnerId?: string): Promise<KeyView[]> {
      return (await repo.listKeys(partnerId)).map((k) => ({
        keyId: k.id,
        partnerId: k.partnerId,
        mode: k.mode,
        hint: `…${k.hint}`,
        label: k.label,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        revokedAt: k.revokedAt?.toISOString() ?? null,
      }));
    },

    /**
     * Revokes a key at once. Revoking an already revoked key changes nothing and says when it was
     * revoked (`alreadyRevoked: true`); not_found for an unknown key.
     */
    async revokeKey(keyId: string): Promise<{ keyId: string; revokedAt: string; alreadyRevoked: boolean }> {
      const revoked = await repo.revokeKey(keyId, clock.now());
      if (revoked) return { keyId, revokedAt: revoked.revokedAt!.toISOString(), alreadyRevoked: false };
      const existing = await repo.findKey(keyId);
      if (!existing?.revokedAt) throw notFound(`API key ${keyId}`);
      return { keyId, revokedAt: existing.revokedAt.toISOString(), alreadyRevoked: true };
    },

    /**
     * The partner and mode of a raw X-Api-Key value, or null when it is not an active key. With
     * `windowStart` (unix seconds) the request is also counted in the key's rate-limit window.
     */
    async authenticate(rawKey: string, windowStart: number | null = null): Promise<AuthContext | null> {
      const mode = apiKeyMode(rawKey);
      if (!mode) return null;
      const hash = sha256Hex(rawKey);
      const found = await repo.findActiveKeyByHash(hash, windowStart);
      if (!found || !digestsEqual(found.key.keyHash, hash) || found.key.mode !== mode) return null;
      // "Last used" to the minute: one small write per key and minute, not per request.
      const now = clock.now();
      if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() >= 60_000) await repo.touchKey(found.key.id, now);
      return { partner: found.partner, mode, keyId: found.key.id, requestsInWindow: found.requestsInWindow };
    },

    /** The spec's partner configuration resource for the calling key. */
    config(auth: AuthContext): PartnerConfig {
      const p = auth.partner;
      return {
        partnerId: p.id,
        name: p.name,
        mode: auth.mode,
        capabilities: { ...noCapabilities, ...p.capabilities },
        consentDuration: p.consentDuration,
        consentExpiringNoticeDays: p.consentExpiringNoticeDays,
        countries: p.countries,
        webhook: { signatureVersion: 'v1' },
      };
    },
  };
}

export type PartnersService = ReturnType<typeof partnersService>;

/** Validates CLI/admin input; throws validation_error naming the field. */
function parsePartnerInput(input: PartnerInput): PartnerChanges {
  const changes: PartnerChanges = {};
  if (input.name !== undefined) {
    if (input.name.trim() === '') throw invalid('name', 'must not be empty');
    changes.name = input.name.trim();
  }
  if (input.capabilities !== undefined) {
    const unknown = input.capabilities.filter((c) => !(capabilityNames as readonly string[]).includes(c));
    if (unknown.length) throw invalid('capabilities', `unknown capability ${unknown.join(', ')}; known: ${capabilityNames.join(', ')}`);
    changes.capabilities = Object.fromEntries(capabilityNames.map((c) => [c, input.capabilities!.includes(c)])) as unknown as Capabilities;
  }
  if (input.consentDuration !== undefined) {
    if (!isDuration(input.consentDuration)) throw invalid('consentDuration', 'must be an ISO 8601 duration such as P90D');
    changes.consentDuration = input.consentDuration;
  }
  if (input.countries !== undefined) {
    const bad = (input.countries ?? []).filter((c) => !isCountryCode(c));
    if (bad.length) throw invalid('countries', `not ISO 3166-1 alpha-2: ${bad.join(', ')}`);
    changes.countries = input.countries;
  }
  if (input.returnUrlPatterns !== undefined) {
    for (const pattern of input.returnUrlPatterns) {
      const problem = validateReturnUrlPattern(pattern);
      if (problem) throw invalid('returnUrlPatterns', `"${pattern}": ${problem}`);
    }
    changes.returnUrlPatterns = input.returnUrlPatterns;
  }
  if (input.subscribeToAllAccounts !== undefined) changes.subscribeToAllAccounts = input.subscribeToAllAccounts;
  if (input.skipConsentScreenAllowed !== undefined) changes.skipConsentScreenAllowed = input.skipConsentScreenAllowed;
  if (input.rateLimit !== undefined) {
    if (input.rateLimit !== null && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) throw invalid('rateLimit', 'must be a positive whole number of requests per second');
    changes.rateLimit = input.rateLimit;
  }
  if (input.displayName !== undefined) changes.displayName = input.displayName?.trim() || null;
  if (input.logoUrl !== undefined) changes.logoUrl = brandingUrl('logoUrl', input.logoUrl);
  if (input.privacyUrl !== undefined) changes.privacyUrl = brandingUrl('privacyUrl', input.privacyUrl);
  if (input.accentColor !== undefined) {
    if (input.accentColor && !/^#[0-9a-fA-F]{6}$/.test(input.accentColor)) throw invalid('accentColor', 'must be a colour #RRGGBB such as #0a7d5a');
    changes.accentColor = input.accentColor ? input.accentColor.toLowerCase() : null;
  }
  if (input.consentExpiringNoticeDays !== undefined) {
    const days = input.consentExpiringNoticeDays;
    if (!Number.isInteger(days) || days < 0 || days > 365) throw invalid('consentExpiringNoticeDays', 'must be a whole number of days from 0 (never) to 365');
    changes.consentExpiringNoticeDays = days;
  }
  return changes;
}

/** A branding URL: https, or http on localhost (development); '' or null clears it. validation_error naming `field`. */
function brandingUrl(field: string, value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, 'must be an absolute https URL');
  }
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) throw invalid(field, 'must be an https URL (http only for localhost)');
  if (value.length > 2048) throw invalid(field, 'must be at most 2048 characters');
  return url.toString();
}

