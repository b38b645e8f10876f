/**
 * The download job (spec "What the service does" 3, 4; DESIGN.md §5): accounts and 90 days of
 * transactions of a connection, with AccountsFetchingProgress (creation only) and
 * TransactionsFetchingProgress events (creation, reconnect, refresh). Every write is an
 * idempotent upsert, so a download that crashes half-way is simply run again by the queue: no
 * duplicates, no holes; Uncleared transactions that cleared are updated in place. A bank error
 * ends a creation (Disabled) or reconnect journey with ConnectionCreateFailed, and a refresh
 * with ConnectionRefreshFailed; any other error is retried by the queue. Each account's
 * transactions are enriched (enrichment.service.ts) as they are stored.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Banks } from '../../banks/index.ts';
import { BankError } from '../../banks/connector.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobPayloads } from '../../jobs/queue.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { enrichAccount } from '../enrichment/enrichment.service.ts';
import type { EventLog, EventType } from '../webhooks/events.ts';
import { connectionsRepository } from './connections.repository.ts';
import type { LifecycleService } from './connections.lifecycle.ts';
import { subjectOf, type ConnectionsService } from './connections.service.ts';

/** History depth of a first download (spec "Limits": typically 90 days). */
export const HISTORY_DAYS = 90;
export const MAX_ACCOUNTS = 100;

/** Thrown inside a refresh whose consent ended meanwhile: it stores nothing more (its outcome was already sent). */
class RefreshEnded extends Error {}

export interface SyncDeps {
  db: Db;
  clock: Clock;
  events: EventLog;
  banks: Banks;
  providers: ProvidersService;
  connections: ConnectionsService;
  lifecycle: LifecycleService;
}

export function syncService(deps: SyncDeps) {
  const { db, clock, events, banks } = deps;
  const repo = connectionsRepository(db);

  return {
    /** Runs one download; throws (for a retry) on anything but a definitive bank error. */
    async download({ connectionId, reason, accountId }: JobPayloads['connection-download']): Promise<void> {
      const connection = await repo.find(connectionId);
      if (!connection?.consentRef) return;
      const journey = reason === 'create' || reason === 'reconnect';
      if (reason === 'create' && connection.state !== 'Pending') return;
      if (reason === 'reconnect' && connection.state === 'Disabled') return;
      // A refresh whose consent ended before it started already has its outcome (ConnectionRefreshFailed).
      if (!journey && (connection.state !== 'Active' || (reason === 'refresh' && !connection.refreshingSince))) return;
      const provider = (await deps.providers.find(connection.providerId))!;
      const connector = banks.connectorFor(provider);
      const subject = subjectOf(connection);
      // A refresh stores and reports only while it still runs: a revoke or expiry ends it (lifecycle.inactivate).
      const write = <T>(work: (tx: Tx) => Promise<T>) =>
        db.transaction().execute(async (tx) => {
          if (reason === 'refresh' && !(await deps.lifecycle.refreshStillRunning(tx, connectionId))) throw new RefreshEnded();
          return work(tx);
        });
      const progress = (type: EventType, data: Record<string, unknown>) => write((tx) => events.record(tx, subject, type, data, clock.now()));

      try {
        if (reason === 'refresh') await connector.beginRefresh(connection.consentRef);
        // Accounts (and balances) come fresh from the bank every time; progress events only on journeys.
        if (journey) await progress('AccountsFetchingProgress', { stage: 'Started' });
        const listed = (await connector.listAccounts(connection.consentRef)).slice(0, MAX_ACCOUNTS);
        const owner = { connectionId, partnerId: connection.partnerId, clientId: connection.clientId };
        const subscribeAll = journey && connection.subscribeToAllAccounts;
        const stored = await write((tx) => accountsRepository(tx).upsertAccounts(owner, listed, subscribeAll, clock.now(), subscribeAll && reason === 'reconnect'));
        if (journey) await progress('AccountsFetchingProgress', { stage: 'Completed', accountCount: stored.length });
        let targets = stored.filter((a) => a.subscribed && a.authorized);
        if (accountId) targets = targets.filter((a) => a.id === accountId);

        const since = new Date(clock.now().getTime() - HISTORY_DAYS * 86_400_000);
        let transactionCount = 0;
        await progress('TransactionsFetchingProgress', { stage: 'Started', accountCount: targets.length });
        for (const [index, account] of targets.entries()) {
          const fetched = await connector.fetchTransactions(connection.consentRef, account.externalId, since);
          // Stored and enriched in one transaction: a transaction is never served without its enrichment.
          await write(async (tx) => {
            await accountsRepository(tx).upsertTransactions(account.id, fetched, clock.now());
            await enrichAccount(tx, account.id);
          });
          transactionCount += fetched.length;
          await progress('TransactionsFetchingProgress', { stage: 'InProgress', accountsDone: index + 1, accountCount: targets.length, transactionCount });
        }
        await progress('TransactionsFetchingProgress', { stage: 'Completed', accountCount: targets.length, transactionCount });

        if (journey) {
          const activated = await db.transaction().execute(async (tx) => {
            const locked = await connectionsRepository(tx).lock(connectionId);
            if (!locked || (reason === 'create' ? locked.state !== 'Pending' : locked.state === 'Disabled')) return false;
            await deps.lifecycle.activate(tx, locked, { accountCount: targets.length, transactionCount, ...(reason === 'reconnect' ? { reconnect: true } : {}) });
            return true;
          });
          if (activated && reason === 'create') await deps.lifecycle.autoRevokeIfEnabled(connectionId);
        } else if (reason === 'refresh') {
          await db.transaction().execute((tx) => deps.lifecycle.finishRefresh(tx, connectionId, { ok: true, data: { accountCount: targets.length, transactionCount } }));
        }
      } catch (error) {
        if (error instanceof RefreshEnded) return;
        if (!(error instanceof BankError)) throw error;
        if (reason === 'refresh') {
          await db.transaction().execute((tx) => deps.lifecycle.finishRefresh(tx, connectionId, { ok: false, code: error.code, message: error.message }));
          return;
        }
        if (!journey) throw error;
        await db.transaction().execute(async (tx) => {
          const locked = await connectionsRepository(tx).lock(connectionId);
          if (locked && locked.state !== 'Disabled') await deps.connections.failDownload(tx, locked, error);
        });
      }
    },
  };
}

export type SyncService = ReturnType<typeof syncService>;
