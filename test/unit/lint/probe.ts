import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * Runs the project's lint (its eslint.config.js, as `npm run lint` does) on a probe written in a
 * temporary folder laid out like the tree, so the working tree is never touched.
 */
export function lintProbe(relativePath: string, code: string) {
  const root = mkdtempSync(join(tmpdir(), 'lint-probe-'));
  try {
    mkdirSync(dirname(join(root, relativePath)), { recursive: true });
    writeFileSync(join(root, relativePath), code);
    const eslintBin = resolve('node_modules/.bin/eslint');
    return spawnSync(eslintBin, ['--config', resolve('eslint.config.js'), relativePath], {
      cwd: root,
      encoding: 'utf8',
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
