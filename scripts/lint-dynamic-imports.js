// A local ESLint rule: no-restricted-imports for `import()`. ESLint's rule sees import declarations,
// export-from and require-less TypeScript imports, but not dynamic import() expressions; this one
// takes the same options (paths and patterns) and applies them to import() with a literal source.
import ignore from 'ignore';

/** The literal module name of an import() expression, or undefined when it is computed. */
function literalSource(source) {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0].value.cooked;
  return undefined;
}

/** The rule, with the options of no-restricted-imports (object form: paths and patterns). */
export const noRestrictedDynamicImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Applies no-restricted-imports paths and patterns to import() expressions' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const { paths = [], patterns = [] } = context.options[0] ?? {};
    const groups = patterns.map(({ group, message }) => ({
      matcher: ignore({ allowRelativePaths: true }).add(group),
      message,
    }));
    return {
      ImportExpression(node) {
        const name = literalSource(node.source);
        if (name === undefined) return;
        const path = paths.find((entry) => entry.name === name);
        const group = path ? undefined : groups.find(({ matcher }) => matcher.ignores(name));
        const reason = path ?? group;
        if (reason)
          context.report({
            node,
            message: `'${name}' import() is restricted from being used. ${reason.message ?? ''}`.trim(),
          });
      },
    };
  },
};

/** The plugin that carries the rule in eslint.config.js. */
export default { rules: { 'no-restricted-dynamic-imports': noRestrictedDynamicImports } };
