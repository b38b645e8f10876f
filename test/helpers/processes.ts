/**
 * Real `bankdata worker` and `bankdata serve` child processes on a test app's database, for tests
 * that need separate processes (a worker to kill, two API instances to share limits).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/db/embedded.ts';
import { TEST_SECRET_KEY, type TestApp } from './app.ts';

const bin = new URL('../../bin/bankdata.js', import.meta.url).pathname;

export class BankdataProcesses {
  private readonly children: ChildProcess[] = [];

  /** `env` is added to every process's environment (on top of DATABASE_URL and the base URL of `t`). */
  constructor(
    private readonly t: TestApp,
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts `bankdata worker`; resolves once it runs. */
  worker(): Promise<ChildProcess> {
    return this.start('worker', {});
  }

  /** Starts `bankdata serve` on a free port; resolves with its base URL once it listens. */
  async serve(env: Record<string, string> = {}): Promise<string> {
    const port = await freePort();
    await this.start('serve', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    return `http://127.0.0.1:${port}`;
  }

  /** Kills every process still running (SIGKILL: tests that use this do not need a clean stop). */
  killAll(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGKILL');
  }

  private start(command: 'worker' | 'serve', env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, [bin, command], {
      env: { ...process.env, ...this.env, DATABASE_URL: this.t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, BANKDATA_BASE_URL: this.t.baseUrl, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`${command} not ready within 60 s: ${out}`)), 60_000);
      child.stdout!.on('data', (c: Buffer) => {
        out += c;
        if (out.includes('Stop with Ctrl+C')) {
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.stderr!.on('data', (c: Buffer) => (out += c));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} exited ${code}: ${out}`));
      });
    });
  }
}
