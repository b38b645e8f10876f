/**
 * `bankdata db url`, `bankdata backup FILE` and `bankdata restore FILE` (issue 19). Backup and
 * restore cover the embedded PostgreSQL (src/db/backup.ts); with DATABASE_URL the operator's
 * PostgreSQL tools of the server's major version do it, and these commands refuse with what to run.
 */
import { loadConfig } from '../config.ts';
import { backupEmbedded, restoreEmbedded } from '../db/backup.ts';
import { embeddedLocation } from '../db/embedded.ts';
import { fail, print, warn, type OutputOptions } from './output.ts';

/** What to run instead of `bankdata backup`/`restore` on an operator-run PostgreSQL. */
export const EXTERNAL_DATABASE_ADVICE =
  'DATABASE_URL is set: back up that PostgreSQL with its own tools of the same major version, e.g. ' +
  '`pg_dump --format=custom --file=bankdata.dump "$DATABASE_URL"` (restore: `pg_restore --clean --if-exists --dbname="$DATABASE_URL" bankdata.dump`, with bankdata stopped), ' +
  'or pg_basebackup / your provider\'s snapshots with WAL archiving for point-in-time recovery. See docs/operations.md.';

/** Prints the connection string for psql: DATABASE_URL, or the embedded server's URL (warning when it is not running). */
export function runDbUrl(options: OutputOptions): void {
  try {
    const config = loadConfig();
    if (config.databaseUrl) return print(options, { url: config.databaseUrl, embedded: false, running: null }, (r) => r.url);
    const location = embeddedLocation(config.dataDir);
    if (!location.url) throw new Error(`No embedded database in ${location.pgDir} yet: run "bankdata start" once.`);
    if (!location.running) warn(`the embedded PostgreSQL is not running; start bankdata (it listens on port ${location.port} again while that port is free)`);
    print(options, { url: location.url, embedded: true, running: location.running, dataDir: location.pgDir }, (r) => r.url);
  } catch (error) {
    fail(options, error);
  }
}

/** `bankdata backup FILE`: a consistent base backup of the embedded PostgreSQL, also while the service runs. */
export async function runBackup(file: string, options: OutputOptions): Promise<void> {
  try {
    const config = loadConfig();
    if (config.databaseUrl) throw new Error(EXTERNAL_DATABASE_ADVICE);
    const result = await backupEmbedded(config.dataDir, file);
    print(options, result, (r) => `Backup written to ${r.file} (${Math.round(r.bytes / 1024)} KiB, WAL ${r.startLsn} to ${r.stopLsn}). Restore with: bankdata restore ${file}`);
  } catch (error) {
    fail(options, error);
  }
}

/** `bankdata restore FILE`: replaces the embedded database with a backup (service stopped). */
export async function runRestore(file: string, options: OutputOptions): Promise<void> {
  try {
    const config = loadConfig();
    if (config.databaseUrl) throw new Error(EXTERNAL_DATABASE_ADVICE);
    const result = await restoreEmbedded(config.dataDir, file);
    print(options, result, (r) =>
      [
        `Restored the backup of ${r.manifest.createdAt} (${r.partners} partners). Start bankdata as usual.`,
        ...(r.replacedDir ? [`The data it replaced is kept in ${r.replacedDir}; delete it once you no longer need it.`] : []),
      ].join('\n'),
    );
  } catch (error) {
    fail(options, error);
  }
}
