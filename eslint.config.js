// The architecture's rules (docs/architecture.md#rules-the-lint-enforces), enforced by `npm run lint` and `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirsIn = (dir) =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const webFeatures = 'apps/web/src/features';
const serverModules = 'apps/server/src/modules';

// bulletproof-react's unidirectional layout: app -> features -> shared (components, lib, config), never back,
// and no feature imports another (what two features share moves to lib/ or components/).
const webZones = [
  ...dirsIn(webFeatures).map((feature) => ({
    target: `./${webFeatures}/${feature}`,
    from: `./${webFeatures}`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to lib/ or components/.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code (components, lib, config) never imports features or the app shell.',
  },
  {
    target: `./${webFeatures}`,
    from: './apps/web/src/app',
    message: 'Features never import the app shell; the app composes features.',
  },
  // Inside the shared code: components -> lib -> config, never upwards.
  {
    target: './apps/web/src/lib',
    from: './apps/web/src/components',
    message: 'lib sits below components: move what both need to lib/.',
  },
  {
    target: './apps/web/src/config',
    from: ['./apps/web/src/lib', './apps/web/src/components'],
    message: 'config sits below lib and components: fetchers belong in lib/.',
  },
];

// A module's repository is private: other code enters the module through its service.
const serverAreas = ['src', 'test'].flatMap((dir) =>
  fs.readdirSync(path.join(root, 'apps/server', dir)).map((entry) => `apps/server/${dir}/${entry}`),
);
const repoZones = dirsIn(serverModules).map((module) => ({
  target: [
    ...serverAreas.filter((area) => area !== 'apps/server/src/modules').map((area) => `./${area}`),
    ...dirsIn(serverModules).filter((other) => other !== module).map((other) => `./${serverModules}/${other}`),
  ],
  from: `./${serverModules}/${module}/**/*.repo.ts`,
  message: `A repository is private to its module: call the ${module} service instead.`,
}));

// Lower layers never reach up into a module: configuration, the database, storage, the plugins, the job
// machinery (jobs/: the queue, heartbeats, the reaper) and the shared files at the root of src (all but the
// composition roots that build and start the app, and the job registry that lists every module's jobs) hold
// what modules build on, so a module receives from them and never the other way round.
const compositionRoots = ['app.ts', 'main.ts', 'runtime.ts', 'worker.ts', 'job-registry.ts'];
const lowerLayerZone = {
  target: [
    ...fs
      .readdirSync(path.join(root, 'apps/server/src'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && !compositionRoots.includes(entry.name))
      .map((entry) => `./apps/server/src/${entry.name}`),
    ...['config', 'db', 'storage', 'plugins', 'jobs'].map((area) => `./apps/server/src/${area}`),
  ],
  from: `./${serverModules}`,
  message: 'Lower layers (config, db, storage, plugins, jobs, shared root files) never import a module: move what they need down, or let the module pass it in.',
};

// Only a module's repositories (*.repo.ts) query its tables: services, views and helpers ask a repository,
// so every query of a module is in one place. The jsonb shapes a view reads live beside the tables
// (db/stored-media.ts), not in them.
const schemaZone = {
  target: `./${serverModules}/**/!(*.repo).ts`,
  from: './apps/server/src/db/schema',
  message: 'Only repositories (*.repo.ts) import db/schema: move the query into the module\'s repository.',
};
// The job registry reaches every module's jobs: only the composition root imports it and hands it to the
// queue, so neither the job machinery nor a module loads the whole product through it.
const jobRegistryZone = {
  target: [...lowerLayerZone.target, `./${serverModules}`],
  from: './apps/server/src/job-registry.ts',
  message: 'Only the composition root (runtime.ts) imports the job registry: the queue receives it from startJobQueue, and job names are typed by JobName from jobs/job-queue.',
};

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', '**/.data-*/', 'coverage/', '.tmp/', 'apps/server/src/db/migrations/', 'scripts/test/lint-fixtures/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle and the path rules see only half the graph.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...repoZones, lowerLayerZone, schemaZone, jobRegistryZone] }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,scripts}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat.recommended],
  },
]);
