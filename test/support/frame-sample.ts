/** One frame-row sample (test/renderer/frame-probe.ts): `raw` from the action to the paint; `work` the same without the page's idle wait for the display's next frame. */
export interface FrameSample {
  raw: number;
  work: number;
}
