// Bundles the Electron main process, the preload and the browser-mode host with esbuild.
// Everything but the native modules is bundled, so the packaged app ships only those in node_modules.
import { build } from 'esbuild';

const native = ['electron', 'better-sqlite3', 'keytar', 'bufferutil', 'utf-8-validate', 'vite'];
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: native,
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', format: 'cjs' }),
  // The sandboxed preload may require only 'electron'.
  build({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    format: 'cjs',
    minify: true,
    external: ['electron'],
  }),
  build({
    ...common,
    entryPoints: ['electron/host/cli.ts'],
    outfile: 'dist/host/cli.mjs',
    format: 'esm',
    // Bundled CommonJS code may call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  }),
]);
