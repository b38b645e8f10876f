/**
 * Webhook receiver for bench/webhook-delivery.ts: a plain node:http server that reads each POST
 * body, answers 204, and counts requests and distinct `webhook-id`s (those of POSTs to `/raw`, the
 * benchmark's raw signed POSTs, apart). It keeps the first SAMPLES signed deliveries (headers and
 * body) so the benchmark can verify them with `standardwebhooks`
 * outside the measured path. `GET /stats` returns `{requests, distinctIds, samples}` and resets
 * nothing. Env: PORT, SAMPLES (default 200). Prints "ready" when listening.
 */
import { createServer } from 'node:http';

const maxSamples = Number(process.env.SAMPLES ?? 200);
let requests = 0;
const ids = new Set<string>();
/** webhook-ids of the benchmark's raw POSTs (to /raw), kept apart from the deliveries'. */
const rawIds = new Set<string>();
const samples: { headers: Record<string, string>; body: string }[] = [];

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests, distinctIds: ids.size, samples }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    requests++;
    const id = req.headers['webhook-id'];
    if (typeof id === 'string') {
      (req.url === '/raw' ? rawIds : ids).add(id);
      if (req.url !== '/raw' && samples.length < maxSamples) {
        samples.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString('utf8') });
      }
    }
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

const shutdown = () => server.close(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
