/**
 * The download job (spec "What the service does" 3, 4; DESIGN.md §5): accounts and 90 days of
 * transactions of a connection, with AccountsFetchingProgress (creation only) and
 * TransactionsFetchingProgress events (creation, reconnect, refresh). Every write is an
 * idempotent upsert, so a download that crashes half-way is simply run again by the queue: no
 * duplicates, no holes; Uncleared transactions that cleared are updated in place. Every write and
 * progress event first checks, in its own database transaction, that the connection is still in
 * the state the download expects with the same consent; when it is not (disabled, revoked,
 * deleted, reconnected meanwhile) the download stops and stores nothing more. A temporary bank
 * error (BankError.temporary) is retried by the job queue; a definitive one, or a temporary one
 * on the last attempt, ends a creation (Disabled, consent revoked) or reconnect journey with
 * ConnectionCreateFailed, and a refresh with ConnectionRefreshFailed; any other error is retried
 * by the queue. Each account's transactions are enriched (enrichment.service.ts) as they are stored.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Connection } from '../../db/schema.ts';
import type { Banks } from '../../banks/index.ts';
import { BankError } from '../../banks/connector.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobAttempt, JobPayloads } from '../../jobs/queue.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EventLog, EventType } from '../webhooks/events.ts';
import { connectionsRepository } from './connections.repository.ts';
import { runsRefresh, type LifecycleService } from './connections.lifecycle.ts';
import { subjectOf, type ConnectionsService } from './connections.service.ts';

/** History depth of a download when the provider's traits give none (spec "Limits": typically 90 days). */
export const HISTORY_DAYS = 90;
export const MAX_ACCOUNTS = 100;

/** Thrown inside a refresh whose consent ended meanwhile: it stores nothing more (its outcome was already sent). */
export interface SyncDeps {
  db: Db;
  clock: Clock;
  events: EventLog;
  banks: Banks;
  providers: ProvidersService;
  connections: ConnectionsService;
  lifecycle: LifecycleService;
  accounts: AccountsService;
}

/** The connection is no longer in the state the download started for: stop quietly. */
class DownloadAbandoned extends Error {}

type Download = JobPayloads['connection-download'];

/** Whether `download` still applies to `connection`, which held `consentRef` when it started. */
function stillWanted(connection: Connection | undefined, download: Download, consentRef: string): connection is Connection {
  if (!connection || connection.consentRef !== consentRef) return false;
  if (download.reason === 'create') return connection.state === 'Pending';
  if (download.reason === 'reconnect') return connection.state !== 'Disabled';
  // A refresh stores and reports only while it (this one, not a later one) runs.
  if (download.reason === 'refresh') return runsRefresh(connection, download.refreshingSince);
  return connection.state === 'Active';
}

const FIRST_ATTEMPT: JobAttempt = { retryCount: 0, retryLimit: 0 };

export function syncService(deps: SyncDeps) {
  const { db, clock, events, banks } = deps;
  const repo = connectionsRepository(db);

  return {
    /**
     * Runs one download; throws (for a retry) on a temporary bank error before the last attempt
     * and on anything but a bank error. `attempt` says which try of the job this is (default: a
     * single try, as when called directly).
     */
    async download(download: Download, attempt: JobAttempt = FIRST_ATTEMPT): Promise<void> {
      const { connectionId, reason, accountId } = download;
      const connection = await repo.find(connectionId);
      const consentRef = connection?.consentRef;
      if (!consentRef || !stillWanted(connection, download, consentRef)) return;
      const journey = reason === 'create' || reason === 'reconnect';
      const provider = (await deps.providers.find(connection.providerId))!;
      const connector = banks.connectorFor(provider);
      const subject = subjectOf(connection);

      /** Runs `work` in a transaction that holds the connection (shared lock) in the expected state; else abandons the download. */
      const guarded = <T>(work: (tx: Tx, current: Connection) => Promise<T>) =>
        db.transaction().execute(async (tx) => {
          const current = await connectionsRepository(tx).lockShared(connectionId);
          if (!stillWanted(current, download, consentRef)) throw new DownloadAbandoned();
          return work(tx, current);
        });
      const progress = (type: EventType, data: Record<string, unknown>) => guarded((tx) => events.record(tx, subject, type, data, clock.now()));

      try {
        if (reason === 'refresh') await connector.beginRefresh(consentRef);
        // Accounts (and balances) come fresh from the bank every time; progress events only on journeys.
        if (journey) await progress('AccountsFetchingProgress', { stage: 'Started' });
        // The user takes part in a journey's download (the address the journey kept) and in a user-present refresh (PSU-IP-Address).
        const psuIpAddress = journey ? (connection.psuIpAddress ?? undefined) : download.psuIpAddress;
        const context = psuIpAddress ? { psuIpAddress } : {};
        const listed = (await connector.listAccounts(consentRef, context)).slice(0, MAX_ACCOUNTS);
        const owner = { connectionId, partnerId: connection.partnerId, clientId: connection.clientId };
        const subscribeAll = journey && connection.subscribeToAllAccounts;
        const stored = await guarded((tx) => deps.accounts.storeAccounts(tx, owner, listed, subscribeAll, subscribeAll && reason === 'reconnect'));
        if (journey) await progress('AccountsFetchingProgress', { stage: 'Completed', accountCount: stored.length });
        let targets = stored.filter((a) => a.subscribed && a.authorized);
        if (accountId) targets = targets.filter((a) => a.id === accountId);

        const since = new Date(clock.now().getTime() - (connector.traits(provider.code).historyDays ?? HISTORY_DAYS) * 86_400_000);
        let transactionCount = 0;
        await progress('TransactionsFetchingProgress', { stage: 'Started', accountCount: targets.length });
        for (const [index, account] of targets.entries()) {
          const fetched = await connector.fetchTransactions(consentRef, account.externalId, since, context);
          // Stored and enriched in one transaction: a transaction is never served without its enrichment.
          if (await guarded((tx) => deps.accounts.storeTransactions(tx, account.id, fetched, since))) transactionCount += fetched.length;
          await progress('TransactionsFetchingProgress', { stage: 'InProgress', accountsDone: index + 1, accountCount: targets.length, transactionCount });
        }
        await progress('TransactionsFetchingProgress', { stage: 'Completed', accountCount: targets.length, transactionCount });

        if (journey) {
          const activated = await db.transaction().execute(async (tx) => {
            const locked = await connectionsRepository(tx).lock(connectionId);
            if (!stillWanted(locked, download, consentRef)) return false;
            await deps.lifecycle.activate(tx, locked, { accountCount: targets.length, transactionCount, ...(reason === 'reconnect' ? { reconnect: true } : {}) });
            return true;
          });
          if (activated && reason === 'create') await deps.lifecycle.autoRevokeIfEnabled(connectionId);
        } else if (reason === 'refresh') {
          await db.transaction().execute((tx) => deps.lifecycle.finishRefresh(tx, connectionId, { ok: true, data: { accountCount: targets.length, transactionCount } }, download.refreshingSince));
        }
      } catch (error) {
        if (error instanceof DownloadAbandoned) return;
        if (!(error instanceof BankError)) throw error;
        // A temporary bank failure: the job queue runs the download again later (retryDelay, backoff).
        if (error.temporary && attempt.retryCount < attempt.retryLimit) throw error;
        await endFailed(download, consentRef, error);
      }
    },

    /**
     * Job `connection-download-failed`, the download queue's dead letter: a download that failed
     * every retry for a reason other than the bank (a crash, a database fault) still gets its
     * outcome, with error code internal_error.
     */
    async giveUp(download: Download): Promise<void> {
      const connection = await repo.find(download.connectionId);
      if (connection?.consentRef) await endFailed(download, connection.consentRef, new BankError('internal_error', 'the download failed repeatedly; try again later'));
    },
  };

  /**
   * Ends a download that failed for good: a refresh with ConnectionRefreshFailed, a creation or
   * reconnect with ConnectionCreateFailed (a creation Disabled); nothing for a newly subscribed
   * account (a later refresh fetches it).
   */
  async function endFailed(download: Download, consentRef: string, error: BankError): Promise<void> {
    const { connectionId, reason } = download;
    if (reason === 'refresh') {
      await db.transaction().execute((tx) => deps.lifecycle.finishRefresh(tx, connectionId, { ok: false, code: error.code, message: error.message }, download.refreshingSince));
      return;
    }
    if (reason === 'subscribe') return;
    await db.transaction().execute(async (tx) => {
      const locked = await connectionsRepository(tx).lock(connectionId);
      if (stillWanted(locked, download, consentRef)) await deps.connections.failDownload(tx, locked, error);
    });
  }
}

export type SyncService = ReturnType<typeof syncService>;
