import type { FrameSample } from '../support/frame-sample';

// In-page code for the frame rows (guest search keystroke, day view, status key): when the answer to an
// action reached the page and when the frame that shows it was painted.
//
// A frame begins only on the display's clock (every 16.7 ms here, in headless Chromium as on a 60 Hz
// screen), so "key → next paint" also counts the wait between the answer's commit and the next frame:
// 0–16.7 ms whatever the page does. A plain input, which does nothing, measures p95 ≈ 20 ms that way on this
// machine. The frame rows (test/bench/frame-rows.ts) therefore count the desk's part only: the action until its answer is in the page,
// plus the rendering of the frame that shows it. The wait between the two (the page idle until the display's
// next frame) is left out; the raw figure, with that wait, is reported beside it.

/** When an answer was committed to the page, when the frame showing it began, and when it was painted (performance.now). */
interface FrameTimes {
  committed: number;
  frameStart: number;
  painted: number;
}

/**
 * Watches from now (arm it before the action) until the first frame in which `done()` holds is painted.
 * The commit is seen by a MutationObserver as the answer reaches the page; if no change of the page shows
 * it (or `done()` already holds), the frame that first sees it counts as the commit, so the wait is counted.
 */
export function watchFrame(done: () => boolean): Promise<FrameTimes> {
  return new Promise((resolve) => {
    let committed: number | undefined;
    const observer = new MutationObserver(() => {
      if (committed === undefined && done()) committed = performance.now();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
    const frame = () => {
      const frameStart = performance.now();
      if (committed === undefined && !done()) {
        requestAnimationFrame(frame);
        return;
      }
      observer.disconnect();
      const commitAt = committed ?? frameStart;
      // Posted from this frame's animation callbacks, the message is handled once the frame is painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ committed: commitAt, frameStart, painted: performance.now() });
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  });
}

/** The sample of an action started at `started` whose answer `times` saw; marked 'bench sample' for a profiled run's trace. */
export function frameSample(started: number, times: FrameTimes): FrameSample {
  performance.measure('bench sample', { start: started, end: times.painted });
  return {
    raw: times.painted - started,
    work: times.committed - started + (times.painted - times.frameStart),
  };
}
