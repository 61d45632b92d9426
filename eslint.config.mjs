// ESLint for the whole repository (`npm run lint`, with dependency-cruiser for the architecture's
// import rules: .dependency-cruiser.cjs, docs/architecture.md#boundaries).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', '.nx/**', 'e2e/artifacts/**', '**/*.d.ts']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-mutable-exports': 'error',
      // `_name` marks a parameter or binding kept for its position or its type.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Ports are abstract classes and Nest injects by class: an empty subclass or a class with only
      // a constructor is how a module names a token, and `{}` bodies stand for "no payload".
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // TypeORM and Nest name classes as `Function` in their own APIs (entities, migrations, providers,
      // metadata): code handing classes to them says it the same way.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // Control characters are refused on purpose in several places (PostgreSQL text cannot hold NUL,
      // headers and logs must not carry them), always through a character class that names them.
      'no-control-regex': 'off',
      // Node's CommonJS helpers bind built-in modules to their global names (`const crypto = require('node:crypto')`).
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    // Type-aware rules: each file is read with the types of the tsconfig.json of its project (the one
    // `npm run typecheck` checks). A promise nobody awaits loses its rejection, a promise handed where
    // a plain callback is expected (an event handler, `forEach`) is never awaited, and a switch over a
    // union must name every member, so a new state cannot slip past it.
    files: ['**/*.{ts,tsx}', 'e2e/support/**/*.js'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // contracts/ is shared by the backend and the frontends: plain TypeScript that imports only its own
    // files, no package (framework or other) and no Node built-in (docs/architecture.md#contracts;
    // dependency-cruiser checks that its relative imports stay inside it).
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?![.]{1,2}/)', message: 'contracts/ imports only its own files: no package, no Node built-in (docs/architecture.md#contracts).' }] },
      ],
    },
  },
  {
    files: ['frontends/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{mjs,cjs,js}', 'backend/**/*.ts', 'e2e/**/*.ts', 'frontends/*/build/**', 'frontends/*/rspack.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS: .cjs files, and the browser specs' plain-JS support and Jest hooks.
    files: ['**/*.cjs', 'e2e/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // The whole-system specs read the JSON answers of a running server and the page's own globals
    // (`window.axe`), whose shapes their assertions check: a type for each adds nothing they test.
    files: ['e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
