/**
 * `npm run bench [-- NAME...]`: runs the named benchmarks (all by default) one after another,
 * prints each one's table and writes its full result to bench/results/NAME.json (not in git).
 * Performance is reported as ratios to baselines measured in the same run, because these
 * machines are noisy. Add a benchmark by adding an entry to `benches`.
 * Exit code: 0 when every benchmark ran (targets met or not), 1 when one failed, 2 for usage.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { runCleanups } from './harness.ts';
import { formatDownloadConcurrency, runDownloadConcurrencyBench, type DownloadConcurrencyResult } from './download-concurrency.ts';
import { formatEnrichment, runEnrichmentBench, type EnrichmentBenchResult } from './enrichment.ts';
import { formatListTransactions, runListTransactionsBench, type ListTransactionsResult } from './list-transactions.ts';
import { formatStartUp, runStartUpBench, type StartUpResult } from './start-up.ts';
import { formatVariableSymbol, runVariableSymbolBench, type VariableSymbolResult } from './variable-symbol.ts';
import { formatWebhookDelivery, runWebhookDeliveryBench, type WebhookDeliveryResult } from './webhook-delivery.ts';

interface Bench<R> {
  name: string;
  description: string;
  run(): Promise<R>;
  format(result: R): string;
}

const bench = <R>(b: Bench<R>): Bench<unknown> => b as Bench<unknown>;

const benches: Bench<unknown>[] = [
  bench<ListTransactionsResult>({
    name: 'list-transactions',
    description: 'GET /v1/accounts/{id}/transactions, 100,000 transactions, first and last page, vs hand-written pg and bare Fastify routes',
    run: () => runListTransactionsBench(),
    format: formatListTransactions,
  }),
  bench<StartUpResult>({
    name: 'start-up',
    description: '`bankdata start` on an existing data dir until its first API answer, vs the embedded PostgreSQL alone and a bare Node + Fastify process',
    run: () => runStartUpBench(),
    format: formatStartUp,
  }),
  bench<VariableSymbolResult>({
    name: 'variable-symbol',
    description: 'the variableSymbol-filtered page on 1,000,000 transactions (a symbol on 10 %: first page, a page past half its matches; a rare symbol; 20 symbols) vs the unfiltered first page, 1 and 50 connections',
    run: () => runVariableSymbolBench(),
    format: formatVariableSymbol,
  }),
  bench<EnrichmentBenchResult>({
    name: 'enrichment',
    description: 'category, merchant and recurrence of 1,000,000 transactions on one core, vs reading and parsing them',
    run: () => runEnrichmentBench(),
    format: formatEnrichment,
  }),
  bench<WebhookDeliveryResult>({
    name: 'webhook-delivery',
    description: 'signed, recorded webhook deliveries per second through the worker, vs plain undici POSTs of the same bodies',
    run: () => runWebhookDeliveryBench(),
    format: formatWebhookDelivery,
  }),
  bench<DownloadConcurrencyResult>({
    name: 'download-concurrency',
    description: 'a burst of 40 slow sandbox downloads through one worker at BANKDATA_DOWNLOAD_CONCURRENCY 2 (baseline), 8, 16, 32, 64',
    run: () => runDownloadConcurrencyBench(),
    format: formatDownloadConcurrency,
  }),
];

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`npm run bench [-- NAME...]\n\n${benches.map((b) => `  ${b.name.padEnd(20)} ${b.description}`).join('\n')}`);
  process.exit(0);
}
const unknown = names.filter((name) => !benches.some((b) => b.name === name));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = names.length ? benches.filter((b) => names.includes(b.name)) : benches;

// Ctrl+C / SIGTERM: stop the servers and the database this run started, remove temp dirs.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void runCleanups().finally(() => process.exit(130));
  });
}

const resultsDir = new URL('./results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
let failed = false;
for (const b of selected) {
  process.stderr.write(`${b.name}\n`);
  try {
    const result = await b.run();
    const file = new URL(`${b.name}.json`, resultsDir);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\n${b.format(result)}\n\nFull result: ${file.pathname}\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(`${b.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  } finally {
    await runCleanups();
  }
}
process.exit(failed ? 1 : 0);
