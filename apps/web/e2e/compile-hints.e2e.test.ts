// @vitest-environment node
/**
 * The built app marks the code of a first load for eager compilation (build-plugins/compile-hints.ts):
 * the hint is the first line of the entry, of every page's chunk the server renders or pre-renders, and of
 * their gzip and brotli copies (what the server sends); code loaded on demand only (the charts) is not marked.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT } from '../build-plugins/compile-hints'
import { ensureWebBuild, webDist } from './harness'

describe('compile hints in the build', () => {
  let files: string[] = []
  const assets = join(webDist, 'assets')
  const hinted = (name: string) => readFileSync(join(assets, name), 'utf8').startsWith(`${COMPILE_HINT}\n`)
  beforeAll(() => {
    ensureWebBuild()
    files = readdirSync(assets)
  }, 600_000)

  it('marks the start chunk and the pages of a first load, and their compressed copies', () => {
    for (const page of ['start', 'home', 'stats-pages', 'report-pages', 'planner-page', 'site-stats-page', 'search-page', 'advanced-page']) {
      const name = files.find((f) => new RegExp(`^${page}-[\\w-]+\\.js$`).test(f))
      expect(name, page).toBeDefined()
      expect(hinted(name!), name).toBe(true)
      // Whatever encoding a client accepts, the server sends a copy that starts with the hint.
      for (const [ext, decode] of [
        ['gz', gunzipSync],
        ['br', brotliDecompressSync],
      ] as const)
        if (files.includes(`${name}.${ext}`))
          expect(
            decode(readFileSync(join(assets, `${name}.${ext}`)))
              .toString('utf8')
              .startsWith(COMPILE_HINT),
            `${name}.${ext}`,
          ).toBe(true)
    }
  })

  it('leaves code loaded on demand alone: the charts, the recognition page', () => {
    const onDemand = files.filter((f) => /^(echart|trend-chart|trend-dialog|efficiency-chart|recognition-page)-[\w-]+\.js$/.test(f))
    expect(onDemand.length).toBe(5)
    for (const name of onDemand) expect(hinted(name), name).toBe(false)
  })
})
