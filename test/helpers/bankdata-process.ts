/**
 * `bankdata start` as a child process on its own data dir (embedded PostgreSQL), for tests of
 * what an operator sees: the banner, logs, admin commands against the running service, backups.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const bin = new URL('../../bin/bankdata.js', import.meta.url).pathname;
const execute = promisify(execFile);

export interface Started {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
}

/** The environment of a `bankdata` process on `dataDir` (embedded database: DATABASE_URL removed). */
export function bankdataEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, BANKDATA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
}

/** Starts `bankdata start` and resolves once its banner says it runs. */
export function startBankdata(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [bin, 'start'], { env: bankdataEnv(dataDir, { PORT: String(port), ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Stop with Ctrl+C')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

/** Sends SIGTERM; resolves with the exit code, rejects when the process still runs after 60 s. */
export function stopBankdata(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still running 60 s after SIGTERM')), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** Runs `bankdata ...args` on `dataDir`; resolves with exit code, stdout and stderr (never rejects on an exit code). */
export async function bankdataCommand(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [bin, ...args], { env: bankdataEnv(dataDir, env), maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
