import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A change goes through web/src/api/useMutation.ts, which sends one request at a time. */
const oneMutationAtATime = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message:
    'Use useMutation from web/src/api/useMutation.ts: it ignores a second click while the first is sent.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      'data/',
      'e2e/test-results/',
      'e2e/.tmp/',
      'server/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['server/tsconfig.json', 'web/tsconfig.json', 'contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app in layers, top to bottom: app (the shell: App, router, screen registry) → layout (the
    // frame) and pages (one folder per screen) → components (shared parts and state) → api → i18n.
    // Imports point down only, and a page never imports another page.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: dirname(fileURLToPath(import.meta.url)),
          zones: [
            {
              target: [
                'web/src/layout',
                'web/src/pages',
                'web/src/components',
                'web/src/api',
                'web/src/i18n',
              ],
              from: 'web/src/app',
              message: 'Only the shell (web/src/app) imports the shell.',
            },
            {
              target: ['web/src/layout', 'web/src/components', 'web/src/api', 'web/src/i18n'],
              from: 'web/src/pages',
              message:
                'Pages are imported by the screen registry only; move what is shared to web/src/components.',
            },
            {
              target: ['web/src/pages', 'web/src/components', 'web/src/api', 'web/src/i18n'],
              from: 'web/src/layout',
              message: 'The frame is for the shell; move what is shared to web/src/components.',
            },
            {
              target: ['web/src/api', 'web/src/i18n'],
              from: 'web/src/components',
              message: 'The API client and the strings sit below the shared components.',
            },
            { target: 'web/src/i18n', from: 'web/src/api', message: 'The strings sit below the API client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/useMutation.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneMutationAtATime] }] },
  },
  {
    // Page folders are flat: `../x` from a page leaves its folder for another page's.
    files: ['web/src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneMutationAtATime],
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message: 'A page never imports from another page; move what they share to web/src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/scripts/**', 'server/**', 'e2e/**', 'contract/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
