import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs scripts/check-modules.mjs over a small tree of files written in a temporary git folder. */
function checkTree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'modules-probe-'));
  try {
    spawnSync('git', ['init', '-q'], { cwd: root });
    for (const [path, code] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), code);
    }
    return spawnSync(process.execPath, [resolve('scripts/check-modules.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: resolve('node_modules') },
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the module check in npm test', () => {
  it('fails on an export no other file imports', () => {
    const run = checkTree({
      'shared/rules/a.ts':
        'export function used(): number {\n  return 1;\n}\nexport function forgotten(): number {\n  return 2;\n}\n',
      'shared/rules/b.ts': "import { used } from './a';\nexport const b = used();\n",
      'shared/rules/c.test.ts': "import { b } from './b';\nexport const c = b;\n",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('unused export: shared/rules/a.ts: forgotten');
    expect(run.stdout).not.toContain('a.ts: used');
  });

  it('fails on files that import each other, type-only imports included', () => {
    const run = checkTree({
      'renderer/db/x.ts': "import type { Y } from './y';\nexport interface X {\n  y?: Y;\n}\n",
      'renderer/db/y.ts': "import type { X } from './x';\nexport interface Y {\n  x?: X;\n}\n",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('import circle: renderer/db/x.ts ↔ renderer/db/y.ts');
  });

  it('passes a tree where every export is used and nothing loops', () => {
    const run = checkTree({
      'shared/rules/a.ts': 'export function used(): number {\n  return 1;\n}\n',
      'shared/rules/a.test.ts': "import { used } from './a';\nexport const value = used();\n",
    });
    expect(run.stdout).toContain('0 unused exports');
    expect(run.status).toBe(0);
  });
});
