import { version } from 'kafkajs/package.json';
import RequestQueue from 'kafkajs/src/network/requestQueue';

/** The kafkajs release whose request queue this corrects (the last one; kafkajs is unmaintained). */
export const PATCHED_KAFKAJS_VERSION = '2.2.4';

/** How often a connection looks for timed-out requests (kafkajs: every 100 ms). */
export const REQUEST_TIMEOUT_CHECK_MS = 1000;

let patched = false;

/**
 * Stops kafkajs' request queue from waking an idle process, once per process (KafkaService calls
 * this on import). Every broker connection of kafkajs 2.2.4 keeps two timers going:
 *
 * - After each response it schedules a look at its pending requests with a delay of
 *   `throttledUntil - Date.now()`, which is negative when nothing is throttled: Node runs it after
 *   1 ms, it schedules itself again, and so each connection wakes the event loop about 900 times a
 *   second for as long as it lives. A consumer's connections never go idle (its fetch long-polls),
 *   so this alone made an idle service use ~2.5 % of a core (tulios/kafkajs#1556, #1704; the fixes,
 *   #1667 and #1768, were never released). Now the look is scheduled only when a request waits for
 *   a throttle or an in-flight slot, as the code intends; a request that cannot go out at once is
 *   still queued with its check (push), and the queue is still drained as responses arrive.
 * - It checks for timed-out requests every 100 ms, in flight or not. Once a second is plenty for
 *   time-outs of 30 s and more (requestTimeout; a fetch adds its max wait to it).
 */
export function patchKafkajsTimers(): void {
  if (patched || version !== PATCHED_KAFKAJS_VERSION) return;
  patched = true;
  const queue = RequestQueue.prototype;

  const scheduleCheckPendingRequests = queue.scheduleCheckPendingRequests;
  queue.scheduleCheckPendingRequests = function (this: RequestQueue) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    scheduleCheckPendingRequests.call(this);
  };

  // The same check as kafkajs', at a coarser interval.
  queue.scheduleRequestTimeoutCheck = function (this: RequestQueue) {
    if (!this.enforceRequestTimeout) return;
    this.destroy();
    this.requestTimeoutIntervalId = setInterval(
      () => {
        const now = Date.now();
        this.inflight.forEach((request) => {
          if (now - request.sentAt > request.requestTimeout) request.timeoutRequest();
        });
        if (!this.isConnected()) this.destroy();
      },
      Math.min(this.requestTimeout, REQUEST_TIMEOUT_CHECK_MS),
    );
  };
}
