// @vitest-environment node
/**
 * The planner read as a player (issue 38 §8), in Chromium on our server: no control floats over a field
 * at 1366 × 900 or 390 × 844, wherever the page is scrolled; the sanity in the plan's header is what the
 * listed runs × the stages' costs add up to; what the stock lacks for the crafts is said once.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const API = '/PenguinStats/api/v2'
// Orirock Concentration, Loxic Kohl, Coagulating Gel: a plan over three stages with crafts.
const NEEDS: [string, number][] = [
  ['30014', 10],
  ['30073', 5],
  ['31013', 3],
]
const CUBE = '30012'
const CLUSTER = '30013'
const ORIROCK = '30011'

const type = async (page: Page, testId: string, value: number) => {
  const input = page.getByTestId(testId)
  await input.click()
  await input.fill(String(value))
  await input.blur()
}

const livePlan = (page: Page) =>
  page.waitForSelector('[data-testid="planner-live"][data-state="fresh"][aria-busy="false"] [data-testid="planner-totals"]', { timeout: 30_000 })

/**
 * At the current scroll position, the fields (inputs, and the item cards) lying wholly on screen that
 * something else is drawn over, at their centre or an inner corner. What covers them may be a bar that
 * spans the content column at the top or bottom edge of the window (the app bar, a sticky bar): that
 * is the edge of the visible area, not a cover.
 */
const coveredFields = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')
    if (!main) return ['no main']
    const width = main.getBoundingClientRect().width
    const vh = window.innerHeight
    const vw = window.innerWidth
    const barOf = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        const pos = getComputedStyle(e).position
        if (pos !== 'fixed' && pos !== 'sticky') continue
        const r = e.getBoundingClientRect()
        return r.width >= 0.9 * width && (r.top <= 1 || r.bottom >= vh - 1)
      }
      return false
    }
    // A switch's input is drawn wider than the switch (MUI): its thumb stands for it.
    const fields = [
      ...main.querySelectorAll('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea'),
      ...[...main.querySelectorAll('input[type="checkbox"], input[type="radio"]')].flatMap((e) => (e.parentElement ? [e.parentElement] : [])),
      ...[...main.querySelectorAll('[data-testid]')].filter((e) => /^planner-item-\d/.test(e.getAttribute('data-testid') ?? '')),
    ]
    const covered: string[] = []
    for (const field of fields) {
      const r = field.getBoundingClientRect()
      if (r.width < 4 || r.height < 4 || r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw) continue
      const points = [
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        [r.left + 3, r.top + 3],
        [r.right - 3, r.top + 3],
        [r.left + 3, r.bottom - 3],
        [r.right - 3, r.bottom - 3],
      ] as const
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y)
        if (!hit || field.contains(hit) || hit.contains(field) || barOf(hit)) continue
        const name = field.getAttribute('data-testid') ?? field.closest('[data-testid]')?.getAttribute('data-testid') ?? field.tagName
        const by = hit.closest('[data-testid]')?.getAttribute('data-testid') ?? hit.tagName
        covered.push(`${name} under ${by} at ${window.scrollY}`)
        break
      }
    }
    return covered
  })

describe.skipIf(!hasChromium())('the planner, read as a player', () => {
  const e2e = setUpServerAndBrowser()

  it.each([
    [1366, 900],
    [390, 844],
  ])(
    'at %i × %i nothing is drawn over a field, from the top of the page to its end',
    async (width, height) => {
      const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width, height }, serviceWorkers: 'block' })
      const page = await ctx.newPage()
      const problems = watch(page)
      await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
      await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })
      for (const [id, n] of NEEDS) await type(page, `planner-need-${id}`, n)
      await livePlan(page)
      const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
      const covered: string[] = []
      const positions = [...Array.from({ length: Math.ceil(max / (height / 2)) }, (_, i) => i * (height / 2)), max]
      for (const y of positions) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await page.waitForFunction((top) => Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) < 2, y)
        covered.push(...(await coveredFields(page)))
      }
      expect(covered).toEqual([])
      // The last row's fields at the end of the page can be typed into.
      const last = page.locator('[data-testid^="planner-have-"]').last()
      await last.click({ trial: true, timeout: 5_000 })
      await settle(page)
      expect(problems).toEqual([])
    },
    60_000,
  )

  it("the header's sanity is the listed runs × the stages' costs; missing materials are said once", async () => {
    const stages = (await (await fetch(`${e2e.server.url}${API}/stages?server=CN`)).json()) as { stageId: string; apCost: number }[]
    const apCost = new Map(stages.map((s) => [s.stageId, s.apCost]))
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
    await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })

    /** Σ runs × cost over the stage cards, read as a player reads them, and the header's figure. */
    const reconcile = async (scope: string) => {
      const read = await page.$$eval(`${scope} [data-testid="planner-stages"] > li`, (cards) =>
        cards.map((card) => ({
          stageId: decodeURIComponent((card.querySelector('a')?.getAttribute('href') ?? '').split('/').pop() ?? ''),
          runs: Number(/×\s*([\d,]+)/.exec(card.textContent ?? '')?.[1]?.replace(/,/g, '') ?? NaN),
        })),
      )
      const header = Number((await page.locator(`${scope} [data-testid="planner-total-cost"]`).first().textContent())?.replace(/,/g, ''))
      expect(read.length).toBeGreaterThan(1)
      for (const r of read) expect(apCost.get(r.stageId), r.stageId).toBeGreaterThan(0)
      return { header, sum: read.reduce((s, r) => s + r.runs * (apCost.get(r.stageId) ?? NaN), 0), stages: read.length }
    }

    for (const [id, n] of NEEDS) await type(page, `planner-need-${id}`, n)
    await livePlan(page)
    const live = await reconcile('[data-testid="planner-live"]')
    expect(live.stages).toBeLessThanOrEqual(6)
    expect(live.header).toBe(live.sum)

    await page.getByTestId('planner-open-result').click()
    const dialog = '[data-testid="planner-result-dialog"]'
    await page.waitForSelector(`${dialog} [data-testid="planner-stages"]`, { timeout: 30_000 })
    const full = await reconcile(dialog)
    expect(full).toEqual(live)
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()

    // 7 clusters with 12 cubes: the plan crafts 1 cube from 3 Orirock and 7 clusters from 35 cubes, and
    // the stock has neither: one summary names each missing material once; both Craft buttons are off.
    await page.getByTestId('planner-open-reset').click()
    await page.getByRole('dialog').getByLabel('Reset every need and have').check()
    await page.getByRole('dialog').getByRole('button', { name: 'Reset', exact: true }).click()
    await type(page, `planner-need-${CLUSTER}`, 7)
    await type(page, `planner-have-${CUBE}`, 12)
    await livePlan(page)
    await page.getByTestId('planner-open-result').click()
    await page.getByRole('tab', { name: 'Crafting' }).click()
    await page.waitForSelector(`${dialog} [data-testid="planner-syntheses"]`)
    const summary = page.locator(`${dialog} [data-testid="planner-craft-shortage"]`)
    expect(await summary.count()).toBe(1)
    expect(await page.locator(`${dialog} [data-testid="planner-synthesis"]`).count()).toBe(2)
    const missing = await summary
      .locator('[data-testid="planner-craft-missing"]')
      .evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-item-id'), li.textContent]))
    expect(missing).toEqual([
      [ORIROCK, 'Orirock: 3 more (the crafts use 3, you have 0)'],
      [CUBE, 'Orirock Cube: 23 more (the crafts use 35, you have 12)'],
    ])
    for (const id of [CUBE, CLUSTER]) {
      const button = page.getByTestId(`planner-craft-${id}`)
      expect(await button.isDisabled()).toBe(true)
      expect(await button.getAttribute('aria-describedby')).toBe(await summary.getAttribute('id'))
    }
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)
})
