import { defineProject } from 'vitest/config'

export default defineProject({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __APP_COMMIT__: JSON.stringify('test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    environment: 'happy-dom',
    // Browser journeys (e2e/) wait up to 30 s for one step themselves; on a loaded 2-core machine a
    // journey of several such steps needs more than Vitest's test budget of 30 s.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
