/** CLI output: JSON with `--json`, readable text otherwise; errors exit with code 1. */
import { ApiError } from '../lib/errors.ts';

export interface OutputOptions {
  json?: boolean;
}

/** Prints `value` as JSON, or `text(value)` for people. */
export function print<T>(options: OutputOptions, value: T, text: (value: T) => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(value, null, 2)}\n` : `${text(value)}\n`);
}

/** Prints an error (JSON envelope with `--json`) and sets exit code 1. */
export function fail(options: OutputOptions, error: unknown): void {
  const code = error instanceof ApiError ? error.code : 'internal_error';
  const message = error instanceof Error ? error.message : String(error);
  if (options.json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  else process.stderr.write(`error: ${message}\n`);
  process.exitCode = 1;
}

/** Writes `warning: <text>` to stderr (both modes: JSON output on stdout stays parseable). */
export function warn(text: string): void {
  process.stderr.write(`warning: ${text}\n`);
}

/** Plain-text table: a header row, then one row per entry, columns padded to their widest cell. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]?.length ?? 0)));
  return [headers, ...rows].map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** `--help` text after the options: "Example:" and the given command lines. */
export function examples(...lines: string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}
