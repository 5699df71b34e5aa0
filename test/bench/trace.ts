// Profiles for the benchmarks: with BENCH_TRACE=<folder>, a bench records a Chrome performance trace of
// what it measures (open it in Chrome's Performance panel) and prints where the page's main thread spent
// its time: scripting, style, layout, paint, garbage collection, and the JavaScript functions with the most
// self time. Without BENCH_TRACE nothing is recorded and the figures are not disturbed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** The folder traces are written to, or undefined when the run is not profiled. */
export const TRACE_DIR = process.env.BENCH_TRACE || undefined;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8',
  'blink.user_timing',
  'disabled-by-default-v8.compile',
];

/** Runs `work`, recording a trace of `page` when BENCH_TRACE is set; writes `<name>.json` and prints its summary. */
export async function traced<T>(browser: Browser, page: Page, name: string, work: () => Promise<T>): Promise<T> {
  if (!TRACE_DIR) return work();
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
  let result: T;
  try {
    result = await work();
  } finally {
    const trace = await browser.stopTracing();
    mkdirSync(TRACE_DIR, { recursive: true });
    const file = join(TRACE_DIR, `${name}.json`);
    writeFileSync(file, trace);
    process.stderr.write(`trace of "${name}": ${file}\n${summariseTrace(JSON.parse(trace.toString()))}\n`);
  }
  return result;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Time the thread ran (CPU), where the trace has it. */
  tdur?: number;
  id2?: { local?: string };
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url?: string; lineNumber: number };
}

/** What each trace event's self time is counted as. */
const KIND: Record<string, string> = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  CompositeLayers: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  EvaluateScript: 'scripting',
  'v8.compile': 'scripting',
  'v8.compileModule': 'scripting',
  'v8.evaluateModule': 'scripting',
  FunctionCall: 'scripting',
  TimerFire: 'scripting',
  EventDispatch: 'scripting',
  FireAnimationFrame: 'scripting',
  RunMicrotasks: 'scripting',
  'v8.callFunction': 'scripting',
  'V8.Execute': 'scripting',
  ParseHTML: 'parsing',
};

/** Where the main thread of the page spent its time, and the JavaScript functions with the most self time. */
function summariseTrace(trace: { traceEvents: TraceEvent[] }): string {
  const events = trace.traceEvents;
  const mains = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const complete = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && mains.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byKind = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const selfOf = new Map<TraceEvent, number>();
  for (const event of complete) {
    while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) selfOf.set(parent, (selfOf.get(parent) ?? parent.dur!) - event.dur!);
    selfOf.set(event, event.dur!);
    stack.push(event);
  }
  for (const event of complete) {
    const kind = KIND[event.name] ?? 'other';
    const self = Math.max(0, selfOf.get(event) ?? 0);
    byKind.set(kind, (byKind.get(kind) ?? 0) + self);
  }
  const busy = [...byKind.values()].reduce((sum, value) => sum + value, 0);
  const lines = [`main thread busy ${ms(busy)}:`];
  for (const [kind, time] of [...byKind].sort((a, b) => b[1] - a[1]))
    lines.push(`  ${kind.padEnd(10)} ${ms(time).padStart(9)}  ${((100 * time) / busy).toFixed(0).padStart(3)}%`);
  lines.push(...sampleTimes(events, complete));
  const functions = selfTimes(events, mains);
  if (functions.length > 0) {
    lines.push('JavaScript self time (sampled):');
    for (const [where, time] of functions.slice(0, 20)) lines.push(`  ${ms(time).padStart(9)}  ${where}`);
  }
  return lines.join('\n');
}

/**
 * For each "bench sample" the page measured (performance.measure), from its start to the answer painted:
 * the wall time and the main thread's CPU time in it. On a loaded machine the wall time grows with the
 * wait for a core; the CPU time says what the work itself costs.
 */
function sampleTimes(events: TraceEvent[], main: TraceEvent[]): string[] {
  const begins = new Map<string, number>();
  const windows: Array<[number, number]> = [];
  for (const event of events) {
    if (event.name !== 'bench sample') continue;
    const id = event.id2?.local ?? event.id ?? '';
    if (event.ph === 'b') begins.set(id, event.ts);
    if (event.ph === 'e' && begins.has(id)) windows.push([begins.get(id)!, event.ts]);
  }
  if (windows.length === 0) return [];
  const tasks = main.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
  const cpu = windows.map(([start, end]) => {
    let used = 0;
    for (const task of tasks) {
      const overlap = Math.min(end, task.ts + task.dur!) - Math.max(start, task.ts);
      if (overlap > 0) used += ((task.tdur ?? task.dur!) * overlap) / task.dur!;
    }
    return used;
  });
  const wall = windows.map(([start, end]) => end - start);
  const at = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;
  return [
    `${windows.length} samples, from the action to its answer painted:`,
    `  wall time        p50 ${ms(at(wall, 50))}, p95 ${ms(at(wall, 95))}`,
    `  main thread CPU  p50 ${ms(at(cpu, 50))}, p95 ${ms(at(cpu, 95))}`,
  ];
}

/** Self time per JavaScript function from the CPU profile chunks of the main threads, largest first. */
function selfTimes(events: TraceEvent[], mains: Set<string>): Array<[string, number]> {
  const pids = new Set([...mains].map((thread) => Number(thread.split(':')[0])));
  const nodes = new Map<number, ProfileNode>();
  const times = new Map<string, number>();
  for (const event of events) {
    // The samples of a renderer's main thread come from its profiler thread (same process).
    if (event.name !== 'ProfileChunk' || !pids.has(event.pid)) continue;
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
      const file = frame.url?.split('/').at(-1) ?? '';
      const where = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      times.set(where, (times.get(where) ?? 0) + Math.max(0, deltas[index + 1] ?? deltas[index] ?? 0));
    });
  }
  return [...times].sort((a, b) => b[1] - a[1]);
}

/** Microseconds as milliseconds for reading. */
function ms(microseconds: number): string {
  return `${(microseconds / 1000).toFixed(1)} ms`;
}
