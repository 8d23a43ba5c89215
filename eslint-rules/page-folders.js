import path from 'node:path';

// Web page folders stand side by side: a file in apps/web/src/pages/<X>/ never imports from pages/<Y>/. What two
// pages share lives below them, in components/, lib/ or navigation/ (docs/architecture.md); only app/ (the screen
// map) imports pages.
const PAGES_DIR = path.join('apps', 'web', 'src', 'pages');

// The page folder a path belongs to (null outside pages/ or for a file directly in it).
function folderOf(file, root) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A web page folder never imports from another page folder' },
    messages: {
      crossPage:
        "'{{source}}' reaches from pages/{{from}}/ into pages/{{to}}/. Move what both use to components/, lib/ or " +
        'navigation/ (or compose the two in app/).',
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd ?? context.getCwd();
    const file = path.resolve(cwd, context.filename ?? context.getFilename());
    const root = path.resolve(cwd, PAGES_DIR);
    const from = folderOf(file, root);
    if (!from) return {};

    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = folderOf(path.resolve(path.dirname(file), source), root);
      if (to && to !== from) context.report({ node: node.source, messageId: 'crossPage', data: { source, from, to } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
