/**
 * Real `bankdata worker` and `bankdata serve` child processes on a test app's database, for tests
 * that need separate processes (a worker to kill, two API instances to share limits).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort } from '../../src/db/embedded.ts';

/** The database the processes use and the base URL they put in links (a TestApp has both). */
export interface ProcessTarget {
  databaseUrl: string;
  baseUrl: string;
}


const bin = new URL('../../bin/bankdata.js', import.meta.url).pathname;

export class BankdataProcesses {
  private readonly children: ChildProcess[] = [];
  private readonly killed = new Set<ChildProcess>();
  private readonly outputs = new Map<ChildProcess, string>();

  /** `env` is added to every process's environment (on top of DATABASE_URL and the base URL of `t`). */
  constructor(
    private readonly t: ProcessTarget,
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

  /** Starts `bankdata serve` (or `start`: API and worker in one process) on a free port; resolves with its base URL and process once it listens. */
  async serveProcess(env: Record<string, string> = {}, command: 'serve' | 'start' = 'serve'): Promise<{ url: string; child: ChildProcess }> {
    const port = await freePort();
    const child = await this.start(command, { ...env, PORT: String(port), HOST: '127.0.0.1' });
    return { url: `http://127.0.0.1:${port}`, child };
  }

  /** Runs the admin command `args` (with `--json`) on the same database; resolves with its JSON answer. */
  async admin<T = any>(args: string[]): Promise<T> {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, ...args, '--json'], { env: { ...process.env, ...this.env, DATABASE_URL: this.t.databaseUrl } });
    return JSON.parse(stdout) as T;
  }

  /** Kills `child` with SIGKILL (an expected exit) and waits until it is gone. */
  async kill(child: ChildProcess): Promise<void> {
    this.killed.add(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Processes that exited although the test did not kill them, with their output. */
  unexpectedExits(): { command: string; code: number | null; output: string }[] {
    return this.children
      .filter((c) => !this.killed.has(c) && (c.exitCode !== null || c.signalCode !== null))
      .map((c) => ({ command: c.spawnargs.at(-1)!, code: c.exitCode, output: this.outputs.get(c) ?? '' }));
  }

  /** Everything `child` printed so far (stdout and stderr). */
  output(child: ChildProcess): string {
    return this.outputs.get(child) ?? '';
  }

  /** Kills every process still running (SIGKILL: tests that use this do not need a clean stop). */
  killAll(): void {
    for (const child of this.children) {
      this.killed.add(child);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }

  private start(command: 'worker' | 'serve' | 'start', env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, [bin, command], {
      env: { ...process.env, ...this.env, DATABASE_URL: this.t.databaseUrl, BANKDATA_BASE_URL: this.t.baseUrl, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    this.outputs.set(child, '');
    const append = (c: Buffer) => this.outputs.set(child, this.outputs.get(child) + String(c));
    return new Promise((resolve, reject) => {
      const out = () => this.outputs.get(child)!;
      const timer = setTimeout(() => reject(new Error(`${command} not ready within 120 s: ${out()}`)), 120_000);
      child.stdout!.on('data', (c: Buffer) => {
        append(c);
        if (out().includes('Stop with Ctrl+C')) {
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.stderr!.on('data', append);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} exited ${code}: ${out()}`));
      });
    });
  }
}
