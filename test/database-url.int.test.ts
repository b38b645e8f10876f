/**
 * With DATABASE_URL the service uses that server instead of the embedded one: migrate, create a
 * partner and serve against the local PostgreSQL on 127.0.0.1:5432. Skipped when none is there.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { randomBase62 } from '../src/lib/ids.ts';
import { TEST_SECRET_KEY } from './helpers/app.ts';

const bin = new URL('../bin/bankdata.js', import.meta.url).pathname;
const run = promisify(execFile);
const adminUrl = process.env.LOCAL_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `bankdata_test_${randomBase62(8).toLowerCase()}`;

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable();
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const env = (extra: Record<string, string> = {}) => ({ ...process.env, DATABASE_URL: databaseUrl, BANKDATA_DATA_DIR: '/nonexistent/never-used', BANKDATA_SECRET_KEY: TEST_SECRET_KEY, ...extra });

describe.skipIf(!available)('DATABASE_URL (local PostgreSQL on 127.0.0.1:5432)', () => {
  beforeAll(() => {});
  afterAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  });

  it('migrates, creates a partner and serves the API from that server', async () => {
    const migrated = JSON.parse((await run(process.execPath, [bin, 'migrate', '--json'], { env: env() })).stdout);
    expect(migrated.applied).toContain('0001_foundation');
    const partner = JSON.parse((await run(process.execPath, [bin, 'partner', 'create', '--name', 'External DB', '--json'], { env: env() })).stdout);
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'serve'], { env: env({ PORT: String(port), LOG_LEVEL: 'warn' }), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => {
          out += c;
          if (out.includes('Stop with Ctrl+C')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const reply = await fetch(`http://127.0.0.1:${port}/v1/providers?country=CZ`, { headers: { 'x-api-key': partner.apiKey } });
      expect(reply.status).toBe(200);
      expect((await reply.json()).data.length).toBeGreaterThan(0);
      // A CLI command given no PORT or BANKDATA_BASE_URL prints links to the running API's address, not localhost:3000.
      const cliEnv: NodeJS.ProcessEnv = env();
      delete cliEnv.PORT;
      delete cliEnv.BANKDATA_BASE_URL;
      const user = JSON.parse((await run(process.execPath, [bin, 'portal', 'user', 'create', '--partner', partner.partnerId, '--email', 'ops@external.example', '--json'], { env: cliEnv })).stdout);
      expect(user.setupUrl).toMatch(new RegExp(`^http://localhost:${port}/portal/setup/\\w+$`));
      const given = JSON.parse((await run(process.execPath, [bin, 'portal', 'user', 'create', '--partner', partner.partnerId, '--email', 'dev@external.example', '--json'], { env: { ...cliEnv, BANKDATA_BASE_URL: 'https://bank.example' } })).stdout);
      expect(given.setupUrl).toMatch(/^https:\/\/bank\.example\/portal\/setup\/\w+$/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
