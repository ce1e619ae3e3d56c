import { defineConfig } from 'vitest/config'

// One run over every workspace; each workspace with tests has its own vitest config (a project).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/*'],
    // Server test files each build an app over a real database: two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Off unless asked for (`--coverage`), so `npm test` costs what it did. CI measures the packages with
    // their own tests only (`vitest run --project planner --project recognizer … --coverage`, .ci/run): code
    // the server's tests happen to run does not count. Floors just under the figures measured when they were
    // set (issue 18): raise them when coverage grows, never lower them to let a change through.
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      // Test helpers and the index files that only pick the public surface.
      exclude: ['**/*.test.ts', '**/testing/**', '**/index.ts'],
      reporter: ['text-summary'],
      reportsDirectory: 'coverage',
      // Measured 2026-11-25 (statements / branches / functions / lines, %): planner 94.64 / 78.78 / 97.77 / 96.95,
      // recognizer 97.4 / 87.25 / 99.03 / 99.52, report 100 everywhere, schemas 98.46 / 77.77 / 88.46 / 98.89,
      // stats 99.48 / 95.72 / 100 / 99.68.
      thresholds: {
        'packages/planner/src/**': { statements: 94, branches: 78, functions: 97, lines: 96 },
        'packages/recognizer/src/**': { statements: 97, branches: 87, functions: 99, lines: 99 },
        'packages/report/src/**': { statements: 99, branches: 99, functions: 99, lines: 99 },
        'packages/schemas/src/**': { statements: 98, branches: 77, functions: 88, lines: 98 },
        'packages/stats/src/**': { statements: 99, branches: 95, functions: 99, lines: 99 },
      },
    },
  },
})
