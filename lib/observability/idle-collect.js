// @ts-check
/**
 * One full garbage collection when the web server falls quiet (issue 32, point 6: the idle app within 250 MB).
 * After a burst of requests V8 keeps the heap it grew for them until allocation makes it collect again, and an
 * idle server allocates almost nothing, so between a clinic's visits it would sit on memory that holds only
 * garbage. When no request has been in flight for `idleMs` after at least one was served, this runs one full
 * collection (scripts/server.js starts node with --expose-gc through SERVER_NODE_FLAGS); V8 then returns the
 * emptied pages. Never while a request is in flight, and at most once per quiet spell. Without --expose-gc it
 * does nothing.
 */

/**
 * @param {{ idleMs?: number, gc?: (() => void) | undefined, setTimer?: typeof setTimeout, clearTimer?: typeof clearTimeout }} [options]
 * @returns {{ started(): void, finished(): void, readonly collections: number }}
 */
function idleCollector(options = {}) {
  const idleMs = options.idleMs ?? 10_000;
  const gc = options.gc ?? /** @type {(() => void) | undefined} */ (globalThis.gc);
  const setTimer = options.setTimer ?? setTimeout;
  const clearTimer = options.clearTimer ?? clearTimeout;
  let inFlight = 0;
  let served = false;
  let collections = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  const collect = () => {
    timer = null;
    if (inFlight > 0 || !served || !gc) return;
    served = false;
    collections += 1;
    gc();
  };
  return {
    started() {
      inFlight += 1;
      if (timer) clearTimer(timer);
      timer = null;
    },
    finished() {
      inFlight = Math.max(0, inFlight - 1);
      served = true;
      if (inFlight > 0 || !gc) return;
      if (timer) clearTimer(timer);
      timer = setTimer(collect, idleMs);
      // A quiet server may still exit: the timer never keeps it alive.
      if (typeof timer === 'object' && timer && 'unref' in timer) timer.unref();
    },
    get collections() {
      return collections;
    },
  };
}

module.exports = { idleCollector };
