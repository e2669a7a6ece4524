// The layers of docs/architecture.md, enforced: renderer → shared ← main/core ← main/launch ← main/electron, main/web; server → shared; main/core, server → node (Node code they share).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const native = ['electron', 'better-sqlite3-multiple-ciphers'];

/** no-restricted-imports for a folder: forbidden packages and forbidden folders. */
function layer(files, { paths = [], typesOnly = [], folders = [], relative = [], regexes = [] }) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...paths.map((name) => ({
              name,
              message: `${files[0]} must not import ${name} (docs/architecture.md, Layers)`,
            })),
            ...typesOnly.map(({ name, use }) => ({ name, allowTypeImports: true, message: `use ${use} instead` })),
          ],
          patterns: [
            ...folders.map((f) => ({
              group: [`**/${f}`, `**/${f}/**`],
              message: `${files[0]} must not import from ${f} (docs/architecture.md, Layers)`,
            })),
            ...relative.map((r) => ({
              regex: `^${r.replace(/[.]/g, '\\.')}(/|$)`,
              message: `${files[0]} must not import from ${r} (docs/architecture.md, Layers)`,
            })),
            ...regexes.map((r) => ({
              regex: r,
              message: `${files[0]} must not import this (docs/architecture.md, Layers)`,
            })),
          ],
        },
      ],
    },
  };
}

/** SQLite is opened, migrated and checkpointed in one place; elsewhere only its types. */
const sqliteTypesOnly = [{ name: 'better-sqlite3-multiple-ciphers', use: 'src-node/sqlite (openSqlite, migrate)' }];
const renderer = { paths: [...nodeBuiltins, ...native, 'ky'], folders: ['src-main', 'src-server', 'src-node'] };
/** A relative import that climbs to one of the renderer's top folders. */
const upTo = (names) => `^(\\.\\./)+(${names})(/|$)`;

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layer(['src-shared/**'], {
    paths: [...nodeBuiltins, ...native, 'react', 'ky'],
    folders: ['src-main', 'src-server', 'src-renderer', 'src-node'],
  }),
  layer(['src-renderer/**'], renderer),
  // Inside the renderer: the kit knows no feature, state or bridge; state knows no view; features
  // know no frame; the bridge knows only the contract. (One rule per file: each repeats the renderer's.)
  layer(['src-renderer/components/**'], { ...renderer, regexes: [upTo('features|app|state|bridge')] }),
  layer(['src-renderer/state/**'], { ...renderer, regexes: [upTo('features|app|components')] }),
  layer(['src-renderer/bridge/**'], { ...renderer, regexes: [upTo('features|app|components|state')] }),
  layer(['src-renderer/features/**'], { ...renderer, regexes: [upTo('app')] }),
  // Node code that the app's backend and the service share (the SQLite layer): beneath both, and
  // imported only by them (the renderer and the shared contract already may not).
  layer(['src-node/**'], { paths: ['electron'], folders: ['src-main', 'src-server', 'src-renderer'] }),
  layer(['src-main/core/**'], {
    paths: ['electron'],
    typesOnly: sqliteTypesOnly,
    folders: ['src-renderer', 'src-server', 'src-main/electron', 'src-main/web', 'src-main/launch'],
    relative: ['../electron', '../web', '../launch'],
  }),
  // How both hosts start the backend (with its demo service): under them, beside core.
  layer(['src-main/launch/**'], {
    paths: ['electron'],
    folders: ['src-renderer', 'src-main/electron', 'src-main/web'],
    relative: ['../electron', '../web'],
  }),
  layer(['src-main/web/**'], {
    paths: ['electron'],
    folders: ['src-renderer', 'src-main/electron'],
    relative: ['../electron'],
  }),
  layer(['src-main/electron/**'], {
    folders: ['src-renderer', 'src-main/web'],
    relative: ['../web'],
  }),
  layer(['src-server/**'], { paths: ['electron'], typesOnly: sqliteTypesOnly, folders: ['src-main', 'src-renderer'] }),
  layer(['test/**', 'scripts/**'], { paths: ['electron'] }),
  // Command-line scripts talk to the terminal.
  { files: ['scripts/**', 'bench/**'], rules: { 'no-console': 'off' } },
  // CommonJS modules electron-builder loads by path: require is their import.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
