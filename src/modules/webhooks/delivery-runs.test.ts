import { describe, expect, it } from 'vitest';
import { runDeliveries } from './delivery-runs.ts';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('runDeliveries', () => {
  it('records attempts that finish together in one go, and what recording claims next is attempted', async () => {
    const recorded: string[][] = [];
    await runDeliveries(['a1', 'b1'], {
      attempt: (claimed) => claimed.map((d) => after(5, d)),
      record: async (outcomes) => {
        recorded.push(outcomes);
        return outcomes.filter((o) => o.endsWith('1')).map((o) => o.replace('1', '2'));
      },
    }, 50);
    expect(recorded.map((batch) => [...batch].sort())).toEqual([['a1', 'b1'], ['a2', 'b2']]);
  });

  it('records a finished attempt after waitMs while another is still in flight', async () => {
    const recorded: { outcomes: string[]; at: number }[] = [];
    const started = performance.now();
    await runDeliveries(['fast', 'slow'], {
      attempt: (claimed) => claimed.map((d) => after(d === 'slow' ? 300 : 5, d)),
      record: async (outcomes) => {
        recorded.push({ outcomes, at: performance.now() - started });
        return [];
      },
    }, 20);
    expect(recorded.map((r) => r.outcomes)).toEqual([['fast'], ['slow']]);
    expect(recorded[0]!.at).toBeLessThan(200);
  });

  it('rejects with a recording error', async () => {
    const run = runDeliveries(['a'], {
      attempt: (claimed) => claimed.map((d) => after(1, d)),
      record: () => Promise.reject(new Error('database gone')),
    }, 10);
    await expect(run).rejects.toThrow('database gone');
  });

  it('resolves at once when nothing was claimed', async () => {
    await expect(runDeliveries([], { attempt: () => [], record: async () => [] }, 10)).resolves.toBeUndefined();
  });
});
