import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const web = './apps/web/src';
const server = './apps/server/src';
const dirsOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = dirsOf(`${web}/features`);
const modules = dirsOf(`${server}/modules`);
/**
 * A repository file as an absolute glob: import/no-restricted-paths matches a glob zone's exceptions
 * against absolute paths and wants every one of them a glob (hence `@(ts)` for `ts`).
 */
const serverAbs = fileURLToPath(new URL(server, import.meta.url));
const repositoryFile = (name) => `${serverAbs}/modules/${name}.repository.@(ts)`;

/**
 * Server files outside repositories and db/ that may still import drizzle-orm or db/ (SQL rule).
 * Every entry says why; add one only with a reason a reviewer accepts (docs/adr/0076).
 */
const sqlOutsideRepositories = [
  // The one word-search seam (docs/search.md): it builds the statements that the companies',
  // contacts', properties' and enquiries' repositories run over the word tables.
  'apps/server/src/modules/search/word-tables.ts',
  // Process entries: open, migrate, seed, back up and restore the database as a whole.
  'apps/server/src/main.ts',
  'apps/server/src/cli/**',
];

/**
 * Files outside routes, plugins/, app.ts and main.ts that may import Fastify (its types only today):
 * each is HTTP plumbing a route calls, or the process around the app.
 */
const fastifyOutsideRoutes = [
  // The notifications stream's handler (Server-Sent Events on the raw reply), registered by notifications.routes.ts.
  'apps/server/src/modules/notifications/notifications.stream.ts',
  // Streams an export's CSV into the reply (ADR 0069).
  'apps/server/src/lib/csv.ts',
  // Frees an export's slot when its reply closes (ADR 0069).
  'apps/server/src/lib/heavy-requests.ts',
  // Shuts the app down on a signal (main.ts; ADR 0034).
  'apps/server/src/lifecycle.ts',
];

/**
 * The repositories of another module that a module may import (ADR 0076): the deal engine and the
 * verification queue write the records they apply to; addresses and party lists are parts of
 * properties, schemes and deals; the rest are read helpers or shared row types. Anything else
 * calls the other module's service.
 */
const crossModuleRepositories = {
  auth: ['notifications/notifications'],
  contacts: ['auth/auth', 'companies/companies'],
  deals: [
    'addresses/addresses',
    'properties/parties',
    'properties/properties',
    'schemes/schemes',
    'versions/versions',
  ],
  enquiries: ['comments/comments'],
  // A reminder's notification is written in the transaction that records it sent: that shared
  // transaction is what makes it arrive exactly once (ADR 0089).
  reminders: ['notifications/notifications'],
  properties: ['addresses/addresses'],
  schemes: ['addresses/addresses', 'properties/parties'],
  'tracked-retailers': ['companies/companies'],
  // An endpoint disabled for failing 5 days tells its owner in the transaction that disables it.
  webhooks: ['notifications/notifications'],
  'verification-queue': [
    'addresses/addresses',
    'history/history',
    'properties/parties',
    'properties/properties',
    'schemes/schemes',
  ],
};
/** The same, for server folders outside modules/ (bench-twins.ts, the bench's one window, is free). */
const repositoriesOutsideModules = {
  events: ['comments/comments', 'enquiry-matches/enquiry-matches', 'notifications/notifications'],
  db: ['comments/comments'],
  lib: [],
  plugins: [],
  cli: [],
};
const crossModuleMessage =
  "A module imports only its own repositories: call the other module's service, or add the pair to crossModuleRepositories (eslint.config.js) and ADR 0076 with its reason.";

/**
 * Comments say why, not which ticket: a tracker number means nothing to a reader of the code without the
 * tracker, and the decision it points at is in an ADR (cite that) or is the reason itself.
 */
const frontagePlugin = {
  rules: {
    'no-issue-refs': {
      meta: {
        type: 'suggestion',
        messages: { issue: 'Say the reason (or cite the ADR), not the issue number.' },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (/\bissues?\s+\d+/i.test(comment.value))
                context.report({ loc: comment.loc, messageId: 'issue' });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.dist-test-*/**',
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
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { frontage: frontagePlugin },
    rules: { 'frontage/no-issue-refs': 'error' },
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
    // The import direction of docs/architecture.md §2, on resolved paths (a relative path cannot slip by):
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
            ...modules.map((name) => ({
              target: `${server}/modules/${name}`,
              from: repositoryFile('*/*'),
              except: [
                repositoryFile(`${name}/*`),
                ...(crossModuleRepositories[name] ?? []).map(repositoryFile),
              ],
              message: crossModuleMessage,
            })),
            ...Object.entries(repositoriesOutsideModules).map(([dir, allowed]) => ({
              target: `${server}/${dir}`,
              from: repositoryFile('*/*'),
              except: allowed.map(repositoryFile),
              message: crossModuleMessage,
            })),
            {
              target: `${serverAbs}/!(bench-twins).ts`,
              from: repositoryFile('*/*'),
              message: crossModuleMessage,
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
    // HTTP stays in routes and plugins (docs/architecture.md): services and the rest take plain values.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.routes.ts',
      'apps/server/src/plugins/**',
      'apps/server/src/app.ts',
      'apps/server/src/main.ts',
      ...fastifyOutsideRoutes,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/*', 'fastify-*', '@fastify/*'],
              message:
                'Only routes (*.routes.ts), plugins/, app.ts and main.ts import Fastify: take plain values and throw AppErrors (lib/errors.ts), or add the file to fastifyOutsideRoutes (eslint.config.js) with its reason.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives only in repositories and db/ (docs/architecture.md, ADR 0076).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', ...sqlOutsideRepositories],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                "SQL lives only in repositories (*.repository.ts) and db/: move the query into the module's repository.",
            },
            {
              regex: '^\\.{1,2}/(.*/)?db/client$',
              allowTypeImports: true,
              message:
                "Outside repositories and db/, only the database handle's type is imported (import type { Db }): pass it to a repository.",
            },
            {
              regex: '^\\.{1,2}/(.*/)?db(/(?!client$).*)?$',
              message:
                "db/ (schema, statements, helpers) is imported only by repositories and db/ itself: move the query into the module's repository.",
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
    // The server's test files share a worker's modules (apps/server/vitest.config.ts, ADR 0108): a
    // module mocked by one file would stay mocked, or stay real, for the files after it.
    files: ['apps/server/test/**/*.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv)$/]",
          message:
            'Server test files share modules (ADR 0108): pass a dependency in (buildTestApp options) or spy and restore instead.',
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
