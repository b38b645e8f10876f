/**
 * Opening the database for a CLI command: DATABASE_URL when set, else the embedded PostgreSQL
 * of BANKDATA_DATA_DIR (started here, or reached when the service already runs on it).
 */
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { pendingMigrations } from '../db/migrate.ts';

export interface Runtime {
  db: Db;
  databaseUrl: string;
  /** Where the embedded PostgreSQL is (null with DATABASE_URL). */
  embedded: { pgDir: string; port: number } | null;
  close(): Promise<void>;
}

/** Connects to the configured database; `close()` ends the pool and stops what was started. */
export async function openRuntime(config: Config, poolSize: number): Promise<Runtime> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const db = createDb(databaseUrl, poolSize);
  return {
    db,
    databaseUrl,
    embedded: embedded && { pgDir: embedded.pgDir, port: embedded.port },
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}

/** Throws a readable error when the schema is behind the code. */
export async function requireMigrated(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new Error(`The database needs migrations (${pending.join(', ')}): run "bankdata migrate" first.`);
}
