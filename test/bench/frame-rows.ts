import type { FrameSample } from '../support/frame-sample';
import { percentile, type BenchRow } from './table';

/** One frame. */
const FRAME_MS = 16;

/**
 * The rows of a frame benchmark (test/renderer/frame-probe.ts): `name` counts the desk's part (action to answer
 * committed, plus the frame that shows it) and must be within one frame at p95; beside it, for scale and with
 * no target, the same samples counted to the display's next frame. A baseline of frame samples is counted
 * the same way in each row; a baseline of plain durations is the same in both.
 */
export function frameRows(
  name: string,
  samples: FrameSample[],
  baseline: FrameSample[] | number[],
  baselineName: string,
): BenchRow[] {
  const p95 = (values: number[]) => percentile(values, 95);
  const work = p95(samples.map((sample) => sample.work));
  const baselineOf = (part: keyof FrameSample) =>
    p95(baseline.map((sample) => (typeof sample === 'number' ? sample : sample[part])));
  return [
    {
      name,
      value: work,
      baseline: baselineOf('work'),
      baselineName,
      unit: 'ms',
      target: `p95 ≤ ${FRAME_MS} ms (${samples.length} samples)`,
      met: work <= FRAME_MS,
    },
    {
      name: `${name}, with the wait for the display's next frame (for scale)`,
      value: p95(samples.map((sample) => sample.raw)),
      baseline: baselineOf('raw'),
      baselineName,
      unit: 'ms',
    },
  ];
}
