/**
 * Backup and restore of the embedded PostgreSQL (issue 19; docs/operations.md "Backup and
 * restore"). The embedded package ships no pg_dump, so a backup is PostgreSQL's documented
 * consistent copy of a running server, "Making a Base Backup Using the Low Level API":
 * `pg_backup_start()` on one session, a file copy of the data directory, `pg_backup_stop()` on
 * the same session, its backup_label (and tablespace_map) written into the copy, and the WAL
 * segments from the start to the stop location added to the copy's pg_wal. The copy, the other
 * files of the data dir (the database password) and a manifest go into one gzipped tar.
 * Restoring replaces `<dataDir>/pg` with the copy (the replaced files are kept aside) and starts
 * the server once, which replays the WAL from the backup_label's checkpoint to a consistent state.
 */
import { chown, copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { embeddedLocation, startEmbeddedPostgres } from './embedded.ts';

/** The tar package, loaded by backup and restore only (not by every command that opens the database). */
const tarball = () => import('tar');

const MANIFEST = 'bankdata-backup.json';
const FORMAT = 'bankdata-embedded-postgres-base-backup';

/** Data-directory entries a base backup leaves out (PostgreSQL docs, "Backing Up the Data Directory"); directories keep their place, empty. */
const EMPTIED_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label', 'tablespace_map']);

export interface BackupResult {
  file: string;
  bytes: number;
  /** WAL location where the backup started and stopped (pg_lsn text). */
  startLsn: string;
  stopLsn: string;
  walSegments: number;
}

/**
 * Writes a gzipped tar backup of the embedded PostgreSQL of `dataDir` to `file`, while the
 * service runs (or with it stopped: the server is then started for the copy and stopped again).
 * Throws when WAL needed by the copy is already gone (retry) or the copy fails.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const root = resolve(dataDir);
  const target = resolve(file);
  const database = await startEmbeddedPostgres(root);
  const staging = await mkdtemp(join(dirname(target), '.bankdata-backup-'));
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const started = await client.query<{ lsn: string; wal: string }>(`SELECT lsn::text, pg_walfile_name(lsn) AS wal FROM pg_backup_start($1, true) AS lsn`, [`bankdata ${new Date().toISOString()}`]);
    await copyTree(database.pgDir, join(staging, 'pg'));
    // The same session must stop the backup; ending it earlier would abort the backup.
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; wal: string }>(
      `SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS wal FROM pg_backup_stop(false)`,
    );
    const start = started.rows[0]!;
    const stop = stopped.rows[0]!;
    const owner = await lstat(database.pgDir);
    for (const [name, content] of [['backup_label', stop.labelfile], ['tablespace_map', stop.spcmapfile]] as const) {
      if (!content) continue;
      await writeFile(join(staging, 'pg', name), content, { mode: 0o600 });
      await keepOwner(join(staging, 'pg', name), owner.uid, owner.gid);
    }
    const walSegments = await copyWal(join(database.pgDir, 'pg_wal'), join(staging, 'pg', 'pg_wal'), start.wal, stop.wal);
    const others = await copyDataDirFiles(root, staging, target);
    const postgresVersion = (await readFile(join(database.pgDir, 'PG_VERSION'), 'utf8')).trim();
    const manifest = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), postgresVersion, startLsn: start.lsn, stopLsn: stop.lsn, walSegments };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await (await tarball()).create({ gzip: true, file: target, cwd: staging, portable: false }, [MANIFEST, ...others, 'pg']);
    return { file: target, bytes: (await lstat(target)).size, startLsn: start.lsn, stopLsn: stop.lsn, walSegments };
  } finally {
    await client.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
    await database.stop();
  }
}

export interface RestoreResult {
  /** Where the data that the restore replaced was moved (null when there was none). */
  replacedDir: string | null;
  /** Partners in the restored database (a quick check that it opens). */
  partners: number;
  manifest: { createdAt: string; postgresVersion: string; stopLsn: string };
}

/**
 * Replaces the embedded PostgreSQL of `dataDir` with the backup in `file`, then starts it once so
 * that it replays the WAL to the backup's consistent end, and stops it again. The replaced data
 * is moved to `<dataDir>/replaced-<time>/`, never deleted. Throws when the service is running on
 * `dataDir` (stop it first) or `file` is not a bankdata backup.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<RestoreResult> {
  const root = resolve(dataDir);
  const location = embeddedLocation(root);
  if (location.running) throw new Error(`A PostgreSQL server runs on ${location.pgDir}: stop bankdata (and every process using this data dir) before restoring.`);
  await mkdir(root, { recursive: true });
  const staging = await mkdtemp(join(root, '.restore-'));
  try {
    await (await tarball()).extract({ file: resolve(file), cwd: staging });
    const manifest = JSON.parse(await readFile(join(staging, MANIFEST), 'utf8').catch(() => '{}')) as { format?: string; createdAt: string; postgresVersion: string; stopLsn: string };
    if (manifest.format !== FORMAT || !existsSync(join(staging, 'pg', 'backup_label'))) throw new Error(`${file} is not a bankdata backup (made by "bankdata backup")`);

    const entries = (await readdir(staging)).filter((name) => name !== MANIFEST);
    const replaced = entries.filter((name) => existsSync(join(root, name)));
    let replacedDir: string | null = null;
    if (replaced.length > 0) {
      replacedDir = join(root, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(replacedDir);
      for (const name of replaced) await rename(join(root, name), join(replacedDir, name));
    }
    for (const name of entries) await rename(join(staging, name), join(root, name));

    const database = await startEmbeddedPostgres(root).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : 'see the PostgreSQL log above';
      throw new Error(`PostgreSQL did not start on the restored data (${reason})${replacedDir ? `; the data it replaced is in ${replacedDir}` : ''}`);
    });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM partners');
        return { replacedDir, partners: rows[0]!.n, manifest: { createdAt: manifest.createdAt, postgresVersion: manifest.postgresVersion, stopLsn: manifest.stopLsn } };
      } finally {
        await client.end();
      }
    } finally {
      await database.stop();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Copies the data directory `from` to `to` file by file, keeping modes and (as root) owners; a
 * file that disappears during the copy is skipped (the server may drop or rename files; WAL
 * replay restores them), a file that changes is copied as it is (WAL replay makes it consistent).
 */
async function copyTree(from: string, to: string, relative = ''): Promise<void> {
  const stat = await lstat(from);
  await mkdir(to, { mode: stat.mode & 0o7777 });
  await keepOwner(to, stat.uid, stat.gid);
  if (EMPTIED_DIRS.has(relative)) return;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('pgsql_tmp')) await copyTree(source, target, path).catch(skipVanished);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      await copyOne(source, target).catch(skipVanished);
    }
  }
}

async function copyOne(source: string, target: string): Promise<void> {
  const stat = await lstat(source);
  await copyFile(source, target);
  await keepOwner(target, stat.uid, stat.gid);
}

async function keepOwner(path: string, uid: number, gid: number): Promise<void> {
  if (process.getuid?.() === 0) await chown(path, uid, gid);
}

function skipVanished(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** Copies the WAL segments from `first` to `last` (and timeline history files); throws when one is missing. */
async function copyWal(from: string, to: string, first: string, last: string): Promise<number> {
  const names = (await readdir(from)).filter((name) => (/^[0-9A-F]{24}$/.test(name) && name >= first && name <= last) || /^[0-9A-F]{8}\.history$/.test(name));
  const segments = names.filter((name) => !name.endsWith('.history'));
  if (!segments.includes(first) || !segments.includes(last)) throw new Error(`WAL segment ${segments.includes(first) ? last : first} is no longer in pg_wal; run the backup again`);
  for (const name of names) await copyOne(join(from, name), join(to, name));
  return segments.length;
}

/**
 * Copies the regular files at the top of the data dir (the database password, the port) into
 * `to`, leaving out backups (`.tar.gz`, and `target`); returns their names.
 */
async function copyDataDirFiles(root: string, to: string, target: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name.endsWith('.tar.gz') || join(root, entry.name) === target) continue;
    await copyOne(join(root, entry.name), join(to, entry.name));
    names.push(entry.name);
  }
  return names;
}
