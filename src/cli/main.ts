/**
 * The `bankdata` command line (commander). Every command accepts `--json`.
 * Configuration comes from the environment (see src/config.ts and the README).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { version } from '../app.ts';
import type { Partner } from '../db/schema.ts';
import { isUuid, type Mode } from '../lib/ids.ts';
import type { PartnerInput } from '../modules/partners/partners.service.ts';
import { runMigrate, withServices } from './admin.ts';
import { addLiveCommands } from './live.ts';
import { print, type OutputOptions } from './output.ts';
import { PRIVATE_WEBHOOKS_WARNING, runServer } from './server.ts';

const program = new Command('bankdata').version(version).description('Self-hostable partner bank-data service');

const json = () => new Option('--json', 'print machine-readable JSON');
const list = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);
const collect = (value: string, previous: string[] = []) => [...previous, value];
const uuid = (value: string) => {
  if (!isUuid(value)) throw new InvalidArgumentError('expected a UUID');
  return value;
};
const positiveInt = (value: string) => {
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new InvalidArgumentError('expected a whole number from 1');
  return Number(value);
};
const bool = (value: string) => {
  if (value !== 'true' && value !== 'false') throw new InvalidArgumentError('expected true or false');
  return value === 'true';
};
// 'default' stays a string: commander turns a parser's null into ''.
const rateLimit = (value: string): number | 'default' => {
  if (value === 'default') return value;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer or "default"');
  return n;
};

program
  .command('start')
  .description('migrate, create the demo partner on an empty database, and run API + worker')
  .addOption(json())
  .action((o: OutputOptions) => runServer({ ...o, migrate: true, demoPartner: true, api: true, worker: true }));

program
  .command('serve')
  .description('run the API and hosted pages only (scale-out; run "bankdata migrate" first)')
  .addOption(json())
  .action((o: OutputOptions) => runServer({ ...o, migrate: false, demoPartner: false, api: true, worker: false }));

program
  .command('worker')
  .description('run job handlers and durable timers only (scale-out; run "bankdata migrate" first)')
  .addOption(json())
  .action((o: OutputOptions) => runServer({ ...o, migrate: false, demoPartner: false, api: false, worker: true }));

program
  .command('migrate')
  .description('apply database migrations and seed the sandbox provider catalog')
  .addOption(json())
  .action(async (o: OutputOptions) => {
    const applied = await runMigrate(o);
    if (!process.exitCode) print(o, { applied }, (r) => (r.applied.length ? `Applied: ${r.applied.join(', ')}` : 'Database is up to date.'));
  });

function partnerView(p: Partner) {
  return {
    partnerId: p.id,
    name: p.name,
    capabilities: p.capabilities,
    consentDuration: p.consentDuration,
    countries: p.countries,
    returnUrlPatterns: p.returnUrlPatterns,
    subscribeToAllAccounts: p.subscribeToAllAccounts,
    skipConsentScreenAllowed: p.skipConsentScreenAllowed,
    rateLimit: p.rateLimit,
    consentExpiringNoticeDays: p.consentExpiringNoticeDays,
  };
}

const showPartner = (p: ReturnType<typeof partnerView>) =>
  Object.entries(p)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v ? Object.entries(v).filter(([, on]) => on).map(([c]) => c).join(', ') : String(v)}`)
    .join('\n');

interface PartnerFlags extends OutputOptions {
  partner: string;
  name?: string;
  capabilities?: string[];
  returnUrlPattern?: string[];
  consentDuration?: string;
  countries?: string[];
  subscribeToAllAccounts?: boolean;
  skipConsentScreenAllowed?: boolean;
  rateLimit?: number | 'default';
  consentExpiringDays?: number;
}

function partnerInput(o: PartnerFlags): PartnerInput {
  return {
    name: o.name,
    capabilities: o.capabilities,
    returnUrlPatterns: o.returnUrlPattern,
    consentDuration: o.consentDuration,
    countries: o.countries ? (o.countries.length === 1 && o.countries[0] === 'all' ? null : o.countries) : undefined,
    subscribeToAllAccounts: o.subscribeToAllAccounts,
    skipConsentScreenAllowed: o.skipConsentScreenAllowed,
    rateLimit: o.rateLimit === 'default' ? null : o.rateLimit,
    consentExpiringNoticeDays: o.consentExpiringDays,
  };
}

const partnerSettings = (command: Command) =>
  command
    .option('--capabilities <list>', 'comma list of refresh,reconnect,enrichment,autoRevokeAfterCreate,nonRegulatedProviders', list)
    .option('--return-url-pattern <pattern>', 'allowed returnUrl pattern (repeatable)', collect)
    .option('--consent-duration <iso8601>', 'consent duration, e.g. P90D')
    .option('--countries <list>', 'comma list of ISO 3166-1 alpha-2 codes, or "all"', list)
    .option('--subscribe-to-all-accounts <bool>', 'default of subscribeToAllAccounts', bool)
    .option('--skip-consent-screen-allowed <bool>', 'permit skipConsentScreen', bool)
    .option('--rate-limit <n>', 'requests per second per API key, or "default" (BANKDATA_RATE_LIMIT)', rateLimit)
    .option('--consent-expiring-days <n>', 'days before a consent ends that ConnectionConsentExpiring is sent (default 7; 0 disables)', Number)
    .addOption(json());

const partner = program.command('partner').description('manage partners');

partnerSettings(
  partner
    .command('create')
    .description('create a partner and print its first sandbox API key')
    .requiredOption('--name <name>', 'partner name')
    .option('--webhook-url <url>', 'sandbox webhook endpoint'),
).action((o: PartnerFlags & { webhookUrl?: string }) =>
  withServices(o, async (s) => {
    const { partner: created, key } = await s.partners.create({ ...partnerInput(o), name: o.name! });
    const webhook = o.webhookUrl ? await s.webhooks.setEndpoint(created.id, 'sandbox', o.webhookUrl) : null;
    print(o, { partnerId: created.id, apiKey: key.apiKey, keyId: key.keyId, ...(webhook ? { webhookSecret: webhook.secret } : {}) }, (r) =>
      [`Partner ${r.partnerId}`, `Sandbox API key (shown once): ${r.apiKey}`, ...(webhook ? [`Webhook secret: ${webhook.secret}`] : [])].join('\n'),
    );
  }),
);

partnerSettings(partner.command('set').description("change a partner's settings").requiredOption('--partner <id>', 'partner id', uuid).option('--name <name>', 'new name')).action(
  (o: PartnerFlags) =>
    withServices(o, async (s) => {
      print(o, partnerView(await s.partners.set(o.partner, partnerInput(o))), showPartner);
    }),
);

partner
  .command('show')
  .description("show a partner's settings")
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(json())
  .action((o: PartnerFlags) =>
    withServices(o, async (s) => {
      // The operator's BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS applies to every partner's live endpoint: shown, and warned about when on.
      const view = { ...partnerView(await s.partners.show(o.partner)), liveWebhookPrivateUrlsAllowed: s.config.allowPrivateWebhookUrls };
      print(o, view, (v) => `${showPartner(v)}${v.liveWebhookPrivateUrlsAllowed ? `\n${PRIVATE_WEBHOOKS_WARNING}` : ''}`);
    }),
  );

const key = program.command('key').description('manage API keys');

key
  .command('create')
  .description('create an API key (shown once)')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(new Option('--mode <mode>', 'key mode').choices(['sandbox', 'live']).default('sandbox'))
  .addOption(json())
  .action((o: OutputOptions & { partner: string; mode: Mode }) =>
    withServices(o, async (s) => print(o, await s.partners.issueKey(o.partner, o.mode), (r) => `${r.mode} API key ${r.keyId} (shown once): ${r.apiKey}`)),
  );

key
  .command('list')
  .description('list API keys (never the keys themselves)')
  .option('--partner <id>', 'only this partner', uuid)
  .addOption(json())
  .action((o: OutputOptions & { partner?: string }) =>
    withServices(o, async (s) =>
      print(o, await s.partners.listKeys(o.partner), (keys) =>
        keys.map((k) => `${k.keyId}  ${k.mode.padEnd(7)}  ${k.hint}  partner ${k.partnerId}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}`).join('\n') || 'No keys.',
      ),
    ),
  );

key
  .command('revoke')
  .description('revoke an API key; effective on the next request')
  .argument('<keyId>', 'key id from "key list"', uuid)
  .addOption(json())
  .action((keyId: string, o: OutputOptions) =>
    withServices(o, async (s) => {
      await s.partners.revokeKey(keyId);
      print(o, { keyId, revoked: true }, () => `Revoked ${keyId}`);
    }),
  );

const webhook = program.command('webhook').description('manage webhook endpoints, secrets and deliveries');
const modeOption = () => new Option('--mode <mode>', 'key mode the endpoint serves').choices(['sandbox', 'live']).default('sandbox');
type WebhookFlags = OutputOptions & { partner: string; mode: Mode };

webhook
  .command('set')
  .description('set the endpoint of a partner and mode (creates a whsec_ secret when none exists)')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .requiredOption('--url <url>', 'endpoint URL')
  .addOption(modeOption())
  .addOption(json())
  .action((o: WebhookFlags & { url: string }) =>
    withServices(o, async (s) => {
      await s.partners.show(o.partner);
      print(o, await s.webhooks.setEndpoint(o.partner, o.mode, o.url), (r) => `Endpoint ${r.url}\nSigning secret: ${r.secret}`);
    }),
  );

webhook
  .command('show')
  .description('show the endpoint and its signing secrets')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(modeOption())
  .addOption(json())
  .action((o: WebhookFlags) =>
    withServices(o, async (s) =>
      print(o, await s.webhooks.show(o.partner, o.mode), (r) =>
        [`Endpoint (${r.mode}): ${r.url ?? 'none'}${r.disabledAt ? ` (disabled ${r.disabledAt}: ${r.disabledReason})` : ''}`, ...r.secrets.map((x) => `Secret: ${x.secret}${x.expiresAt ? ` (signs until ${x.expiresAt})` : ''}`)].join('\n'),
      ),
    ),
  );

webhook
  .command('rotate-secret')
  .description('create a new secret; during the overlap deliveries carry both signatures')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .option('--overlap <duration>', 'how long the old secret keeps signing, e.g. 24h', '24h')
  .addOption(modeOption())
  .addOption(json())
  .action((o: WebhookFlags & { overlap: string }) =>
    withServices(o, async (s) => {
      await s.partners.show(o.partner);
      print(o, await s.webhooks.rotateSecret(o.partner, o.mode, o.overlap), (r) => `New secret: ${r.secret}\nThe previous secret signs until ${r.previousExpiresAt}`);
    }),
  );

webhook
  .command('deliveries')
  .description('list recent deliveries with every attempt: status, response code, latency, next try')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(new Option('--mode <mode>', 'only deliveries of this mode (default: both)').choices(['sandbox', 'live']))
  .option('--limit <n>', 'how many deliveries, newest first', positiveInt, 50)
  .addOption(json())
  .action((o: OutputOptions & { partner: string; mode?: Mode; limit: number }) =>
    withServices(o, async (s) =>
      print(o, await s.webhooks.deliveries(o.partner, { limit: o.limit, mode: o.mode }), (rows) =>
        rows
          .map((d) =>
            [
              `${d.deliveryId}  ${d.mode.padEnd(7)} ${d.type.padEnd(30)} ${d.status.padEnd(9)} ${d.waitingFor ? `waits for ${d.waitingFor}` : `next ${d.nextAttemptAt ?? '-'}`}  event ${d.eventId}`,
              ...d.history.map((a) => `    attempt ${a.attempt}  ${a.at}  code ${a.statusCode ?? '-'}  ${a.latencyMs} ms${a.error ? `  ${a.error}` : ''}`),
            ].join('\n'),
          )
          .join('\n') || 'No deliveries.',
      ),
    ),
  );

webhook
  .command('redeliver')
  .description('send the event of a delivery again (same webhook-id), as a new delivery')
  .argument('<deliveryId>', 'delivery id from "webhook deliveries"', uuid)
  .addOption(json())
  .action((deliveryId: string, o: OutputOptions) =>
    withServices(o, async (s) => {
      const redelivery = await s.webhooks.redeliver(deliveryId);
      print(o, { ...redelivery, queued: true }, (r) => `Queued as delivery ${r.deliveryId}`);
    }),
  );

addLiveCommands(program);

await program.parseAsync(process.argv);
