/**
 * Live-mode commands (issue 13; docs/live.md): `providers import FILE`, `providers list`, and
 * `usage --partner ID`. Every command accepts `--json`.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Mode } from '../lib/ids.ts';
import { withServices } from './admin.ts';
import { examples, print, table, type OutputOptions } from './output.ts';
import { json, uuid } from './options.ts';
const day = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new InvalidArgumentError('expected a date YYYY-MM-DD');
  return value;
};

/** Adds the live-mode commands to `program`. */
export function addLiveCommands(program: Command): void {
  const providers = program
    .command('providers')
    .description('the provider catalog (live banks are imported)')
    .addHelpText('after', examples('bankdata providers import banks.json', 'bankdata providers list --mode live'));

  providers
    .command('import')
    .description('import live providers from a JSON catalog file (upsert by code); nothing is imported when an entry is wrong')
    .argument('<file>', 'JSON array of providers (docs/live.md)')
    .addOption(json())
    .addHelpText('after', examples('bankdata providers import banks.json --json'))
    .action(async (file: string, o: OutputOptions) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        return reject(o, [{ index: -1, code: null, errors: [`cannot read ${file}: ${(error as Error).message}`] }]);
      }
      // Loaded here: the catalog's schema (typebox) is not needed by the other commands.
      const { parseLiveCatalog } = await import('../modules/providers/live-catalog.ts');
      const { entries, problems } = parseLiveCatalog(text, dirname(resolve(file)));
      if (problems.length) return reject(o, problems);
      await withServices(o, async (s) => {
        const imported = await s.providers.importLive(entries);
        print(o, { imported }, (r) => r.imported.map((p) => `${p.created ? 'Added  ' : 'Updated'} ${p.code}  ${p.providerId}  ${p.name}`).join('\n') || 'The file lists no provider.');
      });
    });

  providers
    .command('list')
    .description('list providers, whatever their status')
    .addOption(new Option('--mode <mode>', 'only sandbox or live providers').choices(['sandbox', 'live']))
    .addOption(json())
    .addHelpText('after', examples('bankdata providers list --mode live'))
    .action((o: OutputOptions & { mode?: Mode }) =>
      withServices(o, async (s) =>
        print(o, await s.providers.catalog(o.mode), (rows) =>
          rows.length
            ? table(
                ['ID', 'MODE', 'COUNTRY', 'CODE', 'STATUS', 'CONNECTOR', 'NAME', 'XS2A'],
                rows.map((p) => [p.id, p.mode, p.countryCode, p.code, p.status, p.connector, p.name, p.xs2a?.baseUrl ?? '']),
              )
            : 'No providers.',
        ),
      ),
    );

  program
    .command('usage')
    .description("a partner's metered live usage: counts per event type and per day (UTC)")
    .requiredOption('--partner <id>', 'partner id', uuid)
    .option('--from <date>', 'first day, YYYY-MM-DD (default: 30 days before --to)', day)
    .option('--to <date>', 'last day, YYYY-MM-DD (default: today, UTC)', day)
    .addOption(json())
    .addHelpText('after', examples('bankdata usage --partner <partnerId> --from 2026-11-01 --to 2026-11-30'))
    .action((o: OutputOptions & { partner: string; from?: string; to?: string }) =>
      withServices(o, async (s) => {
        await s.partners.show(o.partner);
        print(o, await s.usage.report(o.partner, { from: o.from, to: o.to }), (r) =>
          [
            `Usage of partner ${o.partner} from ${r.from} to ${r.to} (UTC days)`,
            `Total: ${r.totals.activation} activations, ${r.totals.refresh} refreshes, ${r.totals.reconnect} reconnects`,
            ...r.days.map((d) => `${d.date}  activations ${d.activation}  refreshes ${d.refresh}  reconnects ${d.reconnect}`),
          ].join('\n'),
        );
      }),
    );
}

/** Prints every problem of a catalog file (JSON: `{error, problems}`) and sets exit code 1. */
function reject(o: OutputOptions, problems: { index: number; code: string | null; errors: string[] }[]): void {
  const message = `the catalog has ${problems.length} wrong entr${problems.length === 1 ? 'y' : 'ies'}; nothing was imported`;
  if (o.json) process.stdout.write(`${JSON.stringify({ error: { code: 'validation_error', message }, problems }, null, 2)}\n`);
  else {
    const lines = problems.flatMap((p) => [p.index < 0 ? 'File:' : `Entry ${p.index}${p.code ? ` (${p.code})` : ''}:`, ...p.errors.map((e) => `  ${e}`)]);
    process.stderr.write(`error: ${message}\n${lines.join('\n')}\n`);
  }
  process.exitCode = 1;
}
