/**
 * Vitest global setup: one real PostgreSQL for the run (the embedded one in a temp dir, or
 * TEST_DATABASE_URL's server), with a migrated and seeded template database that every test
 * file clones (test/helpers/app.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/db/database.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { providersService } from '../../src/modules/providers/providers.service.ts';
import { CursorCodec } from '../../src/lib/cursor.ts';
import { JobQueue } from '../../src/jobs/queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = process.env.TEST_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'bankdata-test-'));
  const embedded = dir ? await startEmbeddedPostgres(dir) : null;
  const url = process.env.TEST_DATABASE_URL ?? embedded!.url;
  const db = createDb(url, 2);
  await migrateToLatest(db);
  await providersService(db, new CursorCodec('unused')).seedSandboxCatalog();
  await (await JobQueue.start(url, { maintenance: false })).stop();
  await db.destroy();
  project.provide('templateDatabaseUrl', url);
  return async () => {
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
