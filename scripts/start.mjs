// `npm start`: builds, then launches Electron; where its binary cannot be had or started, browser mode.
// `npm run dev`: the same with the renderer served by Vite and reloaded on change.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const forceBrowser = args.includes('--browser') || process.env.VENUE_DESK_BROWSER === '1';
const passThrough = args.filter((arg) => !['--dev', '--browser', '--no-build'].includes(arg));
// Electron takes the data folder too (its single-instance lock and the desk's lock are per folder).
const dataDirAt = passThrough.indexOf('--data-dir');
const electronArgs = dataDirAt >= 0 && passThrough[dataDirAt + 1] ? ['--data-dir', passThrough[dataDirAt + 1]] : [];
const require = createRequire(import.meta.url);

/** Runs a build step, stopping `npm start` with its output when it fails. */
function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The Electron executable (VENUE_DESK_ELECTRON_PATH, or electron's own, downloaded once when the machine can), or why not. */
function findElectron() {
  const override = process.env.VENUE_DESK_ELECTRON_PATH;
  if (override)
    return existsSync(override) ? { path: override } : { reason: `There is no Electron binary at ${override}` };
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const installed = () => existsSync(pathFile) && existsSync(join(packageDir, 'dist', readFileSync(pathFile, 'utf8')));
  if (!installed()) {
    const download = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (download.status !== 0 || !installed())
      return { reason: "Electron's binary is not installed and could not be downloaded" };
  }
  return { path: join(packageDir, 'dist', readFileSync(pathFile, 'utf8')) };
}

if (!args.includes('--no-build')) {
  if (!dev) run('npx', ['vite', 'build', '--logLevel', 'warn']);
  run(process.execPath, ['scripts/build-electron.mjs']);
}

const electron = forceBrowser ? { reason: null } : findElectron();
if (electron.path) {
  run('npx', ['electron-builder', 'install-app-deps']);
  const child = spawn(electron.path, ['.', ...electronArgs], {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: { ...process.env, ...(dev ? { VENUE_DESK_DEV: '1' } : {}) },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  child.on('error', (error) => startBrowserMode(`Electron could not start (${error.message})`));
  child.on('exit', (code) => {
    if (code !== 0 && /error while loading shared libraries|cannot open display|Missing X server/i.test(stderr)) {
      startBrowserMode('Electron could not start on this machine');
    } else process.exit(code ?? 0);
  });
} else {
  startBrowserMode(electron.reason);
}

/** Starts the browser-mode host in this terminal; it prints the address (with its token) to open. */
function startBrowserMode(reason) {
  console.log(reason ? `${reason}: starting browser mode instead.` : 'Starting browser mode.');
  const host = spawn(process.execPath, ['dist/host/cli.mjs', ...(dev ? ['--dev'] : []), ...passThrough], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}
