import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bundles a benchmark page entry into `dir` with an index.html that loads it (served under the desk's CSP: one same-origin script). */
export async function bundleBenchPage(entry: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outfile: join(dir, 'bench.js'),
    logLevel: 'error',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><script type="module" src="./bench.js"></script></body></html>',
  );
}
