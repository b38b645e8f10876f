/**
 * The contract gate of the live tests and `npm run live-demo` (issue 13 "How it is shown"):
 * `prism proxy <official NextGenPSD2 1.3.11 yaml> <test bank> --errors` (Prism serves the paths
 * without the `/psd2` prefix), behind a small recording tap that the connector talks to. A
 * violation in either direction is recorded when Prism answers its own error (422 for a request,
 * 500 `#VIOLATIONS` for a response, any `https://stoplight.io/prism/errors#...` problem), sets an
 * `sl-violations` header, or logs `Violation` / `Request terminated with error`. Tests assert
 * `violations()` is empty after every test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/embedded.ts';

export const SPEC_FILE = fileURLToPath(new URL('./psd2/psd2-api_v1.3.11-2021-09-24.yaml', import.meta.url));
const PRISM_BIN = fileURLToPath(new URL('../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));

export interface Violation {
  method: string;
  path: string;
  status: number;
  detail: string;
}

const PRISM_ERROR = /Violation|terminated with error|stoplight\.io\/prism\/errors/;

export class PrismGate {
  /** The gate's address: give it to the connector as the provider's baseUrl. */
  url = '';
  /** Prism's output, for diagnosis. */
  readonly log: string[] = [];
  private readonly found: Violation[] = [];
  private prism: ChildProcess | null = null;
  private tap: Server | null = null;

  constructor(private readonly upstream: string) {}

  /** Starts Prism (about 3-8 s to load the file) and the tap in front of it. */
  async start(): Promise<string> {
    const prismPort = await freePort();
    const prism = spawn(process.execPath, [PRISM_BIN, 'proxy', SPEC_FILE, this.upstream, '-p', String(prismPort), '-h', '127.0.0.1', '--errors'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.prism = prism;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${this.log.slice(-20).join('\n')}`)), 60_000);
      const onLine = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          this.log.push(line);
          if (line.includes('Prism is listening')) {
            clearTimeout(timer);
            resolve();
          }
          if (PRISM_ERROR.test(line)) this.found.push({ method: '?', path: '?', status: 0, detail: `prism log: ${line.trim()}` });
        }
      };
      prism.stdout!.on('data', onLine);
      prism.stderr!.on('data', onLine);
      prism.once('exit', (code) => reject(new Error(`Prism exited (${code}):\n${this.log.slice(-20).join('\n')}`)));
    });

    this.tap = createServer((req, res) => {
      const forward = request({ host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const violations = answer.headers['sl-violations'];
          const prismProblem = String(answer.headers['content-type'] ?? '').includes('problem+json') && body.toString('utf8').includes('stoplight.io/prism/errors');
          if (violations || prismProblem) {
            this.found.push({ method: req.method ?? '?', path: req.url ?? '?', status: answer.statusCode ?? 0, detail: String(violations ?? body.toString('utf8')) });
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      });
      forward.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error.message));
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => this.tap!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.tap.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Violations Prism reported since the last `clear()` (request or response, header, body or log). */
  violations(): Violation[] {
    return [...this.found];
  }

  clear(): void {
    this.found.length = 0;
  }

  async stop(): Promise<void> {
    if (this.tap) {
      this.tap.closeAllConnections();
      await new Promise<void>((resolve) => this.tap!.close(() => resolve()));
    }
    if (this.prism && this.prism.exitCode === null) {
      const exited = new Promise((resolve) => this.prism!.once('exit', resolve));
      this.prism.kill('SIGTERM');
      await exited;
    }
  }
}
