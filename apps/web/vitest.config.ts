import { defineProject } from 'vitest/config'

export default defineProject({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __APP_COMMIT__: JSON.stringify('test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    environment: 'happy-dom',
    // Browser journeys (e2e/) wait up to 30 s for one step themselves (90 s for a navigation,
    // e2e/harness.ts); on a loaded 2-core machine a journey of several such steps needs more than
    // Vitest's test budget of 30 s, and on a slow day (CI 2026-11-27) more than 120 s.
    testTimeout: 240_000,
    hookTimeout: 300_000,
    // `expect.poll` waits 1 s by default. In CI two test files, their servers and Chromium share the 2 cores,
    // and a page's answer to a click (opening the page-size menu, choosing "All", drawing 20 rows) took
    // longer than that (stats.e2e, 2026-11-27; 0.6-1.2 s here with the CPU throttled 6×). A choice that is
    // lost still fails: the rows never change.
    expect: { poll: { timeout: 10_000 } },
    // A failed `expect(problems).toEqual([])` names what went wrong in CI's one-line summary, not `[ Array(1) ]`.
    chaiConfig: { truncateThreshold: 0 },
  },
})
