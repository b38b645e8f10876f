/** Polling until something holds, for tests that watch other processes. */

/** Calls `probe` every 200 ms until it answers a value (not undefined; a throw counts as undefined); throws after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
