import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'sections-store/**',
      'server/drizzle/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Module boundaries (architecture.md): a module reaches another through its service,
    // passed in through server/src/services.ts, never through its queries.
    files: ['server/src/modules/**/*.ts', 'server/src/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A module's SQL lives in queries.ts or, split by sub-domain, <sub-domain>-queries.ts.
              group: [
                '../*/queries',
                '../*/*-queries',
                '../../modules/*/queries',
                '../../modules/*/*-queries',
                '../modules/*/queries',
                '../modules/*/*-queries',
              ],
              message:
                "Another module's queries: call its service (passed in through server/src/services.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['host/**/*.tsx', 'remotes/**/*.tsx', 'shared/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
