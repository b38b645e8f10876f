/**
 * Portal users and sign-in (issue 15; docs/portal.md "Security"): users belong to one partner
 * with a role (admin, developer, viewer); passwords are argon2id hashes (@node-rs/argon2);
 * sessions live in PostgreSQL (only the SHA-256 of the cookie value is stored), end after 30
 * minutes idle or 12 hours; failed sign-ins are counted in PostgreSQL per address and per
 * account in 15-minute windows. Every portal action is written to the audit log.
 * Errors: ApiError validation_error / not_found / unauthorized / rate_limited.
 */
import { hash, verify, Algorithm } from '@node-rs/argon2';
import type { PortalRole, PortalUser } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError, invalid, notFound } from '../lib/errors.ts';
import { newId, randomBase62, sha256Hex } from '../lib/ids.ts';
import type { PartnersService } from '../modules/partners/partners.service.ts';
import { portalRepository } from './portal.repository.ts';
import { portalRoles } from './portal-roles.ts';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
export const SETUP_TOKEN_MS = 24 * 3_600_000;
export const SIGNIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins allowed per window: per account (e-mail address) and per client address. */
export const SIGNIN_LIMITS = { account: 5, address: 20 };
const MIN_PASSWORD = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PortalUserView {
  userId: string;
  partnerId: string;
  email: string;
  role: PortalRole;
  state: 'active' | 'invited' | 'disabled';
  createdAt: string;
}

const view = (u: PortalUser): PortalUserView => ({
  userId: u.id,
  partnerId: u.partnerId,
  email: u.email,
  role: u.role,
  state: u.disabledAt ? 'disabled' : u.passwordHash ? 'active' : 'invited',
  createdAt: u.createdAt.toISOString(),
});

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw invalid('password', `must be at least ${MIN_PASSWORD} characters`);
  if (password.length > 200) throw invalid('password', 'must be at most 200 characters');
}

const hashPassword = (password: string) => hash(password, { algorithm: Algorithm.Argon2id });
/** A hash checked when no user has the address, so an unknown address takes as long as a wrong password. */
let decoyHash: Promise<string> | null = null;

export function portalService(deps: { db: Db; clock: Clock; partners: PartnersService; baseUrl: string }) {
  const repo = portalRepository(deps.db);
  const { clock } = deps;

  async function issueSetupUrl(userId: string): Promise<{ setupUrl: string; expiresAt: string }> {
    const token = randomBase62(32);
    const expiresAt = new Date(clock.now().getTime() + SETUP_TOKEN_MS);
    await repo.insertSetupToken({ tokenHash: sha256Hex(token), userId, expiresAt });
    return { setupUrl: `${deps.baseUrl}/portal/setup/${token}`, expiresAt: expiresAt.toISOString() };
  }

  return {
    /**
     * Creates a user of `partnerId` (e-mail unique per partner, case-insensitive). With
     * `password` the user can sign in at once; otherwise the answer holds a one-time `setupUrl`
     * (24 h) where the user chooses one. validation_error, not_found (partner).
     */
    async createUser(input: { partnerId: string; email: string; role?: PortalRole; password?: string }): Promise<PortalUserView & { setupUrl?: string; setupExpiresAt?: string }> {
      await deps.partners.show(input.partnerId);
      const email = input.email.trim();
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'must be an e-mail address');
      const role = input.role ?? 'developer';
      if (!portalRoles.includes(role)) throw invalid('role', `must be one of ${portalRoles.join(', ')}`);
      if (await repo.findUserByEmail(input.partnerId, email)) throw invalid('email', `a user with ${email} already exists for this partner`);
      if (input.password !== undefined) checkPassword(input.password);
      const id = newId();
      await repo.insertUser({ id, partnerId: input.partnerId, email, role, passwordHash: input.password !== undefined ? await hashPassword(input.password) : null });
      const user = view((await repo.findUser(id))!);
      if (input.password !== undefined) return user;
      const setup = await issueSetupUrl(id);
      return { ...user, setupUrl: setup.setupUrl, setupExpiresAt: setup.expiresAt };
    },

    async listUsers(partnerId: string): Promise<PortalUserView[]> {
      await deps.partners.show(partnerId);
      return (await repo.listUsers(partnerId)).map(view);
    },

    /** Disables a user and ends all their sessions at once; not_found. Disabling twice changes nothing. */
    async disableUser(userId: string): Promise<PortalUserView> {
      const user = await repo.disableUser(userId, clock.now());
      if (!user) throw notFound(`Portal user ${userId}`);
      return view(user);
    },

    /** The e-mail address a setup token is for, or null when it is unknown, used or expired. */
    async setupTokenUser(token: string): Promise<string | null> {
      const row = await repo.findSetupToken(sha256Hex(token), clock.now());
      return row ? ((await repo.findUser(row.userId))?.email ?? null) : null;
    },

    /** Sets the password through a setup token (used once); validation_error when the token is not usable. */
    async completeSetup(token: string, password: string): Promise<void> {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      const userId = await repo.useSetupToken(sha256Hex(token), clock.now());
      if (!userId) throw invalid('token', 'this set-up link was already used or has expired; ask an admin of your team or the operator for a new one');
      await repo.setPassword(userId, passwordHash);
    },

    /**
     * Signs in: a new session token (the cookie's value) for the active user with this e-mail
     * address and password. rate_limited (with the minutes to wait) after too many failures for
     * the account or the address; unauthorized for a wrong address or password (one message).
     */
    async signIn(email: string, password: string, address: string): Promise<{ token: string; user: PortalUser }> {
      const now = clock.now();
      const windowStart = new Date(Math.floor(now.getTime() / SIGNIN_WINDOW_MS) * SIGNIN_WINDOW_MS);
      const scopes = { account: `account:${email.trim().toLowerCase()}`, address: `address:${address}` };
      const counts = await repo.failures(Object.values(scopes), windowStart);
      if ((counts[scopes.account] ?? 0) >= SIGNIN_LIMITS.account || (counts[scopes.address] ?? 0) >= SIGNIN_LIMITS.address) {
        const minutes = Math.max(1, Math.ceil((windowStart.getTime() + SIGNIN_WINDOW_MS - now.getTime()) / 60_000));
        throw new ApiError('rate_limited', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      let user: PortalUser | undefined;
      const candidates = (await repo.activeUsersByEmail(email.trim())).filter((c) => c.passwordHash);
      if (candidates.length === 0) await verify(await (decoyHash ??= hashPassword(randomBase62(20))), password);
      for (const candidate of candidates) {
        if (await verify(candidate.passwordHash!, password)) {
          user = candidate;
          break;
        }
      }
      if (!user) {
        await repo.countFailure(Object.values(scopes), windowStart);
        throw new ApiError('unauthorized', 'Wrong e-mail address or password.');
      }
      const token = randomBase62(43);
      await repo.insertSession({ idHash: sha256Hex(token), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_MS) });
      await this.audit(user, 'signed in', {});
      return { token, user };
    },

    /** The active user of a session token, or null when it is unknown, idle too long, expired or the user is disabled. */
    async session(token: string): Promise<PortalUser | null> {
      const now = clock.now();
      return (await repo.touchSession(sha256Hex(token), now, new Date(now.getTime() - SESSION_IDLE_MS))) ?? null;
    },

    async signOut(token: string): Promise<void> {
      await repo.deleteSession(sha256Hex(token));
    },

    /** Ends every session of the user (all browsers); the number ended. */
    async signOutEverywhere(user: PortalUser): Promise<number> {
      const ended = await repo.deleteSessionsOf(user.id);
      await this.audit(user, 'signed out everywhere', { sessions: ended });
      return ended;
    },

    /** Writes one audit entry: `user` did `what` (details: ids, labels, never secrets). */
    async audit(user: PortalUser, what: string, details: Record<string, unknown>): Promise<void> {
      await repo.insertAudit({ partnerId: user.partnerId, userId: user.id, who: user.email, what, details, at: clock.now() });
    },

    /** The partner's most recent audit entries, newest first. */
    activity: (partnerId: string, limit = 200) => repo.listAudit(partnerId, limit),
  };
}

export type PortalService = ReturnType<typeof portalService>;
