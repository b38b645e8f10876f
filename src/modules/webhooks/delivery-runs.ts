/**
 * The loop of a batch of webhook-delivery jobs (webhooks.service.ts `deliver`): every claimed
 * delivery is attempted at once; attempts that finish are recorded together, and what recording
 * claims next is attempted as soon as it is claimed. Recording waits for the attempts still in
 * flight at most `waitMs` after the first finished one (so a batch's attempts, which usually
 * finish together, are recorded in one go, and one slow endpoint holds back the others' next
 * deliveries by no more than `waitMs`); one recording runs at a time, and attempts that finish
 * meanwhile go into the next one.
 */

export interface DeliveryRunHooks<D, O> {
  /** Starts the attempts of `claimed` (all at once); one promise per delivery, which never rejects. */
  attempt(claimed: D[]): Promise<O>[];
  /** Records finished attempts; returns the deliveries claimed to be attempted next (maybe none). */
  record(outcomes: O[]): Promise<D[]>;
}

/**
 * Attempts `claimed` and whatever recording claims next, until nothing is left in flight or to
 * record. Rejects with the first error of recording or of starting attempts (attempts still in
 * flight are then left to the jobs' retry).
 */
export function runDeliveries<D, O>(claimed: D[], hooks: DeliveryRunHooks<D, O>, waitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const finished: O[] = [];
    let inFlight = 0;
    let recording = false;
    let failed = false;
    let waited = false;
    let timer: NodeJS.Timeout | undefined;

    const start = (deliveries: D[]) => {
      for (const attempt of hooks.attempt(deliveries)) {
        inFlight++;
        void attempt.then((outcome) => {
          inFlight--;
          finished.push(outcome);
          recordWhenReady();
        });
      }
    };

    const recordWhenReady = () => {
      if (failed || recording) return;
      if (finished.length === 0) {
        if (inFlight === 0) resolve();
        return;
      }
      if (inFlight > 0 && !waited) {
        timer ??= setTimeout(() => {
          timer = undefined;
          waited = true;
          recordWhenReady();
        }, waitMs);
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      waited = false;
      recording = true;
      hooks
        .record(finished.splice(0))
        .then((next) => {
          recording = false;
          start(next);
          recordWhenReady();
        })
        .catch((error: unknown) => {
          failed = true;
          clearTimeout(timer);
          reject(error);
        });
    };

    start(claimed);
    recordWhenReady();
  });
}
