// Code rules. The layers of docs/architecture.md are checked on resolved paths by dependency-cruiser
// (.dependency-cruiser.cjs, `npm run deps`).
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // Checked with the types, everywhere (tests included: a missing await before expect passes
  // silently): no promise dropped, none passed where a plain callback is expected, nothing awaited
  // that is not one, every case of a union handled, no condition the types say is settled.
  {
    files: ['**/*.{ts,tsx,mts}'],
    // Not in a TypeScript project (it imports the other config by its .mts name).
    ignores: ['vitest.postgres.config.mts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.web.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Every word a person reads comes from the catalogs (docs/i18n.md): no literal text in JSX or in
  // the attributes that are read or shown.
  {
    files: ['src-renderer/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [
              [
                '*',
                '{label,placeholder,title,alt,aria-label,aria-description,aria-valuetext,textValue,description,errorMessage,caption,hint,emptyText}',
              ],
            ],
          },
        },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-plurals': 'error',
    },
  },
  // Command-line scripts talk to the terminal.
  { files: ['scripts/**', 'bench/**'], rules: { 'no-console': 'off' } },
  // CommonJS modules electron-builder loads by path: require is their import.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
