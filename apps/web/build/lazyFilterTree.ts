import type { Plugin } from 'vite';

// antd's Table draws a column's filter menu with FilterDropdown, which imports Tree for `filterMode: 'tree'` only;
// the import is static, so every table brought Tree and @rc-component/tree's component (about 14 KiB gzipped) onto
// the first screen although no column of this portal has a filter menu. Here that one import becomes a component
// that loads Tree when it is first drawn (inside its own Suspense, so a tree filter would still work).
const FILTER_DROPDOWN = /\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/;
const TREE_IMPORT = "import Tree from '../../../tree';";
const LAZY_TREE = [
  "const LazyTree = React.lazy(() => import('../../../tree'));",
  'const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));',
].join('\n');

export function lazyTreeInFilterDropdown(code: string): string {
  if (!code.includes(TREE_IMPORT) || !/^import \* as React from 'react';$/m.test(code))
    throw new Error(
      "antd's FilterDropdown changed: lazyFilterTree no longer applies (apps/web/build/lazyFilterTree.ts)",
    );
  return code.replace(TREE_IMPORT, LAZY_TREE);
}

export function lazyFilterTree(): Plugin {
  return {
    name: 'study-crm-lazy-filter-tree',
    apply: 'build',
    transform(code, id) {
      return FILTER_DROPDOWN.test(id) ? { code: lazyTreeInFilterDropdown(code), map: null } : null;
    },
  };
}
