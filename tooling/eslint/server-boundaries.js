// Server layering (issue 18): SQL lives in repositories. Kysely and its `sql` tag may be imported only by
// repositories (`*.repository.ts`), the database layer (`src/db/`, the handle in `src/db/db.ts`), stores that keep
// their state in the database (`*.store.ts`: reports/idempotency.store.ts) and tests or test helpers.
// Mappers turn rows into contract types and may import Kysely's row types (`Generated`), nothing else.
// Routes, services and workers also never take the database handle: they receive repositories.
// Nothing points upward: `lib/`, `db/` and `config/` know no module, plugin or the app that wires them.

const SERVER = 'apps/server/src/**/*.ts'
const KYSELY_MESSAGE = 'SQL belongs in a *.repository.ts (or src/db/, a *.store.ts): import kysely only there.'

const kysely = (allowTypeImports) => ({
  paths: [{ name: 'kysely', message: KYSELY_MESSAGE, allowTypeImports }],
  patterns: [{ group: ['kysely/*'], message: KYSELY_MESSAGE, allowTypeImports }],
})

const UPWARD = {
  group: ['**/modules/**', '**/plugins/**', '**/app', '**/server', '**/bootstrap'],
  message: 'lib/, db/ and config/ sit below the modules and plugins: pass what they need in, do not import upward.',
}

const SQL_ALLOWED = [
  'apps/server/src/**/*.repository.ts',
  'apps/server/src/db/**',
  'apps/server/src/**/*.store.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.test-data.ts',
  'apps/server/src/testing/**',
]

export default [
  {
    files: [SERVER],
    ignores: [...SQL_ALLOWED, 'apps/server/src/**/*.mapper.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', kysely(false)] },
  },
  {
    files: ['apps/server/src/**/*.mapper.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', kysely(true)] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.service.ts', 'apps/server/src/**/*.worker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...kysely(false),
          patterns: [
            ...kysely(false).patterns,
            { group: ['**/db/db', '**/db/database'], message: 'Routes, services and workers receive repositories, not the database handle or its row types.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/config/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...kysely(false), patterns: [...kysely(false).patterns, UPWARD] }] },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UPWARD] }] },
  },
]
