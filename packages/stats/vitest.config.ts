import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'stats', include: ['src/**/*.test.ts'] } })
