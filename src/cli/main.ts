/**
 * The `bankdata` command line (commander). Every command accepts `--json`. bin/bankdata.js
 * parses the arguments with `program`; tests read its commands' help.
 * Configuration comes from the environment (see src/config.ts and the README).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { version } from '../version.ts';
import type { Partner } from '../db/schema.ts';
import type { Mode } from '../lib/ids.ts';
import type { PartnerInput } from '../modules/partners/partners.service.ts';
import { runMigrate, withServices } from './admin.ts';
import { examples, print, table, warn, type OutputOptions } from './output.ts';
import { runBackup, runDbUrl, runRestore } from './database.ts';
import { PRIVATE_WEBHOOKS_WARNING, runServer } from './server.ts';
import { json, uuid } from './options.ts';
import { addLiveCommands } from './live.ts';
import { addSimplefinCommands } from './simplefin.ts';
import { addPortalCommands } from './portal.ts';

export const program = new Command('bankdata')
  .version(version)
  .description('Self-hostable partner bank-data service')
  .addHelpText('after', examples('bankdata start', 'bankdata partner create --name Acme --capabilities refresh,reconnect --return-url-pattern "https://acme.example/*"'));

const list = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);
const collect = (value: string, previous: string[] = []) => [...previous, value];
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
  .addHelpText('after', examples('bankdata start', 'PORT=8080 BANKDATA_DATA_DIR=/var/lib/bankdata bankdata start'))
  .action((o: OutputOptions) => runServer({ ...o, migrate: true, demoPartner: true, api: true, worker: true }));

program
  .command('serve')
  .description('run the API and hosted pages only (scale-out; run "bankdata migrate" first)')
  .addOption(json())
  .addHelpText('after', examples('DATABASE_URL=postgres://bankdata@db/bankdata BANKDATA_BASE_URL=https://bank.example.com bankdata serve'))
  .action((o: OutputOptions) => runServer({ ...o, migrate: false, demoPartner: false, api: true, worker: false }));

program
  .command('worker')
  .description('run job handlers and durable timers only (scale-out; run "bankdata migrate" first)')
  .addOption(json())
  .addHelpText('after', examples('DATABASE_URL=postgres://bankdata@db/bankdata BANKDATA_METRICS_PORT=9464 bankdata worker'))
  .action((o: OutputOptions) => runServer({ ...o, migrate: false, demoPartner: false, api: false, worker: true }));

program
  .command('migrate')
  .description('apply database migrations and seed the sandbox provider catalog')
  .addOption(json())
  .addHelpText('after', examples('bankdata migrate', 'DATABASE_URL=postgres://bankdata@db/bankdata bankdata migrate --json'))
  .action(async (o: OutputOptions) => {
    const applied = await runMigrate(o);
    if (!process.exitCode) print(o, { applied }, (r) => (r.applied.length ? `Applied: ${r.applied.join(', ')}` : 'Database is up to date.'));
  });

const db = program.command('db').description('the database bankdata uses').addHelpText('after', examples('psql "$(bankdata db url)"'));

db.command('url')
  .description('print the connection string of the database (embedded or DATABASE_URL), e.g. for psql')
  .addOption(json())
  .addHelpText('after', examples('bankdata db url', 'psql "$(bankdata db url)" -c "SELECT count(*) FROM partners"'))
  .action((o: OutputOptions) => runDbUrl(o));

program
  .command('backup')
  .description('write a consistent backup of the embedded PostgreSQL to FILE (.tar.gz), also while bankdata runs')
  .argument('<file>', 'backup file to write')
  .addOption(json())
  .addHelpText('after', examples('bankdata backup backups/bankdata-$(date +%F).tar.gz'))
  .action((file: string, o: OutputOptions) => runBackup(file, o));

program
  .command('restore')
  .description('replace the embedded PostgreSQL with a backup from FILE (stop bankdata first; the replaced data is kept aside)')
  .argument('<file>', 'backup file written by "bankdata backup"')
  .addOption(json())
  .addHelpText('after', examples('bankdata restore backups/bankdata-2026-11-24.tar.gz && bankdata start'))
  .action((file: string, o: OutputOptions) => runRestore(file, o));
program
  .command('secrets')
  .description('manage the encryption of secrets at rest (docs/operations.md "Secret key and rotation")')
  .addHelpText('after', examples('BANKDATA_SECRET_KEY=<new> BANKDATA_SECRET_KEY_PREVIOUS=<old> bankdata secrets reencrypt'))
  .command('reencrypt')
  .description('re-encrypt every stored webhook secret under BANKDATA_SECRET_KEY (after a key rotation: BANKDATA_SECRET_KEY_PREVIOUS opens the old ones)')
  .addOption(json())
  .addHelpText('after', examples('BANKDATA_SECRET_KEY=<new> BANKDATA_SECRET_KEY_PREVIOUS=<old> bankdata secrets reencrypt --json'))
  .action((o: OutputOptions) =>
    withServices(o, async (s) => print(o, await s.webhooks.reencryptSecrets(), (r) => `Re-encrypted ${r.reencrypted} webhook secret(s); ${r.unchanged} already under the current key.`)),
  );

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
    displayName: p.displayName,
    logoUrl: p.logoUrl,
    accentColor: p.accentColor,
    privacyUrl: p.privacyUrl,
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
  displayName?: string;
  logoUrl?: string;
  accentColor?: string;
  privacyUrl?: string;
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
    displayName: o.displayName,
    logoUrl: o.logoUrl,
    accentColor: o.accentColor,
    privacyUrl: o.privacyUrl,
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
    .option('--display-name <name>', 'name shown on the hosted pages ("" = the partner name)')
    .option('--logo-url <url>', 'logo on the hosted pages: https URL (http only for localhost; "" clears)')
    .option('--accent-color <#RRGGBB>', 'accent colour of the hosted pages ("" clears)')
    .option('--privacy-url <url>', 'privacy policy linked in the hosted pages\' footer: https URL ("" clears)')
    .option('--consent-expiring-days <n>', 'days before a consent ends that ConnectionConsentExpiring is sent (default 7; 0 disables)', Number)
    .addOption(json());

const partner = program.command('partner').description('manage partners').addHelpText('after', examples('bankdata partner create --name Acme', 'bankdata partner show --partner <partnerId>'));

partnerSettings(
  partner
    .command('create')
    .description('create a partner and print its first sandbox API key')
    .requiredOption('--name <name>', 'partner name')
    .option('--webhook-url <url>', 'sandbox webhook endpoint')
    .addHelpText(
      'after',
      examples('bankdata partner create --name Acme --capabilities refresh,reconnect,enrichment --return-url-pattern "https://acme.example/bank/*" --webhook-url https://acme.example/hooks'),
    ),
).action((o: PartnerFlags & { webhookUrl?: string }) =>
  withServices(o, async (s) => {
    const { partner: created, key } = await s.partners.create({ ...partnerInput(o), name: o.name! });
    const webhook = o.webhookUrl ? await s.webhooks.setEndpoint(created.id, 'sandbox', o.webhookUrl) : null;
    const warnings = missingSettings(created);
    for (const warning of warnings) warn(warning);
    print(o, { partnerId: created.id, apiKey: key.apiKey, keyId: key.keyId, ...(webhook ? { webhookSecret: webhook.secret } : {}), warnings }, (r) =>
      [`Partner ${r.partnerId}`, `Sandbox API key ${r.keyId} (shown once): ${r.apiKey}`, ...(webhook ? [`Webhook secret: ${webhook.secret}`] : [])].join('\n'),
    );
  }),
);

/** What a new partner without capabilities or return-URL patterns cannot do yet, and how to allow it. */
function missingSettings(p: Partner): string[] {
  const warnings: string[] = [];
  if (!Object.values(p.capabilities).some(Boolean)) {
    warnings.push(
      'the partner has no capabilities: refresh and reconnect answer 403 capability_disabled, transactions carry no enrichment and non-regulated providers are hidden. ' +
        `Allow them with: bankdata partner set --partner ${p.id} --capabilities refresh,reconnect,enrichment`,
    );
  }
  if (p.returnUrlPatterns.length === 0) {
    warnings.push(
      'the partner has no return-URL patterns: every connect session is refused with 400 validation_error on returnUrl, so no user can connect a bank. ' +
        `Allow one with: bankdata partner set --partner ${p.id} --return-url-pattern "https://your.app/callback/*"`,
    );
  }
  return warnings;
}

partnerSettings(
  partner
    .command('set')
    .description("change a partner's settings")
    .requiredOption('--partner <id>', 'partner id', uuid)
    .option('--name <name>', 'new name')
    .addHelpText('after', examples('bankdata partner set --partner <partnerId> --capabilities refresh,reconnect --rate-limit 50')),
).action(
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
  .addHelpText('after', examples('bankdata partner show --partner <partnerId> --json'))
  .action((o: PartnerFlags) =>
    withServices(o, async (s) => {
      // The operator's BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS applies to every partner's live endpoint: shown, and warned about when on.
      const view = { ...partnerView(await s.partners.show(o.partner)), liveWebhookPrivateUrlsAllowed: s.config.allowPrivateWebhookUrls };
      print(o, view, (v) => `${showPartner(v)}${v.liveWebhookPrivateUrlsAllowed ? `\n${PRIVATE_WEBHOOKS_WARNING}` : ''}`);
    }),
  );

const key = program.command('key').description('manage API keys').addHelpText('after', examples('bankdata key list --partner <partnerId>'));

key
  .command('create')
  .description('create an API key (shown once)')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(new Option('--mode <mode>', 'key mode').choices(['sandbox', 'live']).default('sandbox'))
  .option('--label <text>', 'a name for the key, shown in lists and the portal')
  .addOption(json())
  .addHelpText('after', examples('bankdata key create --partner <partnerId> --mode live --label "billing server"'))
  .action((o: OutputOptions & { partner: string; mode: Mode; label?: string }) =>
    withServices(o, async (s) => print(o, await s.partners.issueKey(o.partner, o.mode, o.label ?? null), (r) => `${r.mode} API key ${r.keyId} (shown once): ${r.apiKey}`)),
  );

key
  .command('list')
  .description('list API keys (never the keys themselves)')
  .option('--partner <id>', 'only this partner', uuid)
  .addOption(json())
  .addHelpText('after', examples('bankdata key list', 'bankdata key list --partner <partnerId> --json'))
  .action((o: OutputOptions & { partner?: string }) =>
    withServices(o, async (s) =>
      print(o, await s.partners.listKeys(o.partner), (keys) =>
        keys.length
          ? table(
              ['KEY ID', 'MODE', 'HINT', 'PARTNER', 'CREATED', 'STATE', 'LAST USED', 'LABEL'],
              keys.map((k) => [k.keyId, k.mode, k.hint, k.partnerId, k.createdAt, k.revokedAt ? `revoked ${k.revokedAt}` : 'active', k.lastUsedAt ?? '-', k.label ?? '-']),
            )
          : 'No keys.',
      ),
    ),
  );

key
  .command('revoke')
  .description('revoke an API key; effective on the next request')
  .argument('<keyId>', 'key id from "key list"', uuid)
  .addOption(json())
  .addHelpText('after', examples('bankdata key revoke 0b4c8f4e-6f1a-4c1e-9d55-2f7c2a9e3b10'))
  .action((keyId: string, o: OutputOptions) =>
    withServices(o, async (s) => {
      const result = await s.partners.revokeKey(keyId);
      print(o, { ...result, revoked: true }, (r) => (r.alreadyRevoked ? `Key ${r.keyId} was already revoked (at ${r.revokedAt}); nothing changed.` : `Revoked ${r.keyId}`));
    }),
  );

const webhook = program
  .command('webhook')
  .description('manage webhook endpoints, secrets and deliveries')
  .addHelpText('after', examples('bankdata webhook show --partner <partnerId>'));
const modeOption = () => new Option('--mode <mode>', 'key mode the endpoint serves').choices(['sandbox', 'live']).default('sandbox');
type WebhookFlags = OutputOptions & { partner: string; mode: Mode };

webhook
  .command('set')
  .description('set the endpoint of a partner and mode (creates a whsec_ secret when none exists)')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .requiredOption('--url <url>', 'endpoint URL')
  .addOption(modeOption())
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook set --partner <partnerId> --url https://acme.example/hooks --mode live'))
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
  .addHelpText('after', examples('bankdata webhook show --partner <partnerId> --mode live'))
  .action((o: WebhookFlags) =>
    withServices(o, async (s) =>
      print(o, await s.webhooks.show(o.partner, o.mode), (r) =>
        [`Endpoint (${r.mode}): ${r.url ?? 'none'}${r.disabledAt ? ` (disabled ${r.disabledAt}: ${r.disabledReason})` : ''}`, ...r.secrets.map((x) => `Secret: ${x.secret}${x.expiresAt ? ` (signs until ${x.expiresAt})` : ''}`)].join('\n'),
      ),
    ),
  );

webhook
  .command('disable')
  .description('disable the endpoint: nothing is sent until "webhook set" sets it again; events meanwhile are kept as failed deliveries')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(modeOption())
  .option('--reason <text>', 'shown by "webhook show" and the portal', 'disabled by the operator')
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook disable --partner <partnerId> --mode live --reason "endpoint moves"'))
  .action((o: WebhookFlags & { reason: string }) =>
    withServices(o, async (s) => {
      await s.partners.show(o.partner);
      await s.webhooks.disableEndpoint(o.partner, o.mode, o.reason);
      print(o, await s.webhooks.show(o.partner, o.mode), (r) => `Endpoint (${r.mode}) ${r.url} disabled since ${r.disabledAt}: ${r.disabledReason}`);
    }),
  );

webhook
  .command('send-test')
  .description('send a signed WebhookTest event to the endpoint (a delivery like any other, in "webhook deliveries")')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(modeOption())
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook send-test --partner <partnerId>'))
  .action((o: WebhookFlags) =>
    withServices(o, async (s) => {
      await s.partners.show(o.partner);
      print(o, { ...(await s.webhooks.sendTestEvent(o.partner, o.mode)), queued: true }, (r) => `Queued test event ${r.eventId} as delivery ${r.deliveryId}`);
    }),
  );

webhook
  .command('rotate-secret')
  .description('create a new secret; during the overlap deliveries carry both signatures')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .option('--overlap <duration>', 'how long the old secret keeps signing, e.g. 24h', '24h')
  .addOption(modeOption())
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook rotate-secret --partner <partnerId> --overlap 48h'))
  .action((o: WebhookFlags & { overlap: string }) =>
    withServices(o, async (s) => {
      await s.partners.show(o.partner);
      const rotated = await s.webhooks.rotateSecret(o.partner, o.mode, o.overlap);
      for (const announced of rotated.endedEarly) {
        warn(`a secret from an earlier rotation was announced to sign until ${announced} and stopped signing now (a delivery carries at most two signatures); make sure the endpoint already verifies with the newer secrets`);
      }
      print(o, rotated, (r) => `New secret: ${r.secret}\nThe previous secret signs until ${r.previousExpiresAt}`);
    }),
  );

webhook
  .command('deliveries')
  .description('list recent deliveries with every attempt: status, response code, latency, start of the response body, next try (--json: also each payload)')
  .requiredOption('--partner <id>', 'partner id', uuid)
  .addOption(new Option('--mode <mode>', 'only deliveries of this mode (default: both)').choices(['sandbox', 'live']))
  .option('--limit <n>', 'how many deliveries, newest first', positiveInt, 50)
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook deliveries --partner <partnerId> --limit 10'))
  .action((o: OutputOptions & { partner: string; mode?: Mode; limit: number }) =>
    withServices(o, async (s) =>
      print(o, await s.webhooks.deliveries(o.partner, { limit: o.limit, mode: o.mode }), (rows) => {
        if (rows.length === 0) return 'No deliveries.';
        const [header, ...lines] = table(
          ['DELIVERY ID', 'MODE', 'TYPE', 'STATUS', 'NEXT', 'EVENT'],
          rows.map((d) => [d.deliveryId, d.mode, d.type, d.status, d.waitingFor ? `waits for ${d.waitingFor}` : (d.nextAttemptAt ?? '-'), d.eventId]),
        ).split('\n');
        const excerpt = (text: string | null) => (text ? `  body ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}` : '');
        const attempts = (d: (typeof rows)[number]) =>
          d.history.map((a) => `    attempt ${a.attempt}  ${a.at}  code ${a.statusCode ?? '-'}  ${a.latencyMs} ms${a.error ? `  ${a.error}` : ''}${excerpt(a.responseExcerpt)}`);
        return [header, ...lines.flatMap((line, i) => [line, ...attempts(rows[i]!)])].join('\n');
      }),
    ),
  );

webhook
  .command('redeliver')
  .description('send the event of a delivery again (same webhook-id), as a new delivery')
  .argument('<deliveryId>', 'delivery id from "webhook deliveries"', uuid)
  .addOption(json())
  .addHelpText('after', examples('bankdata webhook redeliver <deliveryId>'))
  .action((deliveryId: string, o: OutputOptions) =>
    withServices(o, async (s) => {
      const redelivery = await s.webhooks.redeliver(deliveryId);
      print(o, { ...redelivery, queued: true }, (r) => `Queued as delivery ${r.deliveryId}`);
    }),
  );

addLiveCommands(program);
addSimplefinCommands(program);
addPortalCommands(program);
