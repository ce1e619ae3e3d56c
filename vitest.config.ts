import { defineConfig } from 'vitest/config'

// One run over every workspace; each workspace with tests has its own vitest config (a project).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/*'],
  },
})
