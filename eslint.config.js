import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import moduleFrontDoor from './eslint-rules/module-front-door.js';
import pageFolders from './eslint-rules/page-folders.js';

// The portal runs on the plain router over its guarded history (navigation/history.ts, decision 109): the data
// router's hooks would throw there.
const dataRouterHooks = {
  name: 'react-router',
  importNames: [
    'useBlocker',
    'useNavigation',
    'useMatches',
    'useLoaderData',
    'useFetcher',
    'useRevalidator',
    'useRouteError',
  ],
  message: 'The portal has no data router: guard leaving a screen with navigation/history.ts (decision 109).',
};

// Toasts and dialogs go through lib/feedback.ts (decision 115): antd's <App> and App.useApp() would bring the
// message, modal and notification code back into the first screen.
const antdApp = {
  name: 'antd',
  importNames: ['App', 'notification'],
  message: 'Show toasts and dialogs with toast/dialog from lib/feedback.ts (decision 115).',
};

// Lazy components load through components/lazyPart.ts (decision 116): React.lazy keeps a chunk that did not arrive
// failed for good.
const reactLazy = {
  name: 'react',
  importNames: ['lazy'],
  message: 'Load a component lazily with lazyPart from components/lazyPart.ts (decision 116).',
};

// The project's own rules (eslint-rules/).
const local = { rules: { 'module-front-door': moduleFrontDoor, 'page-folders': pageFolders } };

// An object literal that starts with a spread and has more after it (decision 297).
const LEADING_SPREAD = "ObjectExpression[properties.0.type='SpreadElement'][properties.length>1]";
const SPREAD_MESSAGE =
  'A spread followed by more fields is slow on Node 20 (decision 297): Object.assign(fresh, { … }) or Object.assign({}, row, { … })';
const SPREAD_IN_ROW_MAP = {
  selector: `CallExpression[callee.property.name=/^(map|flatMap)$/] ${LEADING_SPREAD}`,
  message: SPREAD_MESSAGE,
};
const SPREAD_IN_MAPPER = { selector: LEADING_SPREAD, message: SPREAD_MESSAGE };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app keeps to the current APIs of antd, React and the browser (antd 6 still accepts, with a console
    // warning, what its next major removes). Type-aware, so only here; locale files are data whose keys
    // (`bold`, …) shadow deprecated string methods.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/locale.ts', '**/*-locale.ts', '**/locales/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-deprecated': 'error' },
  },
  {
    // Web layers (docs/architecture.md): app/ (router, frame, screen map) is the top and imports the pages; nothing
    // below it imports app/. components/ is the UI kit: it never imports from pages/ either.
    files: ['apps/web/src/{pages,navigation,locales,stores,api,lib}/**/*.{ts,tsx}', 'apps/web/src/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [dataRouterHooks, antdApp, reactLazy], patterns: ['**/app/**'] }],
    },
  },
  {
    // Page folders stand side by side: what two pages share lives in components/, lib/ or navigation/.
    files: ['apps/web/src/pages/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/page-folders': 'error' },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [dataRouterHooks, antdApp, reactLazy], patterns: ['**/pages/**', '**/app/**'] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [dataRouterHooks, antdApp, reactLazy] }] },
  },
  {
    // Server layers: the HTTP contract, the database and lib/ sit below the modules and never import them (app.ts
    // hands the hooks the session service); the seed sits above them.
    files: ['apps/server/src/{http,db,lib}/**/*.ts', 'apps/server/src/config.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/modules/**', '**/seed/**'] }] },
  },
  {
    // Issue 43, decision 297: on Node 20 an object made by a leading spread costs about a microsecond for each field
    // added after it (`{ ...row, x }`), which a list pays on every row. A row's mapping (a .map callback, a mapper)
    // adds its fields with Object.assign instead.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', SPREAD_IN_ROW_MAP] },
  },
  {
    files: ['apps/server/src/**/*.mapper.ts'],
    rules: { 'no-restricted-syntax': ['error', SPREAD_IN_ROW_MAP, SPREAD_IN_MAPPER] },
  },
  {
    // Server modules: another module is reached only through its index.ts (docs/architecture.md).
    files: ['apps/server/**/*.ts', 'e2e/**/*.ts'],
    plugins: { local },
    rules: { 'local/module-front-door': 'error' },
  },
);
