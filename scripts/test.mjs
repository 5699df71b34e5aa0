// `npm test`: lint, type-check, build, then every vitest suite; ends with `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureNativeModulesForNode, hasCommand, missingPrerequisite } from './prerequisites.mjs';

const vitestArgs = process.argv.slice(2);

// The keychain tests need a Secret Service: on Linux without a session bus, run ourselves inside a
// private D-Bus session with an unlocked gnome-keyring of its own (what .ci/run does explicitly).
// The keyring lives in a temporary XDG_DATA_HOME so a person's own keyring is never touched.
if (
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  !process.env.VENUE_DESK_IN_DBUS &&
  hasCommand('dbus-run-session') &&
  hasCommand('gnome-keyring-daemon')
) {
  const keyringHome = mkdtempSync(join(tmpdir(), 'venue-desk-keyring-'));
  const inner = `echo -n venue-desk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node scripts/test.mjs "$@"`;
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner, 'sh', ...vitestArgs], {
    stdio: 'inherit',
    env: { ...process.env, VENUE_DESK_IN_DBUS: '1', XDG_DATA_HOME: keyringHome },
  });
  rmSync(keyringHome, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

const missing = missingPrerequisite();
if (missing) {
  console.error(missing);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
ensureNativeModulesForNode();

/** Runs one step; on failure prints the summary line and stops. */
function step(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(result.status ?? 1);
  }
}

step('format', 'npx', ['prettier', '--check', '.']);
step('lint', 'npx', ['eslint', '.']);
step('modules (no dead exports, no import circles)', 'node', ['scripts/check-modules.mjs']);
step('type-check', 'npx', ['tsc', '-b']);
step('build', 'npm', ['run', 'build', '--silent']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
rmSync(report, { force: true });
console.log('\n▶ tests');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
  {
    stdio: 'inherit',
  },
);

let passed, failed, skipped;
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  // A file that failed to load has no test results of its own: count it once as a failure.
  const brokenFiles = results.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  failed = results.numFailedTests + brokenFiles;
  skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
} catch {
  [passed, failed, skipped] = [0, 1, 0];
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
