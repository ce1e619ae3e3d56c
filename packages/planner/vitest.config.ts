import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'planner', include: ['src/**/*.test.ts'] } })
