// Lint: TypeScript rules, React hooks, and the architecture's one-way arrows (architecture.md): engine and domain
// import nothing of ours; src and server never import each other, and share the API's schemas through api-contract/
// (which imports only domain/; src takes only its types); the staff console (staff/, a second web entry) and the
// borrower app (src/) never import each other; no import cycles anywhere; a path that leaves its top folder goes through
// the # alias.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import local from './scripts/lint/import-alias.js';
import prettier from 'eslint-config-prettier/flat';

const ours = [
  'config',
  'forms',
  'locales',
  'domain',
  'engine',
  'src',
  'staff',
  'server',
  'scripts',
  'tests',
  'api-contract',
];
const others = (...allowed) => ours.filter((dir) => !allowed.includes(dir)).map((dir) => `./${dir}`);
/** Refuses imports of the router library (react-router-dom and the react-router it re-exports), with a message. */
const routerImports = (message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message })),
      patterns: [{ group: ['react-router/*', 'react-router-dom/*'], message }],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'config/types/**', 'src/sw-template.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, local },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // One alias for the repository's top folders (package.json "imports": `#domain/money.ts`), not `../../` chains.
      'local/import-alias': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './engine',
              from: others('engine'),
              message: 'engine/ imports nothing of ours (architecture.md).',
            },
            {
              target: './domain',
              from: others('domain'),
              message: 'domain/ imports nothing of ours (architecture.md).',
            },
            {
              target: './src',
              from: ['./server', './scripts', './tests'],
              message: 'src/ never imports server/, scripts/ or tests/.',
            },
            {
              target: './src',
              from: './staff',
              message:
                'src/ (the borrower app) never imports staff/ (the staff console): a second entry with its own bundle.',
            },
            {
              target: './staff',
              from: ['./src', './server', './scripts', './tests'],
              message:
                'staff/ never imports src/, server/, scripts/ or tests/: what both web apps need lives in engine/, domain/, config/, forms/ or locales/.',
            },
            {
              target: './server',
              from: ['./src', './staff', './scripts', './tests'],
              message: 'server/ never imports src/, staff/, scripts/ or tests/.',
            },
            {
              target: './server',
              from: './engine',
              except: [
                './validation',
                './flow',
                './studio',
                './widgets/widget-meta.ts',
                './widgets/widget-label-keys.ts',
                './widgets/widget-names.ts',
              ],
              message:
                "server/ may use only engine/validation, engine/flow, engine/studio (pure, no React) and the widgets' metadata (engine/widgets/widget-meta.ts), never their React loaders (registry.ts).",
            },
            { target: './config', from: others('config'), message: 'config/ is data: it imports nothing of ours.' },
            {
              target: './api-contract',
              from: others('api-contract', 'domain'),
              message:
                'api-contract/ (the API contract shared by server and src) imports nothing of ours but domain/ (pure: its lists, such as the staff roles, written once).',
            },
          ],
        },
      ],
    },
  },
  {
    // The app imports react-router-dom's API from src/router.ts, one place to read what of it the app uses (src/link.tsx,
    // the app's Link, is re-exported there).
    files: ['src/**'],
    ignores: ['src/router.ts', 'src/link.tsx'],
    rules: routerImports('Import navigation from src/router.ts.'),
  },
  {
    // The engine knows no router: screens and the shell hand it paths and callbacks (engine/ui/bottom-nav.tsx).
    files: ['engine/**'],
    rules: routerImports('engine/ takes navigation as props and callbacks, not from a router.'),
  },
  {
    // The web apps take the API's types from api-contract/, never its schema objects: they would grow the bundle.
    files: ['src/**', 'staff/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-contract/*', '\\#api-contract/*'],
              allowTypeImports: true,
              message: 'src/ and staff/ import only types from api-contract/ (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Test fixtures may be shared across layers; production code may not.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  // Layout is Prettier's (npm run format; npm run lint checks it): no lint rule argues with it.
  prettier,
);
