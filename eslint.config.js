import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

const web = './apps/web/src';
const server = './apps/server/src';
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The import direction of ARCHITECTURE.md §2, on resolved paths (a relative path cannot slip by):
    // web: app → features → entities → components/lib; features never import each other;
    // server: routes never import repositories or db/.
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `${web}/features/${name}`,
              from: `${web}/features`,
              except: [`./${name}`],
              message:
                'Features never import other features: move the shared piece to entities/ or components/.',
            })),
            {
              target: [`${web}/features`, `${web}/entities`, `${web}/components`, `${web}/lib`],
              from: `${web}/app`,
              message: 'Only app/ knows the route table and the shell.',
            },
            {
              target: [`${web}/entities`, `${web}/components`, `${web}/lib`],
              from: `${web}/features`,
              message: 'entities/, components/ and lib/ are used by features, never the other way round.',
            },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: `${web}/entities`,
              message: 'components/ and lib/ hold generic UI and plumbing: no domain code.',
            },
            {
              target: `${web}/lib`,
              from: `${web}/components`,
              message: 'lib/ is below components/.',
            },
            {
              target: `${server}/modules/**/*.routes.ts`,
              from: [`${server}/modules/**/*.repository.ts`, `${server}/db/**`],
              message: 'Routes call services; SQL and the database handle stay behind them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The bench runs the server's SQL only through its one list of twins (apps/server/src/bench-twins.ts).
    files: ['bench/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { typescript: { project: ['bench/tsconfig.json'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './bench',
              from: `${server}/modules`,
              except: ['./auth/account.service.ts'],
              message: 'The bench takes the SQL it runs raw from apps/server/src/bench-twins.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services own business rules and transactions, not HTTP (ARCHITECTURE.md §3).
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/*', 'fastify-*', '@fastify/*'],
              message: 'Services never import Fastify: take plain values, throw AppErrors.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small files with names that say what they hold; data tables and tests are exempt.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['packages/shared/src/currencies.ts', 'apps/server/src/db/seed/*data.ts', 'bench/dataset/**'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // packages/shared depends only on zod.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', '@mui/*'],
              message: 'packages/shared depends only on zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'apps/server/src/cli/**/*.ts',
      'apps/server/src/db/seed/cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
