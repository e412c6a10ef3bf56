import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { modulesRule } from './eslint.boundaries.js';
import { cyclesRule } from './eslint.cycles.js';

export default tseslint.config(
  { ignores: ['dist/**', 'web/dist/**', 'node_modules/**', '.neohub/**', '.venv/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The layering: no import cycles, each module imports only what eslint.boundaries.js allows it, and
    // other modules only through their index.ts.
    files: ['src/**/*.ts', 'search-sync/**/*.ts', 'rest-compat/**/*.ts', 'graph-schema/**/*.ts'],
    plugins: { layering: { rules: { modules: modulesRule, cycles: cyclesRule } } },
    rules: { 'layering/cycles': 'error', 'layering/modules': 'error' },
  },
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The web app runs in the browser: its globals (document, location...) are the DOM's, which its own
  // type check (web/tsconfig.json) knows.
  { files: ['web/src/**'], rules: { 'no-undef': 'off' } },
  {
    files: ['**/*.mjs', 'scripts/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
