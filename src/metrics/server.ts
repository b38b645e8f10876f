/**
 * The metrics listener (issue 19): `GET /metrics` in Prometheus text format on its own small
 * HTTP server (BANKDATA_METRICS_PORT), apart from the public API port; anything else is 404.
 */
import { createServer, type Server } from 'node:http';
import { registry } from './metrics.ts';

/** Answers a scrape: the registry's text, or 500 when a collector (the queue query) fails. */
export async function scrape(): Promise<{ status: number; contentType: string; body: string }> {
  try {
    return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
  } catch (error) {
    return { status: 500, contentType: 'text/plain', body: `metrics collection failed: ${(error as Error).message}\n` };
  }
}

/** Listens on `host:port`; resolves with the server once it listens (close it to stop). */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    void scrape().then(({ status, contentType, body }) => response.writeHead(status, { 'content-type': contentType }).end(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
