import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced.ts';

/** A run that records what it was given and answers each item doubled, after `release()`. */
function gatedRun() {
  const runs: number[][] = [];
  let release: () => void = () => {};
  const run = (items: number[]) => {
    runs.push(items);
    return new Promise<number[]>((resolve) => (release = () => resolve(items.map((i) => i * 2))));
  };
  return { runs, run, release: () => release() };
}

const byValue = (results: number[], items: number[]) => results.filter((r) => items.includes(r / 2));

describe('coalesced', () => {
  it('runs a call at once when nothing runs, and merges the calls made meanwhile into the next run', async () => {
    const gate = gatedRun();
    const call = coalesced(gate.run, byValue);
    const first = call([1, 2]);
    const second = call([3]);
    const third = call([4, 5]);
    expect(gate.runs).toEqual([[1, 2]]);
    gate.release();
    expect(await first).toEqual([2, 4]);
    await Promise.resolve();
    expect(gate.runs).toEqual([[1, 2], [3, 4, 5]]);
    gate.release();
    expect(await second).toEqual([6]);
    expect(await third).toEqual([8, 10]);
  });

  it('rejects every call of a failed run, and runs later calls again', async () => {
    let fail = true;
    const call = coalesced(async (items: number[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('database away');
      return items;
    }, byValue);
    const a = call([1]);
    const b = call([2]);
    const c = call([3]);
    await expect(a).rejects.toThrow('database away');
    await expect(b).rejects.toThrow('database away');
    await expect(c).rejects.toThrow('database away');
    fail = false;
    expect(await call([4])).toEqual([4]);
  });
});
