/**
 * The real Actual Budget server (`@actual-app/sync-server`, pinned) for the SimpleFIN end-to-end
 * test, installed at test time into a cached temp dir (never a dependency of bankdata: it brings
 * ~120 MB and two native modules, built here from source with the local Node headers), started
 * as its own process with its own data dir, and a TLS front for bankdata on port 443: Actual's
 * claim request always goes to `https://host:443`, and its TLS check trusts the front's
 * self-signed certificate through NODE_EXTRA_CA_CERTS only.
 *
 * 25.6.0 is the last release whose engines allow Node 20 (26.x wants >= 22) and it has the
 * SimpleFIN endpoints (`/simplefin/accounts`, `/simplefin/transactions`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { promisify } from 'node:util';
import { freePort } from '../../src/db/embedded.ts';

export const ACTUAL_SERVER_VERSION = '25.6.0';
const installDir = join(tmpdir(), `bankdata-actual-sync-server-${ACTUAL_SERVER_VERSION}`);
const entry = join(installDir, 'node_modules', '@actual-app', 'sync-server', 'build', 'app.js');
const run = promisify(execFile);

/** Signs of an install that failed because the registry cannot be reached (the only reason to skip). */
const NO_NETWORK = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network request|getaddrinfo/i;

/**
 * Installs the pinned sync-server once per machine (later runs reuse it); resolves with its
 * entry file, or with `{ skipped }` when npm cannot reach the registry. Other failures throw.
 * The install goes to a dir of its own, renamed into place when complete: a run that is killed
 * or runs alongside another never leaves or uses a half-installed server.
 */
export async function installActualServer(): Promise<{ entry: string } | { skipped: string }> {
  if (existsSync(entry)) return { entry };
  const partial = `${installDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(
    join(partial, 'package.json'),
    JSON.stringify({
      name: 'bankdata-actual-e2e',
      private: true,
      dependencies: { '@actual-app/sync-server': ACTUAL_SERVER_VERSION },
      // Its two native modules build from source (no prebuilt download here).
      allowScripts: { bcrypt: true, 'better-sqlite3': true },
    }),
  );
  // The parent `npm test` leaves npm_* settings in the environment: none of them is for this install.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  if (existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  try {
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', partial], { cwd: partial, env, timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const output = `${(error as { stderr?: string }).stderr ?? ''}${(error as Error).message}`;
    if (NO_NETWORK.test(output)) return { skipped: `npm cannot reach the registry to install @actual-app/sync-server@${ACTUAL_SERVER_VERSION}: ${output.split('\n').find((l) => NO_NETWORK.test(l))}` };
    throw new Error(`npm install of @actual-app/sync-server@${ACTUAL_SERVER_VERSION} failed:\n${output.slice(-4000)}`);
  }
  try {
    renameSync(partial, installDir);
  } catch (error) {
    // Another run finished first: use its install.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  return { entry };
}

/** A self-signed certificate for `localhost` (openssl), in a temp dir. */
export async function localhostCertificate(): Promise<{ dir: string; certFile: string; key: string; cert: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bankdata-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1']);
  return { dir, certFile, key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

/** A TLS front on port 443 of the loopback addresses that passes the bytes to `127.0.0.1:port`. */
export async function tlsFront(port: number, tls: { key: string; cert: string }): Promise<{ close(): Promise<void> }> {
  const servers: TlsServer[] = [];
  const open = new Set<Socket>();
  for (const host of ['127.0.0.1', '::1']) {
    const server = createTlsServer({ key: tls.key, cert: tls.cert }, (socket) => {
      const upstream = netConnect(port, '127.0.0.1');
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    try {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(443, host, () => resolve()));
      servers.push(server);
    } catch (error) {
      // IPv6 may be off on this machine; 127.0.0.1 must work.
      if (host === '127.0.0.1') throw new Error(`cannot listen on 127.0.0.1:443 for the TLS front (${(error as Error).message}); the test needs root or CAP_NET_BIND_SERVICE`);
    }
  }
  return {
    async close() {
      // Keep-alive connections would hold close() open.
      for (const socket of open) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

/** A running Actual server: its base URL and a session token after bootstrap and login. */
export interface ActualServer {
  url: string;
  token: string;
  output(): string;
  post<T = any>(path: string, body: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** Spawns the sync-server on `port`; resolves once it answers HTTP, rejects with its output when it exits first. */
async function spawnActual(entryFile: string, caFile: string, dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child: ChildProcess = spawn(process.execPath, [entryFile], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, HOME: dataDir, ACTUAL_DATA_DIR: dataDir, ACTUAL_PORT: String(port), ACTUAL_HOSTNAME: '127.0.0.1', NODE_EXTRA_CA_CERTS: caFile, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // It prints "Listening on" before it listens: wait for an HTTP answer instead.
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Actual server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    const answered = await fetch(`http://127.0.0.1:${port}/account/needs-bootstrap`).then((r) => r.ok, () => false);
    if (answered) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Actual server did not answer within 60 s:\n${output}`);
}

/** Starts the sync-server on a free port with a fresh data dir, bootstraps it with a password and logs in. */
export async function startActualServer(entryFile: string, caFile: string): Promise<ActualServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bankdata-actual-data-'));
  let port = 0;
  let started: Awaited<ReturnType<typeof spawnActual>> | undefined;
  // Another process may take the free port before the server binds it: then try another.
  for (let attempt = 1; !started; attempt++) {
    port = await freePort();
    try {
      started = await spawnActual(entryFile, caFile, dataDir, port);
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
  const { child, output } = started;
  const url = `http://127.0.0.1:${port}`;
  const call = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-actual-token': token } : {}) }, body: JSON.stringify(body) });
    const json = (await response.json()) as { status: string; data?: any; reason?: string };
    if (response.status !== 200 || json.status !== 'ok') throw new Error(`Actual ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const password = 'bankdata-e2e-password';
  await call('/account/bootstrap', { password });
  const token = (await call('/account/login', { loginMethod: 'password', password })).data.token as string;
  return {
    url,
    token,
    output,
    post: async (path, body) => (await call(path, body, token)).data,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
