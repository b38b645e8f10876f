/**
 * A local webhook receiver: a real HTTP server on 127.0.0.1 that records every delivery and
 * answers with a scripted status (default 200). Verification is done by tests with the
 * `standardwebhooks` package, never by our own code.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: any;
  status: number;
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Answers to give, in order (a status, or a status with headers and/or a body); when empty, `fallback`. */
  readonly script: (number | { status: number; headers?: Record<string, string>; body?: string })[] = [];
  /** Called with each delivery right after it was answered. */
  onAnswered: ((received: Received) => void) | null = null;
  fallback = 200;
  /** How many next requests to leave unanswered (to simulate a worker dying mid-delivery). */
  hang = 0;
  /** How long to wait before answering each request (a slow endpoint). */
  delayMs = 0;
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Starts listening (on the same port again after stop(), when it was started before). */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (this.hang > 0) {
          this.hang--;
          this.received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body, json: JSON.parse(body), status: 0 });
          return;
        }
        const answer = this.script.shift() ?? this.fallback;
        const { status, headers: answerHeaders = {}, body: answerBody = '' } = typeof answer === 'number' ? { status: answer } : answer;
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const received = { headers, body, json: JSON.parse(body), status };
        this.received.push(received);
        setTimeout(() => res.writeHead(status, answerHeaders).end(answerBody, () => this.onAnswered?.(received)), this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening and drops open connections (a request held by `hang` ends with a network error). */
  async stop(): Promise<void> {
    if (!this.server) return;
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    this.server = null;
  }

  /** Waits until `predicate` holds over the received deliveries. */
  async waitFor(predicate: (received: Received[]) => boolean, timeoutMs = 20_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > until) throw new Error(`timed out; received ${this.received.map((r) => r.json.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.received;
  }
}
