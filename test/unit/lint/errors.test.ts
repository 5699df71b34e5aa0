import { describe, expect, it } from 'vitest';
import { lintProbe } from './probe';

describe('lint refuses a swallowed error', () => {
  it.each([
    ['an empty catch block', 'export function read(f: () => void): void {\n  try {\n    f();\n  } catch {}\n}\n'],
    [
      'an empty catch block with a binding',
      'export function read(f: () => void): void {\n  try {\n    f();\n  } catch (error) {}\n}\n',
    ],
    ['.catch(() => {})', 'export const load = (p: Promise<void>) => p.catch(() => {});\n'],
    ['.catch(() => undefined)', 'export const load = (p: Promise<void>) => p.catch(() => undefined);\n'],
    [
      'a then whose rejection handler drops the error',
      'export const load = (p: Promise<number>) => p.then((n) => n, () => 0);\n',
    ],
  ])('fails on %s', (_what, code) => {
    const run = lintProbe('renderer/stores/lint-probe.ts', code);
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('errors/no-swallowed-errors');
  });

  it.each([
    [
      'a comment inside the empty catch',
      'export function read(f: () => void): void {\n  try {\n    f();\n  } catch {\n    // a missing file is the default\n  }\n}\n',
    ],
    [
      'a reason on the line of the handler',
      'export const load = (p: Promise<void>) => p.catch(() => undefined); // the answer is sent already\n',
    ],
    [
      'a handler that reports the error',
      'export const load = (p: Promise<void>, report: (e: unknown) => void) => p.catch((error: unknown) => report(error));\n',
    ],
    [
      'a handler that throws another error',
      "export const load = (p: Promise<void>) =>\n  p.catch(() => {\n    throw new Error('The body could not be read');\n  });\n",
    ],
  ])('passes %s', (_what, code) => {
    const run = lintProbe('renderer/stores/lint-probe.ts', code);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('lint keeps desk-core functions short', () => {
  it('fails on a function over 80 lines in electron/core', () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const returned = Array.from({ length: 85 }, (_, i) => `v${i}`).join(' + ');
    const run = lintProbe(
      'electron/core/probe/lint-probe.ts',
      `export function long(): number {\n${body}\n  return ${returned};\n}\n`,
    );
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('max-lines-per-function');
  });
});
