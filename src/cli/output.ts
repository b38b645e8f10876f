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
