// @vitest-environment node
/**
 * The built start chunk is evaluated in two tasks (src/lib/evaluation-break.ts): its one top-level
 * await comes after the libraries (React Query, i18next, react-router) and before the app's own code.
 * An app module imported by the break, or a bundler that orders modules differently, would move it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWebBuild, webDist } from './harness'

describe('the start chunk', () => {
  let code = ''
  beforeAll(() => {
    ensureWebBuild()
    const file = readdirSync(join(webDist, 'assets')).find((f) => /^start-[\w-]+\.js$/.test(f))
    expect(file, 'dist/assets/start-*.js').toBeDefined()
    code = readFileSync(join(webDist, 'assets', file!), 'utf8')
  }, 600_000)

  it('breaks its evaluation once, after the libraries and before the app', () => {
    const breaks = [...code.matchAll(/await new Promise\(\(?(\w+)\)?\s*=>\s*setTimeout\(\1,\s*0\)\)/g)].map((m) => m.index)
    expect(breaks).toHaveLength(1)
    const at = breaks[0]!
    // Strings each part keeps when minified: React Query's, i18next's and react-router's messages; the app's settings key.
    for (const library of ['No QueryClient set', 'i18next::', 'useRoutes() may be used only']) {
      const index = code.indexOf(library)
      expect(index, library).toBeGreaterThan(-1)
      expect(index, library).toBeLessThan(at)
    }
    expect(code.indexOf('penguin-stats-settings')).toBeGreaterThan(at)
  })
})
