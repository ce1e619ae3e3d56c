// @vitest-environment node
/**
 * "Where do I farm this now?" answered at first sight (issue 38 §2), in Chromium on our server: the item
 * and stage pages list what is open now on the chosen server, fewest sanity per item first; the closed
 * ones are one switch away; every sortable column sorts best first on its first click.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'
import { openNow, type MatrixRow, type OpenStage } from './stats-rows'

const API = '/PenguinStats/api/v2'
const ITEM = '30012' // Orirock Cube: main stages and many closed events drop it

/** Best first per column: true when more is better. */
const BEST_DESC: Record<string, boolean> = {
  quantity: true,
  times: true,
  percentage: true,
  apPPR: false,
  apCost: false,
  minClearTime: false,
  itemPerTime: false,
}

const number = (text: string | null) => {
  const m = /-?[\d,]+(\.\d+)?/.exec(text ?? '')
  return m ? Number(m[0].replace(/,/g, '')) : null
}

/** A duration as the table writes it in English ("2 min 13.5 s", "58 s"), in seconds. */
const seconds = (text: string | null) => {
  const min = /([\d.,]+)\s*min/.exec(text ?? '')?.[1]
  const sec = /([\d.,]+)\s*s\b/.exec(text ?? '')?.[1]
  if (min === undefined && sec === undefined) return null
  return Number((min ?? '0').replace(/,/g, '')) * 60 + Number((sec ?? '0').replace(/,/g, ''))
}
const DURATIONS = new Set(['minClearTime', 'itemPerTime'])

/** The numbers of a column on screen (the table's cells), top to bottom; null where a row has none. */
const column = (page: Page, key: string) =>
  page.$$eval(
    '[data-testid="stats-row"]',
    (rows, k) =>
      rows.map((r) => {
        const cells = [...r.querySelectorAll('td')]
        const heads = [...document.querySelectorAll('thead th')]
        const i = heads.findIndex((h) => h.querySelector(`[data-testid="sort-${k}"]`))
        return i < 0 ? null : (cells[i]?.textContent ?? null)
      }),
    key,
  )

const ordered = (values: (number | null)[], desc: boolean) => {
  const known = values.filter((v): v is number => v !== null)
  // Rows without a value go last.
  const firstNull = values.indexOf(null)
  if (firstNull >= 0 && values.slice(firstNull).some((v) => v !== null)) return false
  return known.every((v, i) => i === 0 || (desc ? known[i - 1]! >= v : known[i - 1]! <= v))
}

describe.skipIf(!hasChromium())('item and stage pages answer "where now"', () => {
  const e2e = setUpServerAndBrowser()
  let matrix: MatrixRow[]
  let stages: Map<string, OpenStage & { zoneId: string }>

  beforeAll(async () => {
    const raw = (await (await fetch(`${e2e.server.url}${API}/_private/result/matrix/CN/global/all`)).json()) as MatrixRow[] | { matrix: MatrixRow[] }
    matrix = Array.isArray(raw) ? raw : raw.matrix
    const list = (await (await fetch(`${e2e.server.url}${API}/stages?server=CN`)).json()) as (OpenStage & { zoneId: string })[]
    stages = new Map(list.map((s) => [s.stageId, s]))
  }, 300_000)

  it('the item page lists stages open now by sanity per item; closed ones are one switch away; columns sort best first', async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/item/${ITEM}`, { waitUntil: 'networkidle' })
    await page.waitForSelector('[data-testid="data-table"][data-layout="table"] [data-testid="stats-row"]', { timeout: 30_000 })
    const now = Date.now()
    const all = matrix.filter((m) => m.itemId === ITEM)
    const open = all.filter((m) => openNow(m, 'item', stages, 'CN', now))
    expect(open.length).toBeGreaterThan(0)
    expect(open.length).toBeLessThan(all.length)

    // The rows shown are open now, and all the open ones are counted; the switch is on screen and on, without opening any panel.
    await expect.poll(() => page.textContent('[data-testid="filter-progress"]')).toContain(`${open.length} of ${all.length}`)
    const openIds = new Set(open.map((m) => m.stageId))
    const shownStages = await page.$$eval('[data-testid="stats-row"]', (rows) => rows.map((r) => r.getAttribute('data-stage-id') ?? ''))
    expect(shownStages.length).toBe(Math.min(10, open.length))
    expect(shownStages.filter((id) => !openIds.has(id))).toEqual([])
    const toggle = page.locator('[data-testid="filter-only-open"] input')
    expect(await toggle.isVisible()).toBe(true)
    expect(await toggle.isChecked()).toBe(true)

    // Fewest sanity per item first: 1-7 (the cheapest Orirock Cube) at the top.
    const apPPR = (await column(page, 'apPPR')).map(number)
    expect(ordered(apPPR, false)).toBe(true)
    expect(await page.locator('[data-testid="stats-row"]').first().getAttribute('data-stage-id')).toBe('main_01-07')

    // Each sortable column, on its first click, sorts best first.
    for (const key of Object.keys(BEST_DESC)) {
      // Start from another column, so the click is a first one.
      await page.getByTestId(key === 'times' ? 'sort-quantity' : 'sort-times').click()
      await page.getByTestId(`sort-${key}`).click()
      const values = (await column(page, key)).map(DURATIONS.has(key) ? seconds : number)
      expect(values.filter((v) => v !== null).length, key).toBeGreaterThan(1)
      expect(ordered(values, BEST_DESC[key]!), `${key}: ${values.join(' ')}`).toBe(true)
    }
    // One switch: the closed stages too.
    await toggle.uncheck()
    await expect.poll(() => page.textContent('[data-testid="filter-progress"]')).toContain(`${all.length} of ${all.length}`)

    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)

  it('the stage page lists current drops by sanity per item; on a phone, a chosen sort starts best first', async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/stage/main_1/main_01-07`, { waitUntil: 'networkidle' })
    await page.waitForSelector('[data-testid="stats-cards"] [data-testid="stats-row"]', { timeout: 30_000 })
    expect(await page.locator('[data-testid="filter-only-current"] input').isChecked()).toBe(true)
    const now = Date.now()
    const current = matrix.filter((m) => m.stageId === 'main_01-07' && openNow(m, 'stage', stages, 'CN', now))
    await expect.poll(() => page.locator('[data-testid="stats-row"]').count()).toBe(Math.min(10, current.length))
    // Sorted by sanity per item, ascending: the select says so, the arrow points up.
    expect(await page.getByTestId('sort-select').textContent()).toContain('Sanity per item')
    expect(await page.getByTestId('sort-direction').getAttribute('aria-label')).toMatch(/^Sorted low to high/)
    // Choosing "drop rate" sorts it highest first; choosing back "sanity per item" lowest first.
    await page.click('[data-testid="sort-select"] [role="combobox"]')
    await page.getByRole('option', { name: /Drop rate/i }).click()
    expect(await page.getByTestId('sort-direction').getAttribute('aria-label')).toMatch(/^Sorted high to low/)
    await page.click('[data-testid="sort-select"] [role="combobox"]')
    await page.getByRole('option', { name: /Sanity per item/i }).click()
    expect(await page.getByTestId('sort-direction').getAttribute('aria-label')).toMatch(/^Sorted low to high/)
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)
})
