import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The layer-rule messages ESLint reports for a snippet placed at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => /no-restricted-(imports|globals)/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('the layer table is enforced by lint', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';", 'shared/rules/probe.ts'],
    ["import fs from 'fs';", 'shared/api/probe.ts'],
    ["import { app } from 'electron';", 'shared/bridge/probe.ts'],
    ["import { useState } from 'react';", 'shared/rules/probe.ts'],
    ["import { x } from '../../electron/core/desk-core';", 'shared/api/probe.ts'],
    ['export const title = document.title;', 'shared/rules/probe.ts'],
    ["import { ipcRenderer } from 'electron';", 'renderer/app/probe.ts'],
    ["import { join } from 'node:path';", 'renderer/app/probe.ts'],
    ["import { createDeskCore } from '../../electron/core/desk-core';", 'renderer/app/probe.ts'],
    ["import { app } from 'electron';", 'electron/core/probe.ts'],
    ["import { app } from 'electron';", 'electron/host/probe.ts'],
    ["import { createDeskCore } from '../electron/core/desk-core';", 'sandbox/probe.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await layerErrors(code, filePath)).not.toEqual([]);
  });

  it.each([
    ["import { z } from 'zod';", 'shared/bridge/probe.ts'],
    ["import { app } from 'electron';", 'electron/main.ts'],
    ["import { ipcMain } from 'electron';", 'electron/ipc/probe.ts'],
    ["import { readFileSync } from 'node:fs';", 'electron/core/probe.ts'],
    ["import { channels } from '../../shared/bridge/contract';", 'renderer/app/probe.ts'],
    ["import { isValidEmail } from '../shared/rules/email';", 'sandbox/probe.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await layerErrors(code, filePath)).toEqual([]);
  });

  it('makes `npm run lint` fail on a deliberate violation', () => {
    const probe = `shared/lint-probe-${process.pid}.ts`;
    writeFileSync(probe, "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
    try {
      const run = spawnSync('npm', ['run', 'lint', '--silent', '--', probe], { encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('shared/ is pure');
    } finally {
      rmSync(probe, { force: true });
    }
  });
});
