/**
 * startWorker(services): job handlers and the durable-timer sweeper (DESIGN.md §3). Runs inside
 * `bankdata start` and alone as `bankdata worker`; any number of workers share the queue.
 */
import { TimerSweeper } from './jobs/timers.ts';
import { IDEMPOTENCY_WINDOW_MS } from './plugins/idempotency.ts';
import type { Services } from './services.ts';
import type { DownloadOutcome } from './modules/connections/connections.sync.ts';
import { downloadDuration } from './metrics/metrics.ts';

export interface Worker {
  sweeper: TimerSweeper;
  stop(): Promise<void>;
}

/**
 * Deletes rate-limit windows older than two minutes, idempotency records past their 24 hours and
 * connect sessions 30 days after they ended.
 */
export async function pruneExpiredRecords({ db, clock, connectSessions }: Services): Promise<void> {
  const now = clock.now().getTime();
  await db.deleteFrom('rateLimitCounters').where('windowStart', '<', Math.floor(now / 1000) - 120).execute();
  await db.deleteFrom('idempotencyRecords').where('createdAt', '<', new Date(now - IDEMPOTENCY_WINDOW_MS)).execute();
  await connectSessions.pruneEnded();
}

/** Runs a download and observes its duration by outcome (a throw is `retrying`: the job queue runs it again). */
async function timedDownload(download: () => Promise<DownloadOutcome>): Promise<void> {
  const end = downloadDuration.startTimer();
  try {
    end({ outcome: await download() });
  } catch (error) {
    end({ outcome: 'retrying' });
    throw error;
  }
}

/** Registers every job handler and starts sweeping timers every `sweepMs`. */
export async function startWorker(services: Services, sweepMs = 1000): Promise<Worker> {
  const { times } = services;
  const sweeper = new TimerSweeper(services.db, services.clock);
  // A timer of a partner's sandbox fires on that partner's sandbox time (partner-times.ts).
  sweeper.on('connection-initiation', (tx, connectionId, scope) => times.of(scope).connections.checkCompletion(tx, connectionId));
  sweeper.on('consent-expiry', (tx, connectionId, scope) => times.of(scope).lifecycle.expireConsent(tx, connectionId));
  sweeper.on('consent-expiring', (tx, connectionId, scope) => times.of(scope).lifecycle.noticeConsentExpiring(tx, connectionId));
  sweeper.on('webhook-retry', (tx, deliveryId) => services.webhooks.retryDue(tx, deliveryId));
  sweeper.on('connect-session-expiry', (tx, sessionId, scope) => times.of(scope).connectSessions.expire(tx, sessionId));
  // Downloads wait on banks, not on CPU, and hold a database connection only for their short
  // transactions (never while the bank answers): many run at once (bench/README.md).
  // A sandbox connection's download runs on its partner's sandbox time.
  await services.queue.work('connection-download', async (job, attempt) => {
    const { sync } = await times.ofConnection(job.connectionId);
    return timedDownload(() => sync.download(job, attempt));
  }, services.config.downloadConcurrency);
  await services.queue.work('connection-download-failed', async (job) => (await times.ofConnection(job.connectionId)).sync.giveUp(job), 1);
  await services.queue.work('consent-revoke', (job) => services.connections.revokeDisabledConsent(job), 1);
  await services.queue.work('webhook-delivery-failed', (job) => services.webhooks.restart(job), 1);
  await services.queue.workBatches(
    'webhook-delivery',
    (jobs) => services.webhooks.deliver(jobs),
    services.config.webhookConcurrency,
    services.config.webhookBatchSize,
  );
  sweeper.start(sweepMs);
  // Housekeeping that fails (the database away) is simply done at the next run.
  const housekeeping = setInterval(() => void pruneExpiredRecords(services).catch((error) => console.error(`housekeeping failed; trying again in a minute: ${error.message}`)), 60_000);
  return {
    sweeper,
    async stop() {
      clearInterval(housekeeping);
      await sweeper.stop();
    },
  };
}
