import path from 'node:path';

// Server modules have a front door: code outside apps/server/src/modules/<domain>/ may import only that
// module's index (`<domain>/index.js`), never its repository, service or any other internal file.
const MODULES_DIR = path.join('apps', 'server', 'src', 'modules');

// The module a path belongs to ('' for files directly under modules/, null outside modules/).
function moduleOf(file, root) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? { name: parts[0], rest: parts.slice(1).join('/') } : { name: '', rest: parts[0] };
}

const isIndex = (rest) => /^index(\.(js|ts))?$/.test(rest) || rest === '';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Import another server module only through its index.ts (the module's front door)" },
    messages: {
      internal:
        "'{{source}}' reaches into module '{{target}}'. Import '{{target}}/index.js' (its front door) instead; " +
        'if what you need is not exported there, add it to the index or call its service.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const cwd = context.cwd ?? context.getCwd();
    const root = path.resolve(cwd, MODULES_DIR);
    const importer = moduleOf(path.resolve(cwd, filename), root);

    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(path.resolve(cwd, filename)), source), root);
      if (!target || target.name === '') return; // outside modules/, or modules/index.ts and deps.ts
      if (importer && importer.name === target.name) return; // inside the same module
      if (isIndex(target.rest)) return;
      context.report({ node: node.source, messageId: 'internal', data: { source, target: target.name } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
