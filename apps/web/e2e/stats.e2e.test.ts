// @vitest-environment node
/**
 * Stats pages in Chromium on our server with the seed (issue #5 §1-3, §11): item → table → stage
 * page, favourites in step 1, axe-core on the item and stage pages, and the acceptance check that
 * the numbers a player sees (percentage, sanity per item, times, drops) match the API's matrix for
 * 50 (stage, item) pairs.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addTestScript, hasChromium, leaving, repoRoot, settle, setUpServerAndBrowser, watch } from './harness'
import { expectedRows, openNow, shownRows, showClosed, type MatrixRow } from './stats-rows'
interface StageRow {
  stageId: string
  zoneId: string
  apCost: number
  existence: Record<string, { exist: boolean }>
}

const chromium = hasChromium()

/** A `page.route` handler holding each request back for `ms` (a slow answer). */
const hold = (ms: number) => (route: Route) => void new Promise((r) => setTimeout(r, ms)).then(() => route.continue().catch(() => undefined))
const API = '/PenguinStats/api/v2'

/** Deterministic sample (mulberry32) so a failure can be replayed. */
const prng = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

describe.skipIf(!chromium)('stats pages in Chromium on embedded PGlite', () => {
  const e2e = setUpServerAndBrowser({})
  let ctx: BrowserContext
  let matrix: MatrixRow[]
  let stages: Map<string, StageRow>

  beforeAll(async () => {
    const raw = (await (await fetch(`${e2e.server.url}${API}/_private/result/matrix/CN/global/all`)).json()) as MatrixRow[] | { matrix: MatrixRow[] }
    matrix = Array.isArray(raw) ? raw : raw.matrix
    const stageList = (await (await fetch(`${e2e.server.url}${API}/stages?server=CN`)).json()) as StageRow[]
    stages = new Map(stageList.map((s) => [s.stageId, s]))
    ctx = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
  }, 300_000)

  afterAll(async () => {
    await ctx?.close().catch(() => undefined)
  })

  const open = async (page: Page, path: string) => {
    // What the previous page still loads at idle (its guide badge, lists) is cut off by the test.
    leaving(page)
    await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
    await page.waitForSelector('#main', { timeout: 20_000 })
    await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
  }

  it('picks an item, sees its table and opens a stage from a row', async () => {
    const page = await ctx.newPage()
    const problems = watch(page)
    await open(page, '/result/item')
    await page.click('[data-testid="item-tile"][data-item-id="30012"]')
    await page.waitForURL(/\/result\/item\/30012$/)
    await page.waitForSelector('[data-testid="stats-row"]', { timeout: 30_000 })
    const expected = matrix.filter((m) => m.itemId === '30012').length
    await expect.poll(() => page.textContent('[data-testid="filter-progress"]')).toContain(`of ${expected}`)
    // Default: stages open now, fewest sanity per item first (issue 38 §2).
    const now = Date.now()
    const openCount = matrix.filter((m) => m.itemId === '30012' && openNow(m, 'item', stages, 'CN', now)).length
    const shown = await page.$$eval('[data-testid="cell-apPPR"]', (els) => els.map((e) => parseFloat(e.textContent ?? '')))
    expect(shown.length).toBe(Math.min(10, openCount))
    expect([...shown].sort((a, b) => a - b)).toEqual(shown)
    const first = page.locator('[data-testid="stats-row"]').first()
    const stageId = await first.getAttribute('data-stage-id')
    // Leaving the item page cancels what it still loads (its queries unmount).
    leaving(page)
    await first.locator('[data-testid="row-link"]').click()
    await page.waitForURL(new RegExp(`/result/stage/[^/]+/${stageId}$`))
    // The stage page's table (stage mode: one row per item), not the item page's rows on their way out.
    await page.waitForSelector('[data-testid="data-table"][data-mode="stage"] [data-testid="stats-row"]', { timeout: 30_000 })
    expect(await page.locator('[data-mode="stage"] [data-testid="stats-row"][data-item-id="30012"]').count()).toBe(1)
    expect(await page.locator('[data-mode="stage"] [data-testid="stats-row"]').count()).toBe(
      Math.min(10, matrix.filter((m) => m.stageId === stageId && openNow(m, 'stage', stages, 'CN', now)).length),
    )
    await settle(page)
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)

  /**
   * A first visit to the item grid (fresh profile; the whole matrix held back, so the preview of tile 30012 and
   * its page read the item's slice, which `slice` answers), then `body`; `open` clicks the tile and waits for
   * its page's rows.
   */
  const onFirstGrid = async (slice: (route: Route) => unknown, body: (page: Page, tile: Locator, problems: string[], open: () => Promise<void>) => Promise<void>) => {
    const fresh = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    try {
      const page = await fresh.newPage()
      const problems = watch(page)
      await page.route('**/_private/result/matrix/**', hold(20_000))
      await page.route('**/result/matrix?*itemFilter=30012*', slice)
      await page.goto(`${e2e.server.url}/result/item`)
      const tile = page.locator('[data-testid="item-tile"][data-item-id="30012"]')
      const open = async () => {
        await tile.click()
        await page.waitForURL(/\/result\/item\/30012$/)
        await page.waitForSelector('[data-testid="stats-row"]', { timeout: 30_000 })
      }
      await body(page, tile, problems, open)
    } finally {
      await fresh.close()
    }
  }

  it("a tile hovered then clicked: its page takes over the preview's request, not a second one", async () => {
    // The slice is slowed so the click comes while it is on its way.
    await onFirstGrid(hold(1_500), async (page, tile, problems, open) => {
      const slices: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('itemFilter=30012')) slices.push(r.url())
      })
      const asked = page.waitForRequest((r) => r.url().includes('itemFilter=30012'), { timeout: 30_000 })
      await tile.hover()
      await asked
      await open()
      expect(slices).toHaveLength(1)
      expect(problems).toEqual([])
    })
  }, 120_000)

  it("a preview's slice cut off by the server (both tries) does not stick: the tile's page asks again and shows its rows", async () => {
    // Since the slice is not cancelled with its preview, its failure lands in the cache with no page
    // on screen; the page opened later must not read that failure as its answer.
    let cut = 0
    await onFirstGrid(
      (route) => (++cut <= 2 ? route.abort('connectionreset') : route.continue()),
      async (page, tile, problems, open) => {
        await tile.hover()
        await expect.poll(() => cut, { timeout: 30_000 }).toBe(2)
        await page.mouse.move(0, 0)
        await open()
        expect(cut).toBe(3)
        expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
        // The two cut-off tries (Chromium also writes each to the console), and nothing else.
        expect(problems.filter((p) => !p.endsWith('net::ERR_CONNECTION_RESET'))).toEqual([])
        expect(problems.filter((p) => /^requestfailed: GET .*itemFilter=30012 /.test(p))).toHaveLength(2)
      },
    )
  }, 120_000)

  it('favourites a stage and finds it in step 1 with the history', async () => {
    const page = await ctx.newPage()
    const problems = watch(page)
    await open(page, '/result/stage/main_1/main_01-07')
    await page.click('[data-testid="favourite-toggle"]')
    expect(await page.getAttribute('[data-testid="favourite-toggle"]', 'aria-pressed')).toBe('true')
    await page.click('[data-testid="back-to-selector"]')
    await page.waitForSelector('[data-testid="stage-selector"]')
    expect(await page.locator('[data-testid="favourite-stages"] [data-stage-id="main_01-07"]').count()).toBe(1)
    expect(await page.locator('[data-testid="history-stages"] [data-stage-id="main_01-07"]').count()).toBe(1)
    // Step 1 → step 2 through a zone panel: the mainline tab list is grouped by sub-type.
    await page.click('[data-testid="favourite-stages"] [data-stage-id="main_01-07"]')
    await page.waitForURL(/\/result\/stage\/main_1\/main_01-07$/)
    await page.waitForSelector('[data-testid="stage-details"]')
    expect(await page.locator('[data-testid="advanced-link"]').getAttribute('href')).toBe('/advanced?stage=main_01-07')
    expect(await page.locator('[data-testid="report-link"]').count()).toBe(1)
    await settle(page)
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)

  it('shows the numbers of the API matrix for 50 (stage, item) pairs', async () => {
    const rand = prng(20261121)
    const byStage = new Map<string, MatrixRow[]>()
    for (const m of matrix) {
      const s = stages.get(m.stageId)
      if (!s || m.times <= 0 || m.stageId === 'recruit' || !s.existence.CN?.exist) continue
      byStage.set(m.stageId, [...(byStage.get(m.stageId) ?? []), m])
    }
    const candidates = [...byStage.entries()].filter(([, rows]) => rows.length >= 5)
    const chosen: [string, MatrixRow[]][] = []
    while (chosen.length < 10 && candidates.length) chosen.push(candidates.splice(Math.floor(rand() * candidates.length), 1)[0]!)
    const page = await ctx.newPage()
    const problems = watch(page)
    let checked = 0
    for (const [stageId, rows] of chosen) {
      const stage = stages.get(stageId)!
      await open(page, `/result/stage/${stage.zoneId}/${stageId}`)
      await page.waitForSelector('[data-testid="stats-row"]', { timeout: 30_000 })
      await showClosed(page)
      if (rows.length > 10) {
        await page.click('[data-testid="page-size"] [role="combobox"]')
        await page.click('li[role="option"][data-value="-1"]')
      }
      await expect.poll(() => page.locator('[data-testid="stats-row"]').count()).toBe(rows.length)
      const seen = await page.$$eval('[data-testid="stats-row"]', (trs) =>
        trs.map((tr) => ({
          itemId: tr.getAttribute('data-item-id'),
          percentage: tr.querySelector('[data-testid="cell-percentage"]')?.textContent ?? null,
          apPPR: tr.querySelector('[data-testid="cell-apPPR"]')?.textContent ?? null,
          times: tr.querySelector('[data-testid="cell-times"]')?.textContent ?? null,
          quantity: tr.querySelector('[data-testid="cell-quantity"]')?.textContent ?? null,
        })),
      )
      const sample = [...rows].sort(() => rand() - 0.5).slice(0, 5)
      for (const m of sample) {
        const cell = seen.find((s) => s.itemId === m.itemId)
        expect(cell, `${stageId}/${m.itemId}`).toBeDefined()
        const rate = m.quantity / m.times
        const pct = +rate.toFixed(5)
        expect(cell!.percentage, `${stageId}/${m.itemId} percentage`).toBe(`${(pct * 100).toFixed(2)}%`)
        expect(Math.abs(parseFloat(cell!.percentage!) - rate * 100)).toBeLessThanOrEqual(0.0056)
        expect(Number(cell!.times!.replace(/\D/g, '')), `${stageId}/${m.itemId} times`).toBe(m.times)
        expect(Number(cell!.quantity!.replace(/\D/g, '')), `${stageId}/${m.itemId} quantity`).toBe(m.quantity)
        if (m.quantity === 0 || stage.apCost === 99) expect(cell!.apPPR).toBeNull()
        else {
          expect(cell!.apPPR, `${stageId}/${m.itemId} apPPR`).toBe((stage.apCost / pct).toFixed(2))
          // Within the spec's roundings (percentage to 5 decimals, then 2 decimals) of the exact cost per item.
          const exact = (stage.apCost * m.times) / m.quantity
          expect(Math.abs(Number(cell!.apPPR) - exact)).toBeLessThanOrEqual(exact * (0.0000051 / pct) + 0.0051)
        }
        checked++
      }
    }
    expect(checked).toBe(50)
    expect(problems).toEqual([])
    await page.close()
  }, 240_000)

  it('a shared link shows the API numbers from its own rows, before the whole matrix (issue 21)', async () => {
    for (const { path, mode, id } of [
      { path: '/result/item/30012', mode: 'item', id: '30012' },
      { path: '/result/stage/main_1/main_01-07', mode: 'stage', id: 'main_01-07' },
      { path: '/result/item/30073', mode: 'item', id: '30073' },
    ] as const) {
      // A fresh profile: nothing in the data cache, as for a visitor following a link.
      const fresh = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
      const page = await fresh.newPage()
      const problems = watch(page)
      // When the page's body shows (the hold lets go), by the page's own clock.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-testid="page-hold"][data-ready="true"]')) return
          ;(window as unknown as { readyAt: number }).readyAt = performance.now()
          observer.disconnect()
        }).observe(document, { subtree: true, childList: true, attributes: true })
      })
      await page.goto(`${e2e.server.url}${path}`)
      await page.waitForSelector('[data-testid="page-hold"][data-ready="true"]', { timeout: 30_000 })
      const { readyAt, requests } = await page.evaluate(() => ({
        readyAt: (window as unknown as { readyAt: number }).readyAt,
        requests: performance.getEntriesByType('resource').map((r) => ({ url: new URL(r.name).pathname + new URL(r.name).search, at: r.startTime })),
      }))
      const slice = requests.find((r) => r.url.startsWith(`${API}/result/matrix?`) && r.url.includes(`${mode === 'item' ? 'itemFilter' : 'stageFilter'}=${id}`))
      // The page arrived rendered by the server with its slice (wide screen: rendered afresh from it), or as the plain app that asked for it.
      const carried = await page.evaluate(() => document.getElementById('dropwise-page-data') !== null)
      if (carried) expect(slice, path).toBeUndefined()
      else {
        expect(slice, path).toBeDefined()
        expect(slice!.at).toBeLessThan(readyAt)
      }
      // The whole matrix follows once the page shows, not before.
      expect(
        requests.filter((r) => r.url.includes('/_private/result/matrix/') && r.at < readyAt),
        path,
      ).toEqual([])
      const expected = expectedRows(matrix, mode, id)
      await showClosed(page)
      expect(await shownRows(page, expected.length), path).toEqual(expected)
      await settle(page)
      expect(problems).toEqual([])
      await fresh.close()
    }
  }, 180_000)

  it('axe-core finds no serious or critical violation on the item and stage pages', async () => {
    const axe = readFileSync(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8')
    const page = await ctx.newPage()
    const report: string[] = []
    for (const path of ['/result/item', '/result/item/30012', '/result/stage', '/result/stage/main_1/main_01-07']) {
      await open(page, path)
      await settle(page)
      await addTestScript(page, axe)
      const violations = await page.evaluate(async () => {
        type Run = (ctx: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>
        const w = window as unknown as { axe: { run: Run } }
        // The whole page: its content, the shared data-source toggles and the shell around it.
        const r = await w.axe.run(document)
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
      })
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') report.push(`${path}: ${v.id} (${v.impact}) ${v.targets.join(', ')}`)
    }
    expect(report).toEqual([])
    await page.close()
  }, 180_000)
})
