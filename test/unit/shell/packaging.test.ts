// Packaged builds (issue 10, item 6): Electron's fuses in electron-builder.yml, and no development features when packaged.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, developmentFeatures } from '../../../electron/shell/development';

const require = createRequire(import.meta.url);
// The parser electron-builder itself reads its YAML config with.
const { load } = require('js-yaml') as { load(text: string): unknown };
const config = load(readFileSync('electron-builder.yml', 'utf8')) as { electronFuses?: Record<string, unknown> };
const fuseSchema = (
  require('app-builder-lib/scheme.json') as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } }
).definitions.FuseOptionsV1;

describe('electron-builder.yml', () => {
  const expected: Record<string, boolean> = {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
  };
  for (const [fuse, value] of Object.entries(expected)) {
    it(`sets the ${fuse} fuse to ${value}`, () => {
      expect(config.electronFuses?.[fuse]).toBe(value);
    });
  }

  it('names only fuses electron-builder knows (a misspelt one would be ignored)', () => {
    expect(Object.keys(fuseSchema.properties)).toEqual(expect.arrayContaining(Object.keys(config.electronFuses ?? {})));
  });
});

describe('development features', () => {
  it('a packaged app ignores VENUE_DESK_DEV_URL and has no DevTools', () => {
    expect(developmentFeatures(true, { VENUE_DESK_DEV_URL: 'http://127.0.0.1:5173/' })).toEqual({
      devUrl: undefined,
      devTools: false,
    });
    expect(developmentFeatures(false, { VENUE_DESK_DEV_URL: 'http://127.0.0.1:5173/' })).toEqual({
      devUrl: 'http://127.0.0.1:5173/',
      devTools: true,
    });
  });

  it('the packaged menu has no reload or DevTools; the development one keeps the standard View menu', () => {
    const roles = (template: ReturnType<typeof appMenuTemplate>): string[] =>
      template.flatMap((item) => [
        String(item.role ?? item.label),
        ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
      ]);
    const packaged = roles(appMenuTemplate({ devTools: false }, 'linux'));
    expect(packaged).not.toContain('viewMenu');
    expect(packaged.filter((role) => /devtools|reload/i.test(role))).toEqual([]);
    expect(packaged).toEqual(expect.arrayContaining(['editMenu', 'zoomIn', 'togglefullscreen']));
    expect(roles(appMenuTemplate({ devTools: true }, 'linux'))).toContain('viewMenu');
  });
});
