import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const workflowImportRule = [
  'error',
  {
    patterns: [
      {
        // Workflow code runs in Temporal's deterministic sandbox and is replayed: no Node built-ins, no I/O
        // packages, nothing but @temporalio/workflow and other workflow files. Types may come from anywhere.
        regex: '^(?!@temporalio/workflow$|\\./)',
        allowTypeImports: true,
        message: 'workflows/ may import only @temporalio/workflow and sibling workflow files (type-only imports are fine). Put I/O in activities/.',
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.tools/', '.data/', 'dist/', 'clients/*/dist/', 'coverage/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The console's browser code: DOM globals, no Node.
    files: ['src/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['workflows/**/*.ts', 'test/workflows/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': workflowImportRule },
  },
);
