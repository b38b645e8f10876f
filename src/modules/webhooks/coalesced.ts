/**
 * Statement coalescing for webhook delivery (webhooks.service.ts): the attempts that batches
 * record and the deliveries they claim next go to PostgreSQL in as few, large statements as the
 * load allows. A call runs at once when no statement of its kind is under way; calls made while
 * one is under way wait for it and then run together, as one statement. On two cores a statement
 * of 256 rows cost PostgreSQL about two thirds of the CPU per row of four concurrent statements
 * of 64 (bench/README.md, issue 18), and the worker's driver about as much less.
 */

/**
 * Wraps `run` (items in, results out) so that the items of every call made while a run is under
 * way are run together next, one run at a time. Each call resolves with its share of the results
 * (`share(results, itsItems)`; the results as they are when it ran alone), or rejects with the
 * error of the run its items were in.
 */
export function coalesced<I, O>(run: (items: I[]) => Promise<O[]>, share: (results: O[], items: I[]) => O[]): (items: I[]) => Promise<O[]> {
  let waiting: { items: I[]; resolve: (results: O[]) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const calls = waiting;
      waiting = [];
      try {
        const results = await run(calls.length === 1 ? calls[0]!.items : calls.flatMap((call) => call.items));
        for (const call of calls) call.resolve(calls.length === 1 ? results : share(results, call.items));
      } catch (error) {
        for (const call of calls) call.reject(error);
      }
    }
    running = false;
  }

  return (items) =>
    new Promise<O[]>((resolve, reject) => {
      waiting.push({ items, resolve, reject });
      if (!running) void drain();
    });
}
