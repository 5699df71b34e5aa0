import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { lintProbe } from './probe';

const eslint = new ESLint();

/** The layer-rule messages ESLint reports for a snippet placed at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => /no-restricted-(dynamic-)?(imports|globals)/.test(m.ruleId ?? ''))
    .map((m) => m.message);
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
    ["import { startSandboxServer } from '../../../sandbox/index';", 'electron/core/account/probe.ts'],
    ["export const load = () => import('../../../sandbox/index');", 'electron/core/account/probe.ts'],
    ["export const load = () => import('../../sandbox/seed/demo');", 'electron/host/probe.ts'],
    ["export const load = () => import('node:fs');", 'shared/rules/probe.ts'],
    ['export const load = () => import(`electron`);', 'electron/core/probe.ts'],
    ["export const load = () => import('../../electron/core/desk-core');", 'renderer/app/probe.ts'],
    ["export const load = () => import('../../../sandbox/demo');", 'electron/main.ts'],
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
    ["export const load = () => import('../../../sandbox/demo');", 'electron/core/account/probe.ts'],
    ["export const load = () => import('./lazy-part');", 'renderer/app/probe.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await layerErrors(code, filePath)).toEqual([]);
  });

  it('makes the lint fail on a deliberate violation', () => {
    const run = lintProbe(
      'shared/lint-probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    );
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('shared/ is pure');
  });

  it.each([
    [
      'statically',
      "import { startSandboxServer } from '../../../sandbox/index';\nexport const start = startSandboxServer;\n",
    ],
    [
      'with import()',
      "export const start = async () => (await import('../../../sandbox/index')).startSandboxServer;\n",
    ],
  ])('makes the lint fail on an electron/ file that imports sandbox/ %s', (_how, code) => {
    const run = lintProbe('electron/core/account/lint-probe.ts', code);
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("'../../../sandbox/index'");
    expect(run.stdout + run.stderr).toContain('sandbox/demo');
  });

  it('lets electron/ load the demo through its one entry point', () => {
    const run = lintProbe(
      'electron/core/account/lint-probe.ts',
      "export const start = async () => (await import('../../../sandbox/demo')).startDemo;\n",
    );
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
