// `npm run bench [suite]`: runs test/bench/run.ts under tsx and prints the table.
import { spawnSync } from 'node:child_process';
import { ensureNativeModulesForNode } from './prerequisites.mjs';

ensureNativeModulesForNode();
const result = spawnSync('npx', ['tsx', 'test/bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
