/**
 * The example app's README works as written (issue 16): steps 2 to 4 run against the real
 * service: the `sh` blocks in bash (the webhook endpoint set through the real `bankdata` CLI,
 * the app started with `npm start`), and the browser step of step 3 done by the sandbox control
 * the README names. The app verifies real webhook deliveries and refuses a forged one.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@bankdata/client';
import { freePort } from '../../../src/db/embedded.ts';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../../../test/helpers/app.ts';
import { providerId, providerIds, until } from '../../../test/helpers/journey.ts';

const root = new URL('../../../', import.meta.url).pathname;
let t: TestApp;
let app: ChildProcess | undefined;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  if (app?.pid && app.exitCode === null) process.kill(-app.pid, 'SIGTERM');
  await t?.close();
});

/** The README's `sh` blocks, the app's port in place of 4000. */
function blocks(port: number): string[] {
  const markdown = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replaceAll('localhost:4000', `localhost:${port}`));
}

const bash = (script: string, env: Record<string, string> = {}) =>
  promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });

describe('examples/partner-app README', () => {
  it('connects alice through the hosted flow, verifies the webhooks and lists her transactions', async () => {
    const { apiKey } = await t.newPartner({ name: 'Budget app' });
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const [start, setup, show, list] = blocks(port);
    expect(start).toContain('npm install && npm start');

    // Step 2: the setup lines (the CLI reaches the service's database), then the app's own start.
    const lines = setup!.trim().split('\n');
    const startApp = lines.pop()!;
    expect(startApp).toBe('npm start --workspace examples/partner-app');
    const script = lines.join('\n').replace(/^export BANKDATA_URL=.*$/m, `export BANKDATA_URL=${t.baseUrl}`).replace(/^export BANKDATA_API_KEY=.*$/m, `export BANKDATA_API_KEY=${apiKey}`);
    const env = { DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'silent' };
    const secret = (await bash(`${script}\necho "$BANKDATA_WEBHOOK_SECRET"`, env)).stdout.trim().split('\n').at(-1)!;
    expect(secret).toMatch(/^whsec_/);
    app = spawn('bash', ['-c', startApp], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BANKDATA_URL: t.baseUrl, BANKDATA_API_KEY: apiKey, BANKDATA_WEBHOOK_SECRET: secret, PORT: String(port) } });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      app!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        if (out.includes('Partner app at')) resolve();
      });
      app!.stderr!.on('data', (chunk: Buffer) => (out += chunk));
      app!.once('exit', (code) => reject(new Error(`the app exited ${code}: ${out}`)));
    });

    // Step 3: the link sends alice to the hosted pages; the sandbox control plays her part.
    const connect = await fetch(`${appUrl}/connect?user=alice`, { redirect: 'manual' });
    expect(connect.status).toBe(303);
    const hostedUrl = connect.headers.get('location')!;
    expect(new URL(hostedUrl).port).toBe(new URL(t.baseUrl).port);
    expect((await fetch(hostedUrl, { method: 'HEAD' })).status).toBe(200); // HEAD leaves the one-time link unused
    const alice = (await (await fetch(`${appUrl}/users/alice`)).json()) as { clientId: string; sessionId: string };
    const bankdata = createClient({ baseUrl: t.baseUrl, apiKey });
    const scope = { clientId: alice.clientId };
    await bankdata.sandbox.completeConnectSession(alice.sessionId, { providerId: await providerId(t, providerIds.vltava), outcome: 'Ok' }, scope);
    await until(() => bankdata.connectSessions.get(alice.sessionId, scope), (s) => s.state === 'AwaitingAccountSelection');
    await bankdata.sandbox.completeConnectSession(alice.sessionId, { deselectAccountIds: [] }, scope);
    const known = await until(
      async () => (await bash(show!)).stdout,
      (out) => out.includes('ConnectionCreateSuccess'),
    );
    expect(known).toContain('TransactionsFetchingProgress');

    // Step 4: every transaction of alice's accounts.
    const { stdout } = await bash(list!);
    const count = Number(/^(\d+) transactions, newest: /.exec(stdout)?.[1]);
    expect(count).toBeGreaterThan(50);

    // The app refuses a delivery that bankdata did not sign.
    const forged = await fetch(`${appUrl}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64') },
      body: JSON.stringify({ type: 'ConnectionCreateSuccess', timestamp: new Date().toISOString(), data: { clientId: alice.clientId, connectionId: crypto.randomUUID() } }),
    });
    expect(forged.status).toBe(400);
  });
});
