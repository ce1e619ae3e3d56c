// Shared lint rules for every workspace. Kept small: type errors are tsc's job.
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import localRules from './local-rules.js'
import serverBoundaries from './server-boundaries.js'

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // No god files (issue 18): a source file that outgrows 300 lines is split by what its parts do.
      'max-lines': ['error', { max: 300 }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read the environment only in config/env.ts.' },
      ],
    },
  },
  {
    files: ['**/config/env.ts', 'scripts/**', 'bench/**', '**/*.test.ts', '**/vitest.config.ts', '**/cli/**', '**/cli.ts', '**/vite.config.ts', '**/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/**/*.ts'],
    ignores: ['packages/**/*.test.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'http', '@dropwise/*/src/*'] }],
    },
  },
  {
    // Only the two classic rules (the plugin's recommended set adds the React Compiler's rules).
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...localRules,
  ...serverBoundaries,
)
