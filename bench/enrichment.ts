/**
 * Enrichment benchmark (issue: enrichment throughput on one core): 1,000,000 sandbox bank
 * transactions (src/banks/sandbox/generator.ts; CZ, SK, DE, PL and GB accounts, 90 days each)
 * written as NDJSON to a temp file, then, in this one thread, alternately:
 *
 * - "parse": read the file in 8 MB chunks and JSON.parse every line (the baseline), and
 * - "enrich": the same, plus category, merchant and payee key of every transaction and
 *   recurrence over each account's transactions (src/modules/enrichment/enrich.ts `enrichAll`,
 *   what the download job runs per account).
 *
 * Enrichment time = enrich - parse (best of `rounds` each). Reported: transactions per second of
 * enrichment alone (target >= 100,000 on one core) and enrich / parse, the cost of a pass with
 * enrichment relative to merely reading and parsing. CPU time is reported to show one core.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { BankTransaction } from '../src/banks/connector.ts';
import { sandboxCatalog } from '../src/banks/sandbox/catalog.ts';
import { generateAccounts, generateTransactions } from '../src/banks/sandbox/generator.ts';
import { enrichAll } from '../src/modules/enrichment/enrich.ts';
import { onCleanup } from './harness.ts';

const TRANSACTIONS = 1_000_000;
const ROUNDS = 3;
const TARGET_PER_SECOND = 100_000;
const COUNTRIES = ['CZ', 'SK', 'DE', 'PL', 'GB'];
const anchor = new Date('2026-06-30T12:00:00Z');

interface Pass {
  ms: number;
  cpuMs: number;
}

export interface EnrichmentBenchResult {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string };
  transactions: number;
  accounts: number;
  fileMb: number;
  rounds: { parse: Pass[]; enrich: Pass[] };
  best: { parseMs: number; enrichMs: number; enrichmentOnlyMs: number };
  enrichmentPerSecond: number;
  parsePerSecond: number;
  enrichVsParse: number;
  cpuPerWall: number;
  /** Share of transactions with a merchant / recurrent / uncategorised, as a sanity check of the work done. */
  shares: { merchant: number; recurrent: number; uncategorised: number };
  target: { target: string; value: string; met: boolean };
}

/** Writes TRANSACTIONS sandbox transactions as NDJSON; returns the file and the account count. */
function writeTransactions(file: string): { accounts: number; bytes: number } {
  const fd = openSync(file, 'w');
  let written = 0;
  let accounts = 0;
  let bytes = 0;
  try {
    for (let seed = 0; written < TRANSACTIONS; seed++) {
      const bank = sandboxCatalog.find((p) => p.countryCode === COUNTRIES[seed % COUNTRIES.length])!;
      for (const account of generateAccounts(`bench-${seed}`, bank, 'ok', anchor)) {
        const batch = generateTransactions(`bench-${seed}`, account, bank, anchor, 'ok').slice(0, TRANSACTIONS - written);
        if (batch.length === 0) continue;
        const text = `${batch.map((t) => JSON.stringify(t)).join('\n')}\n`;
        bytes += writeSync(fd, text);
        written += batch.length;
        accounts++;
      }
    }
  } finally {
    closeSync(fd);
  }
  return { accounts, bytes };
}

/** Calls `onLine` for every line of `file`, reading 8 MB at a time. */
function eachLine(file: string, onLine: (line: string) => void): void {
  const fd = openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(8 * 1024 * 1024);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    }
    if (rest) onLine(rest);
  } finally {
    closeSync(fd);
  }
}

type Parsed = Omit<BankTransaction, 'recordDate'> & { recordDate: string };

function timed(run: () => void): Pass {
  const cpu = process.cpuUsage();
  const start = performance.now();
  run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000) };
}

export async function runEnrichmentBench(): Promise<EnrichmentBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bankdata-bench-enrichment-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'transactions.ndjson');
  process.stderr.write(`  generating ${TRANSACTIONS.toLocaleString('en')} sandbox transactions\n`);
  const { accounts, bytes } = writeTransactions(file);

  let checksum = 0;
  const parsePass = () =>
    eachLine(file, (line) => {
      checksum += (JSON.parse(line) as Parsed).amount;
    });
  let withMerchant = 0;
  let recurrent = 0;
  let uncategorised = 0;
  const enrichPass = () => {
    withMerchant = recurrent = uncategorised = 0;
    let account: string | null = null;
    let batch: (Omit<Parsed, 'recordDate'> & { recordDate: Date })[] = [];
    const flush = () => {
      for (const e of enrichAll(batch)) {
        if (e.merchant) withMerchant++;
        if (e.recurrent) recurrent++;
        if (e.category.categoryId === 99) uncategorised++;
      }
      batch = [];
    };
    eachLine(file, (line) => {
      const t = JSON.parse(line) as Parsed;
      if (t.accountExternalId !== account && batch.length) flush();
      account = t.accountExternalId;
      batch.push({ ...t, recordDate: new Date(t.recordDate) });
    });
    flush();
  };

  const rounds = { parse: [] as Pass[], enrich: [] as Pass[] };
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`  round ${round + 1}/${ROUNDS}\n`);
    rounds.parse.push(timed(parsePass));
    rounds.enrich.push(timed(enrichPass));
  }
  if (Number.isNaN(checksum)) throw new Error('unreadable amounts');

  const parseMs = Math.min(...rounds.parse.map((p) => p.ms));
  const enrichMs = Math.min(...rounds.enrich.map((p) => p.ms));
  const enrichmentOnlyMs = Math.max(1, enrichMs - parseMs);
  const enrichmentPerSecond = Math.round(TRANSACTIONS / (enrichmentOnlyMs / 1000));
  const all = [...rounds.parse, ...rounds.enrich];
  const share = (n: number) => Math.round((1000 * n) / TRANSACTIONS) / 10;
  return {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
    transactions: TRANSACTIONS,
    accounts,
    fileMb: Math.round(bytes / 1e6),
    rounds,
    best: { parseMs, enrichMs, enrichmentOnlyMs },
    enrichmentPerSecond,
    parsePerSecond: Math.round(TRANSACTIONS / (parseMs / 1000)),
    enrichVsParse: Math.round((enrichMs / parseMs) * 100) / 100,
    cpuPerWall: Math.round((all.reduce((s, p) => s + p.cpuMs, 0) / all.reduce((s, p) => s + p.ms, 0)) * 100) / 100,
    shares: { merchant: share(withMerchant), recurrent: share(recurrent), uncategorised: share(uncategorised) },
    target: {
      target: `enrichment >= ${TARGET_PER_SECOND.toLocaleString('en')} transactions/s on one core`,
      value: `${enrichmentPerSecond.toLocaleString('en')} transactions/s`,
      met: enrichmentPerSecond >= TARGET_PER_SECOND,
    },
  };
}

export function formatEnrichment(r: EnrichmentBenchResult): string {
  return [
    `enrichment: ${r.transactions.toLocaleString('en')} sandbox transactions (${r.accounts} accounts, ${r.fileMb} MB NDJSON), one thread, best of ${r.rounds.parse.length} interleaved rounds`,
    `${r.date}, ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}`,
    '',
    `read + parse:            ${r.best.parseMs} ms  (${r.parsePerSecond.toLocaleString('en')} transactions/s)`,
    `read + parse + enrich:   ${r.best.enrichMs} ms`,
    `enrichment alone:        ${r.best.enrichmentOnlyMs} ms  (${r.enrichmentPerSecond.toLocaleString('en')} transactions/s)`,
    `enrich / parse:          ${r.enrichVsParse}`,
    `CPU time / wall time:    ${r.cpuPerWall}`,
    `with merchant ${r.shares.merchant} %, recurrent ${r.shares.recurrent} %, uncategorised ${r.shares.uncategorised} %`,
    '',
    `${r.target.met ? 'MET   ' : 'MISSED'}  ${r.target.target}: ${r.target.value}`,
  ].join('\n');
}
