/**
 * The service container: every module's service wired to one database, one clock and one job
 * queue. Built once per process (API, worker, CLI) and handed to routes and job handlers. The
 * services that follow a partner's sandbox clock exist per partner time (`times`, partner-times.ts).
 */
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { checkSecretKey, instanceSecret } from './db/settings.ts';
import { loadSecretKeys, type SecretKeys } from './lib/secret-keys.ts';
import { Banks } from './banks/index.ts';
import { SandboxState } from './banks/sandbox/sandbox-state.ts';
import { JobQueue } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import type { PartnerClock } from './lib/partner-clock.ts';
import { CursorCodec } from './lib/cursor.ts';
import { accountsService } from './modules/accounts/accounts.service.ts';
import { clientsService } from './modules/clients/clients.service.ts';
import { connectionsService } from './modules/connections/connections.service.ts';
import { connectSessionsService } from './modules/connect-sessions/connect-sessions.service.ts';
import { followConnectionEvents } from './modules/connect-sessions/connect-sessions.progress.ts';
import { lifecycleService } from './modules/connections/connections.lifecycle.ts';
import { syncService } from './modules/connections/connections.sync.ts';
import { connectionDirectory } from './modules/connections/connections.directory.ts';
import { partnersService } from './modules/partners/partners.service.ts';
import { providersService } from './modules/providers/providers.service.ts';
import { simplefinService } from './modules/simplefin/simplefin.service.ts';
import { usageService } from './modules/usage/usage.service.ts';
import { EventLog } from './modules/webhooks/events.ts';
import { webhooksService } from './modules/webhooks/webhooks.service.ts';
import { webhookHistory } from './modules/webhooks/webhook-history.ts';
import { portalService } from './portal/portal.service.ts';
import { PartnerTimes } from './partner-times.ts';

export interface Deps {
  db: Db;
  databaseUrl: string;
  clock: Clock;
  config: Config;
  /** Worker processes run job-queue maintenance (expiry of jobs whose worker died). */
  maintenance?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The key of secrets at rest; loaded from `config` when not given (lib/secret-keys.ts). */
  secretKeys?: SecretKeys;
  /** Return before the job queue has started (`queue.started`; jobs enqueued meanwhile wait for it). */
  queueStartsLater?: boolean;
}

export async function createServices(deps: Deps) {
  const { db, clock, config } = deps;
  const env = deps.env ?? process.env;
  const cursors = new CursorCodec(await instanceSecret(db));
  const keys = deps.secretKeys ?? loadSecretKeys(config);
  if ((await checkSecretKey(db, keys)) === 'previous') {
    process.emitWarning('Webhook secrets are still encrypted with BANKDATA_SECRET_KEY_PREVIOUS: run "bankdata secrets reencrypt" to finish the key rotation.');
  }
  const queueOptions = { maintenance: deps.maintenance ?? false, env };
  const queue = deps.queueStartsLater ? JobQueue.starting(deps.databaseUrl, queueOptions) : await JobQueue.start(deps.databaseUrl, queueOptions);
  const events = new EventLog();
  const webhooks = webhooksService({ db, clock, queue, events, keys, allowPrivateUrls: config.allowPrivateWebhookUrls });
  const banks = new Banks({ baseUrl: config.baseUrl, slowMs: Number(env.BANKDATA_SANDBOX_SLOW_MS ?? 60_000), state: new SandboxState(db), clock });
  const partners = partnersService(db, clock);
  const usage = usageService(db, clock);
  const providers = providersService(db, cursors);
  const clients = clientsService(db);
  /** Connections, sessions and the sandbox bank on `time`: a partner's sandbox time, or real time (partner-times.ts). */
  const onClock = (time: PartnerClock) => {
    const onTime = banks.onSandboxClock(time);
    const connections = connectionsService({ db, clock: time, config, queue, events, banks: onTime, providers, clients, partners });
    const lifecycle = lifecycleService({ db, clock: time, queue, events, banks: onTime, providers, partners, connections, usage });
    const accounts = accountsService({ db, clock: time, cursors, queue, connections });
    const sync = syncService({ db, clock: time, events, banks: onTime, providers, connections, lifecycle, accounts });
    const connectSessions = connectSessionsService({ db, clock: time, config, partners, clients, providers, connections, lifecycle, accounts, cursors });
    return { clock: time, banks: onTime, connections, lifecycle, accounts, sync, connectSessions };
  };
  const times = new PartnerTimes({ db, clock, partners }, onClock);
  const { connections, lifecycle, accounts, sync, connectSessions } = times.real;
  const simplefin = simplefinService({ db, clock, config, partners });
  const portal = portalService({ db, clock, partners, baseUrl: config.baseUrl });
  const directory = connectionDirectory({ db, clock, partners, accounts, history: webhookHistory(db) });
  followConnectionEvents(events);
  clients.onPurge((auth, clientId) => times.ofAuth(auth).connections.revokeAllForClient(clientId));
  return {
    db,
    clock,
    /** The connections, lifecycle, accounts, sync and connect-session services (and banks) on each partner's time; those below are on real time. */
    times,
    config,
    cursors,
    queue,
    events,
    webhooks,
    banks,
    partners,
    providers,
    clients,
    connections,
    lifecycle,
    usage,
    sync,
    accounts,
    connectSessions,
    simplefin,
    portal,
    /** A partner's connections across its clients (the portal's Overview and Connections pages). */
    directory,
    /** Stops the job queue (waits for running jobs); the caller closes the database. */
    async stop() {
      await queue.stop();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
