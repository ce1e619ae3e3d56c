import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file builds its own app and database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
