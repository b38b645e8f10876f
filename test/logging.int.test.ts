/**
 * Issue 19, logs in production: `bankdata start` with NODE_ENV=production (stdout a pipe) writes
 * JSON, exactly one line per request with method, route pattern, status, duration, request id
 * and partner id, and never the API key or the client's id from the URL. The banner comes out
 * whole, after the start-up logs. With BANKDATA_METRICS_PORT the banner names the metrics URL.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { startBankdata, stopBankdata, type Started } from './helpers/bankdata-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'bankdata-logs-'));
chmodSync(dataDir, 0o711);
let started: Started | null = null;

afterAll(() => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('production logs', { timeout: 240_000 }, () => {
  it('one JSON line per request, without secrets; the banner whole; metrics on their own port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    started = await startBankdata(dataDir, port, { NODE_ENV: 'production', LOG_LEVEL: 'info', BANKDATA_METRICS_PORT: String(metricsPort), BANKDATA_METRICS_HOST: '127.0.0.1' });
    const banner = started.output();
    const apiKey = /svc_test_[0-9A-Za-z]{32}/.exec(banner)![0];
    expect(banner).toMatch(/^bankdata is listening at .*\nMetrics: http:\/\/127\.0\.0\.1:\d+\/metrics\nDatabase: embedded PostgreSQL in .*\n {2}psql /m);

    const base = `http://127.0.0.1:${port}`;
    const config = await fetch(`${base}/v1/partner/config`, { headers: { 'x-api-key': apiKey, 'x-request-id': 'req-from-test-1' } });
    expect(config.status).toBe(200);
    const { partnerId } = await config.json();
    const clientId = '0b4c8f4e-6f1a-4c1e-9d55-2f7c2a9e3b10';
    expect((await fetch(`${base}/v1/connections/${clientId}`, { headers: { 'x-api-key': apiKey, 'x-client-id': clientId } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    const before = started.output().length;
    expect(await stopBankdata(started.child)).toBe(0);
    const lines = started.output().slice(0, before).split('\n').filter((line) => line.startsWith('{'));
    const records = lines.map((line) => JSON.parse(line));
    const requests = records.filter((r) => r.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', route: '/v1/partner/config', status: 200, durationMs: expect.any(Number), partnerId, reqId: expect.any(String) }),
      expect.objectContaining({ method: 'GET', route: '/v1/connections/:connectionId', status: 404, partnerId }),
    ]);
    expect(records.filter((r) => /incoming request|request completed/.test(r.msg))).toEqual([]);
    expect(lines.join('\n')).not.toContain(apiKey.slice(10));
    expect(lines.join('\n')).not.toContain(clientId);
    expect(started.output()).not.toMatch(/Deprecation/);
  });
});
