import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import moduleFrontDoor from './eslint-rules/module-front-door.js';

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
    // components/ is the UI kit: it never imports from pages/.
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/pages/**'] }] },
  },
  {
    // Server modules: another module is reached only through its index.ts (docs/architecture.md).
    files: ['apps/server/**/*.ts', 'e2e/**/*.ts'],
    plugins: { local: { rules: { 'module-front-door': moduleFrontDoor } } },
    rules: { 'local/module-front-door': 'error' },
  },
);
