// Shared lint rules for every workspace. Kept small: type errors are tsc's job.
import tseslint from 'typescript-eslint'
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
  ...serverBoundaries,
)
