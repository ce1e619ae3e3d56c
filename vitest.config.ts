import { defineConfig } from 'vitest/config'

// One run over every workspace; each workspace with tests has its own vitest config (a project).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/*'],
    // Server test files each build an app over a real database: two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
