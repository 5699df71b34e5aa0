// A local ESLint rule: no swallowed error. An empty `catch {}` or a promise handler that drops the error
// (`.catch(() => {})`, `.catch(() => undefined)`, `.then(ok, () => null)`) hides the next real fault.
// Handle the error or report it; where ignoring it is right, a comment on that line says why.

/** Whether a function drops what it is given: an empty body, or no parameter and no throw of its own. */
function dropsTheError(fn) {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return false;
  const block = fn.body.type === 'BlockStatement' ? fn.body.body : null;
  if (block && block.length === 0) return true;
  const throwsInstead = block !== null && block.some((statement) => statement.type === 'ThrowStatement');
  return fn.params.length === 0 && !throwsInstead;
}

/** Whether a comment sits on one of these lines or inside the node. */
function hasComment(sourceCode, node, lines) {
  return sourceCode
    .getAllComments()
    .some(
      (comment) =>
        lines.includes(comment.loc.start.line) ||
        (comment.range[0] >= node.range[0] && comment.range[1] <= node.range[1]),
    );
}

/** The rule: empty catch blocks, and promise rejection handlers that drop the error, need a reason on their line. */
export const noSwallowedErrors = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Refuses empty catch blocks and rejection handlers that drop the error, unless a comment says why',
    },
    schema: [],
    messages: {
      emptyCatch:
        'An empty catch hides the error. Handle it or report it; if ignoring it is right, say why in a comment inside it.',
      droppedRejection:
        "This handler drops the error. Handle it or report it (reportBackgroundFailure, the form's error); if ignoring it is right, say why in a comment on this line.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      CatchClause(node) {
        if (node.body.body.length === 0 && !hasComment(sourceCode, node.body, []))
          context.report({ node, messageId: 'emptyCatch' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const handler =
          callee.property.name === 'catch'
            ? node.arguments[0]
            : callee.property.name === 'then'
              ? node.arguments[1]
              : null;
        if (!handler || !dropsTheError(handler)) return;
        const lines = [handler.loc.start.line, handler.loc.end.line, callee.property.loc.start.line];
        if (!hasComment(sourceCode, handler, lines)) context.report({ node: handler, messageId: 'droppedRejection' });
      },
    };
  },
};

/** The plugin that carries the rule in eslint.config.js. */
export default { rules: { 'no-swallowed-errors': noSwallowedErrors } };
