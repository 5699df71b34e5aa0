// Lint, including the layer table (README.md, "Layout and layers"): each folder may import only what its layer
// allows; no swallowed error (scripts/lint-errors.js); no function over 80 lines in the desk core.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import layers from './scripts/lint-dynamic-imports.js';
import errors from './scripts/lint-errors.js';

const nodeBuiltins = builtinModules.flatMap((name) => [name, `${name}/*`, `node:${name}`, `node:${name}/*`]);
const electronModule = {
  name: 'electron',
  message: 'Only the Electron shell files (electron/main.ts, preload.ts, shell/, ipc/) import electron.',
};
const reactModules = ['react', 'react-dom', 'react-dom/*', 'react/*', '@mantine/*', 'zustand', 'dexie'];

/** Import rules built from forbidden package names and path patterns: for import declarations and for import(). */
function restrict(message, { paths = [], patterns = [] }) {
  const options = {
    paths: paths.map((p) => (typeof p === 'string' ? { name: p, message } : p)),
    patterns: patterns.length ? [{ group: patterns, message }] : [],
  };
  return { 'no-restricted-imports': ['error', options], 'layers/no-restricted-dynamic-imports': ['error', options] };
}

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers, errors },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'errors/no-swallowed-errors': 'error',
    },
  },
  // The desk core stays in functions one can read in a sitting: a factory of many jobs is split by job.
  {
    files: ['electron/core/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // shared/: pure code for both processes.
  {
    files: ['shared/**/*.ts'],
    rules: restrict('shared/ is pure: it imports nothing of electron, node:*, the DOM, React or the other folders.', {
      paths: ['electron', ...nodeBuiltins, ...reactModules.filter((m) => !m.includes('*'))],
      patterns: [
        'node:*',
        'react/*',
        'react-dom/*',
        '@mantine/*',
        '**/electron/**',
        '**/renderer/**',
        '**/sandbox/**',
        '**/test/**',
      ],
    }),
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'navigator',
          'process',
          'Buffer',
          'require',
          '__dirname',
        ].map((name) => ({ name, message: `shared/ is pure: ${name} belongs to one side only; pass it in.` })),
      ],
    },
  },
  // renderer/: the React app, never electron/ or Node.
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: restrict(
      'renderer/ talks to the desk core only through window.desk: no electron, node:*, electron/ or sandbox/ imports.',
      {
        paths: [electronModule.name, ...nodeBuiltins],
        patterns: ['node:*', '**/electron/**', '**/sandbox/**', 'better-sqlite3', 'keytar'],
      },
    ),
  },
  // The desk core, host and shared Node helpers: plain Node, never electron; the sandbox only through its demo entry point.
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**', 'electron/ipc/**'],
    rules: restrict(
      electronModule.message +
        ' The desk core and the browser-mode host run under plain Node, and reach sandbox/ only through sandbox/demo (the demo).',
      {
        paths: [electronModule.name],
        patterns: ['**/renderer/**', 'electron/*', '**/sandbox/**', '!**/sandbox/demo'],
      },
    ),
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**/*.ts', 'electron/ipc/**/*.ts'],
    rules: restrict('The Electron shell never reaches into the renderer or the sandbox source.', {
      patterns: ['**/renderer/**', '**/sandbox/**'],
    }),
  },
  // sandbox/: the service run locally; it may use shared/rules and shared/api only.
  {
    files: ['sandbox/**/*.ts'],
    rules: restrict('sandbox/ may import shared/rules and shared/api only: it is a program of its own.', {
      paths: [electronModule.name],
      patterns: ['**/electron/**', '**/renderer/**', '**/shared/bridge/**'],
    }),
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
);
