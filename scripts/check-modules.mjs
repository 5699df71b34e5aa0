// `node scripts/check-modules.mjs`: no dead exports and no import circles in the project's TypeScript.
// Reads every tracked .ts/.tsx file with TypeScript's own parser (no type-checking, so it is quick):
//   * an exported value (function, constant, class, enum) no other file imports is dead (un-export it, or
//     delete it), unless its file is an entry point that tools load by path (tests, configs, the Electron
//     shell, workers, bench pages, scripts). Types are left out: TypeScript's declaration output needs a
//     type exported wherever another module's exported value uses it, even when no file imports it by name;
//   * files that import each other, directly or round a loop, type-only imports included, are a circle:
//     the types or helpers they share belong in a file of their own.
// Prints what it found and exits 1 when anything is; `npm test` runs it beside lint.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** Files tools load by path: their exports are for those tools, not for other files. */
const ENTRY_POINTS = [
  /\.test\.tsx?$/,
  /(^|\/)bench-page\.tsx?$/,
  /^test\/bench\/run\.ts$/,
  /^[^/]+\.config\.ts$/,
  /^electron\/(main|preload)\.ts$/,
  /^renderer\/main\.tsx$/,
  /worker\.ts$/,
  /^sandbox\/cli\.ts$/,
  /^scripts\//,
  // The service client's public surface (shared/api/README.md): what a program using the client may import.
  /^shared\/api\/index\.ts$/,
];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.endsWith('.d.ts') && existsSync(file));
const known = new Set(files);

/** The project file a relative specifier names, or null for a package. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (known.has(candidate)) return candidate;
  return null;
}

/** Whether a declaration carries `export`. */
function isExported(node) {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Everything a file exports by name (with where its `export` keyword is), and what it takes from other files (`*` for all of a file). */
function readModule(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const exports = new Set();
  const keywords = new Map(); // name → [start, end] of its declaration's `export ` keyword
  const uses = []; // { file, name }
  const use = (specifier, name) => {
    const target = resolve(file, specifier);
    if (target) uses.push({ file: target, name });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (!clause) use(spec, '*');
      else {
        if (clause.name) use(spec, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(spec, '*');
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) use(spec, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
      if (!node.exportClause) {
        if (spec) use(spec, '*');
      } else if (ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) {
          if (!node.isTypeOnly && !element.isTypeOnly) exports.add(element.name.text);
          if (spec) use(spec, (element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isExportAssignment(node)) {
      exports.add('default');
    } else if (isExported(node) && !ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node)) {
      const keyword = ts.getModifiers(node).find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const names = ts.isVariableStatement(node)
        ? node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
        : node.name && ts.isIdentifier(node.name)
          ? [node.name.text]
          : [];
      for (const name of names) {
        exports.add(name);
        if (names.length === 1) keywords.set(name, [keyword.getStart(source), keyword.getEnd() + 1]);
      }
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) use(argument.text, '*');
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      use(node.argument.literal.text, '*');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exports, uses, keywords };
}

const modules = new Map(files.map((file) => [file, readModule(file)]));
const used = new Map(); // file → Set of names taken by other files
for (const [file, { uses }] of modules)
  for (const entry of uses) {
    if (entry.file === file) continue;
    if (!used.has(entry.file)) used.set(entry.file, new Set());
    used.get(entry.file).add(entry.name);
  }

const dead = [];
for (const [file, { exports, keywords }] of modules) {
  if (ENTRY_POINTS.some((pattern) => pattern.test(file))) continue;
  const taken = used.get(file) ?? new Set();
  if (taken.has('*')) continue;
  for (const name of exports) {
    if (taken.has(name)) continue;
    dead.push(`${file}: ${name}`);
    const span = keywords.get(name);
    if (process.argv.includes('--positions') && span) console.log(`position: ${file} ${name} ${span[0]} ${span[1]}`);
  }
}

/** Strongly connected components of the import graph with more than one file (Tarjan). */
function circles() {
  const graph = new Map([...modules].map(([file, { uses }]) => [file, [...new Set(uses.map((u) => u.file))]]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

const loops = circles();
for (const line of dead) console.log(`unused export: ${line}`);
for (const loop of loops) console.log(`import circle: ${loop.join(' ↔ ')}`);
console.log(
  `modules: ${files.length} files, ${dead.length} unused export${dead.length === 1 ? '' : 's'}, ${loops.length} import circle${loops.length === 1 ? '' : 's'}`,
);
process.exit(dead.length > 0 || loops.length > 0 ? 1 : 0);
