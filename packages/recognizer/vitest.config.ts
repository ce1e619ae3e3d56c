import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'recognizer', include: ['src/**/*.test.ts'] } })
