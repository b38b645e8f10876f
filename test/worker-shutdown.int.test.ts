/**
 * A stopped worker process exits: on SIGTERM `bankdata worker` stops its job workers and exits
 * with code 0, also when more of them poll than the job queue has database connections (so some
 * poll is always waiting for a connection when the stop comes).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { BankdataProcesses } from './helpers/processes.ts';

let processes: BankdataProcesses;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ worker: false });
  processes = new BankdataProcesses(t, { BANKDATA_WEBHOOK_CONCURRENCY: '24' });
});
afterAll(async () => {
  processes.killAll();
  await t.close();
});

/** Sends SIGTERM; resolves with the exit code, or null when the process still runs after `ms`. */
function stop(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

describe('bankdata worker on SIGTERM', () => {
  it('exits with code 0 within seconds, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const worker = await processes.worker();
      await new Promise((r) => setTimeout(r, 700 + 300 * round));
      expect(await stop(worker, 20_000), `round ${round}`).toBe(0);
    }
  });
});
