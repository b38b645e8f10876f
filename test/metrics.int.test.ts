/**
 * Issue 19, metrics: the Prometheus listener (BANKDATA_METRICS_PORT's server) answers GET
 * /metrics with every metric docs/operations.md lists, and after a bank journey with webhooks
 * and a rate-limit refusal the counters have moved: HTTP requests by route and status, downloads
 * by outcome, webhook deliveries by outcome and their lag, rate-limit refusals, pool use, queues.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { observeQueues } from '../src/metrics/metrics.ts';
import { startMetricsServer } from '../src/metrics/server.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
let metrics: Server;
let metricsUrl = '';

beforeAll(async () => {
  t = await startTestApp();
  receiver = await new WebhookReceiver().start();
  observeQueues(t.db);
  const port = await freePort();
  metrics = await startMetricsServer(port, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await new Promise((done) => metrics.close(done));
  await receiver.stop();
  await t.close();
});

/** The sum of the samples of `name` whose labels include `labels`. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(match[3]);
  }
  return sum;
}

const scrape = async () => {
  const reply = await fetch(metricsUrl);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.text();
};

describe('GET /metrics', () => {
  it('lists every documented metric, and they move after a journey, webhooks and a rate-limit refusal', async () => {
    const before = await scrape();
    for (const name of [
      'bankdata_job_queue_depth',
      'bankdata_job_queue_oldest_age_seconds',
      'bankdata_db_pool_connections',
      'bankdata_process_cpu_user_seconds_total',
    ]) {
      expect(before, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
    for (const name of ['bankdata_http_request_duration_seconds', 'bankdata_download_duration_seconds', 'bankdata_webhook_deliveries_total', 'bankdata_webhook_delivery_lag_seconds', 'bankdata_rate_limit_refusals_total']) {
      expect(before, name).toContain(`# TYPE ${name} `);
    }
    expect(value(before, 'bankdata_job_queue_depth', { queue: 'connection-download' })).toBeGreaterThanOrEqual(0);

    const partner = await t.newPartner({ name: 'Metrics' });
    await t.services.webhooks.setEndpoint(partner.partnerId, 'sandbox', receiver.url);
    const clientId = await t.newClient(partner.apiKey);
    await connect(t, partner.apiKey, clientId);
    await receiver.waitFor((received) => received.some((r) => r.json.type === 'ConnectionCreateSuccess'));
    const limited = await t.newPartner({ name: 'Limited', rateLimit: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => t.call('GET', '/v1/partner/config', { key: limited.apiKey })));
    expect(answers.map((a) => a.status)).toContain(429);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(grew('bankdata_http_request_duration_seconds_count', { method: 'POST', route: '/v1/connections', status: '200' })).toBe(1);
    expect(grew('bankdata_http_request_duration_seconds_count', { method: 'GET', route: '/v1/partner/config', status: '429' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(clientId); // labels are route patterns, never ids
    expect(grew('bankdata_download_duration_seconds_count', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(grew('bankdata_webhook_deliveries_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(grew('bankdata_webhook_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(grew('bankdata_rate_limit_refusals_total')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'bankdata_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    const elsewhere = await fetch(metricsUrl.replace('/metrics', '/v1/partner/config'));
    expect(elsewhere.status).toBe(404);
    // Not on the public port unless BANKDATA_METRICS_PUBLIC=true.
    expect((await t.call('GET', '/metrics')).status).toBe(404);
  });
});
