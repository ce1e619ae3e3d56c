// @vitest-environment node
/**
 * Charts, share and export in the built app on our server (issue #5 items 4, 5, 9, 10): the drop
 * patterns of a stage (pie and table equal to the API's pattern matrix, "others" row, small-screen
 * paging), the trend dialog opened from the data table, the share dialog's short link (resolved by
 * our /short endpoint) and the matrix download (numbers equal to the API). axe-core on the pattern
 * section and the trend dialog. The seed has no patterns or trends: reports are posted first.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { CHROMIUM_PATH, hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const STAGE = { zoneId: 'main_1', stageId: 'main_01-07', code: '1-7' }
const STAGE_PATH = `/result/stage/${STAGE.zoneId}/${STAGE.stageId}`
const EXTRAS = ['30011', '30021', '3003', '30031', '30041', '30051', '30061'] as const

interface Drop {
  dropType: 'NORMAL_DROP' | 'EXTRA_DROP'
  itemId: string
  quantity: number
}
interface PatternElement {
  stageId: string
  pattern: { drops: { itemId: string; quantity: number }[] }
  times: number
  quantity: number
}
interface MatrixElement {
  stageId: string
  itemId: string
  times: number
  quantity: number
}

/**
 * 22 different single-run patterns of 1-7 within its drop table (so the server keeps 19 and the
 * page adds "others"), the first three more frequent than the rest. 1-7 always drops 1-2 Orirock
 * Cubes and 1-2 of item 2001 (bounds 1..2 each), plus at most one other extra item. Counts: 6, 4, 3,
 * then 1 each.
 */
const reportPlan = (): Drop[][] => {
  const patterns: Drop[][] = []
  for (const normal of [1, 2])
    for (const exp of [1, 2])
      for (const extra of [null, ...EXTRAS])
        patterns.push([
          { dropType: 'NORMAL_DROP', itemId: '30012', quantity: normal },
          { dropType: 'EXTRA_DROP', itemId: '2001', quantity: exp },
          ...(extra ? [{ dropType: 'EXTRA_DROP' as const, itemId: extra, quantity: 1 }] : []),
        ])
  const chosen = patterns.slice(0, 22)
  const counts = chosen.map((_, k) => [6, 4, 3][k] ?? 1)
  return chosen.flatMap((p, k) => Array.from({ length: counts[k] ?? 1 }, () => p))
}

const axe = (page: Page, selector: string) => seriousFindings(page, { within: selector })

describe.skipIf(!chromium)('charts, share and export in Chromium on embedded PGlite', () => {
  const e2e = setUpServerAndBrowser({})
  let posted = 0

  const api = async <T>(path: string) => (await (await fetch(`${e2e.server.url}/api/v2${path}`)).json()) as T
  const stagePatterns = async () =>
    (await api<{ pattern_matrix: PatternElement[] }>('/_private/result/pattern/CN/global/all')).pattern_matrix.filter((e) => e.stageId === STAGE.stageId)
  const stageMatrix = async () =>
    (await api<{ matrix: MatrixElement[] }>('/result/matrix?server=CN&show_closed_zones=true')).matrix.filter((e) => e.stageId === STAGE.stageId)

  const newPage = async (opts: { width?: number; height?: number; locale?: string } = {}) => {
    const ctx = await e2e.newContext({
      locale: opts.locale ?? 'en-US',
      viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
      serviceWorkers: 'block',
      acceptDownloads: true,
    })
    const page = await ctx.newPage()
    return { ctx, page, problems: watch(page) }
  }

  const openStage = async (page: Page) => {
    await page.goto(`${e2e.server.url}${STAGE_PATH}`, { waitUntil: 'networkidle' })
    await page.getByTestId('pattern-section').waitFor({ timeout: 30_000 })
    // The pie loads when its place nears the screen (components/near-viewport.tsx).
    await page.getByTestId('pattern-pie-place').scrollIntoViewIfNeeded()
    await page.locator('[data-testid="pattern-pie"] svg').first().waitFor({ timeout: 30_000 })
    await settle(page)
  }

  beforeAll(async () => {
    const before = (await stagePatterns())[0]?.times ?? 0
    const plan = reportPlan()
    for (const drops of plan) {
      const res = await fetch(`${e2e.server.url}/api/v2/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ server: 'CN', source: 'dropwise-e2e', version: 'v0.0.1', stageId: STAGE.stageId, drops }),
      })
      if (res.status !== 200) throw new Error(`report refused: ${res.status} ${await res.text()}`)
    }
    posted = plan.length
    // Aggregation is asynchronous: wait until patterns, trends and the matrix include the reports.
    const deadline = Date.now() + 60_000
    for (;;) {
      const patterns = await stagePatterns()
      const trends = await api<{ trend: Record<string, { results: Record<string, { times: number[] }> }> }>('/result/trends?server=CN')
      const trendTimes = trends.trend[STAGE.stageId]?.results['30012']?.times.reduce((s, v) => s + v, 0) ?? 0
      if ((patterns[0]?.times ?? 0) >= before + posted && trendTimes >= posted) break
      if (Date.now() > deadline) throw new Error('reports were not aggregated within 60 s')
      await new Promise((r) => setTimeout(r, 500))
    }
  }, 300_000)

  it('shows the stage patterns: pie, table equal to the API, others row, paging', async () => {
    const api19 = await stagePatterns()
    expect(api19.length).toBe(19)
    const times = api19[0]?.times ?? 0
    const expected = [...api19.map((e) => e.quantity).sort((a, b) => b - a)]
    const covered = expected.reduce((s, v) => s + v, 0)
    expect(covered).toBeLessThan(times)
    expected.push(times - covered)

    const { page, problems } = await newPage()
    await openStage(page)
    const section = page.getByTestId('pattern-section')
    expect(await section.getByTestId('pattern-facts').innerText()).toContain(String(times))
    // The pie is an SVG with one path per slice at least, and labels for the top patterns.
    expect(await page.locator('[data-testid="pattern-pie"] svg path').count()).toBeGreaterThanOrEqual(expected.length)
    const pieText = await page.locator('[data-testid="pattern-pie"] svg').innerHTML()
    expect(pieText).toContain('#1 —')
    expect(pieText).toContain('#10 —')
    expect(pieText).not.toContain('#11 —')

    const quantities = async () => await section.getByTestId('pattern-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-quantity'))))
    const first = await quantities()
    expect(first).toEqual(expected.slice(0, 10))
    // Percentages: quantity / times with 2 decimals.
    const pct = await section.getByTestId('pattern-row').first().locator('td').nth(3).innerText()
    expect(pct).toBe(`${((expected[0]! / times) * 100).toFixed(2)}%`)
    await section.getByRole('button', { name: 'Next page' }).click()
    const second = await quantities()
    expect(second).toEqual(expected.slice(10))
    expect(await section.getByTestId('pattern-row').last().innerText()).toContain('Others')

    const serious = await axe(page, '[data-testid="pattern-section"]')
    expect(serious).toEqual([])
    expect(problems).toEqual([])
  }, 120_000)

  it('pages the pattern table by 5 on a small screen (in Chinese)', async () => {
    const { page, problems } = await newPage({ width: 360, height: 740, locale: 'zh-CN' })
    await openStage(page)
    expect(await page.getByTestId('pattern-row').count()).toBe(5)
    expect(await page.getByTestId('pattern-section').locator('h3').innerText()).toBe('掉落组合')
    // The section fits the narrow screen: nothing sticks out of the page sideways.
    expect(await page.getByTestId('pattern-section').evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true)
    expect(problems).toEqual([])
  }, 120_000)

  it('shows the two-line error card on a stage without patterns', async () => {
    const { page, problems } = await newPage()
    await page.goto(`${e2e.server.url}/result/stage/main_1/main_01-08`, { waitUntil: 'networkidle' })
    const card = page.getByTestId('pattern-error')
    await card.waitFor({ timeout: 30_000 })
    expect(await card.locator('p').allInnerTexts()).toEqual([
      'No drop pattern data for this stage yet.',
      "Patterns count single-run reports under the stage's current drop table; they appear once such reports arrive.",
    ])
    expect(await page.getByTestId('pattern-pie').count()).toBe(0)
    expect(await axe(page, '[data-testid="pattern-section"]')).toEqual([])
    expect(problems).toEqual([])
  }, 120_000)

  it('opens the trend dialog from the table with the API numbers', async () => {
    const trends = await api<{ trend: Record<string, { results: Record<string, { times: number[]; quantity: number[] }> }> }>('/result/trends?server=CN')
    const pair = trends.trend[STAGE.stageId]?.results['30012']
    const times = pair?.times.reduce((s, v) => s + v, 0) ?? 0
    const quantity = pair?.quantity.reduce((s, v) => s + v, 0) ?? 0
    expect(times).toBeGreaterThanOrEqual(posted)

    const { page, problems } = await newPage()
    await openStage(page)
    const row = page
      .getByTestId('stats-row')
      .filter({ has: page.locator('[data-testid="open-trend"]') })
      .filter({ hasText: 'Orirock Cube' })
    await row.first().getByTestId('open-trend').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('trend-chart').locator('svg').first().waitFor({ timeout: 30_000 })
    const text = await dialog.innerText()
    expect(text).toContain('Orirock Cube')
    expect(text).toContain(`${times} samples`)
    expect(text).toContain(`${quantity} drops`)
    expect(await dialog.evaluate((el) => el.querySelector('.MuiDialog-paper')?.getBoundingClientRect().width ?? 0)).toBeLessThanOrEqual(850)
    const serious = await axe(page, '[role="dialog"]')
    expect(serious).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // The trend button kept its click out of the row; a click on the rate beside it opens the item's page, as
    // anywhere else in the row.
    expect(new URL(page.url()).pathname).toBe(STAGE_PATH)
    expect(problems).toEqual([])
    await row.first().getByTestId('cell-percentage').click()
    await page.waitForURL(`${e2e.server.url}/result/item/30012`)
  }, 120_000)

  it('downloads the stage matrix as CSV and JSON with the licence, numbers equal to the API', async () => {
    const { page, problems } = await newPage()
    await openStage(page)
    const want = new Map((await stageMatrix()).map((e) => [e.itemId, [e.times, e.quantity]]))
    expect(want.size).toBeGreaterThan(3)

    for (const format of ['csv', 'json'] as const) {
      await page.getByTestId('export-button').click()
      if (format === 'csv') expect(await axe(page, '[role="menu"]')).toEqual([])
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()])
      expect(download.suggestedFilename()).toMatch(new RegExp(`^dropwise-matrix-CN-all-${STAGE.stageId}-\\d{8}\\.${format}$`))
      const path = await download.path()
      const body = readFileSync(path, 'utf8')
      const got = new Map<string, number[]>()
      if (format === 'csv') {
        const lines = body.trim().split('\r\n')
        expect(lines[0]).toMatch(/^# Drop data: Penguin Statistics .*CC BY-NC 4\.0/)
        expect(lines[1]).toMatch(/^"?# Basis: Penguin Statistics up to .*, plus \d+ runs? reported here\."?$/)
        const header = lines.findIndex((l) => l.startsWith('stageId,'))
        expect(header).toBeGreaterThan(1)
        for (const line of lines.slice(header + 1)) {
          const cells = line.split(',')
          expect(cells[0]).toBe(STAGE.stageId)
          got.set(cells[2]!, [Number(cells[4]), Number(cells[5])])
        }
      } else {
        const json = JSON.parse(body) as { license: string; attribution: string; matrix: MatrixElement[] }
        expect(json.license).toBe('CC BY-NC 4.0')
        expect(json.attribution).toContain('Penguin Statistics')
        for (const e of json.matrix) got.set(e.itemId, [e.times, e.quantity])
      }
      expect(got).toEqual(want)
    }

    // The item page downloads the item's rows over every stage.
    await page.goto(`${e2e.server.url}/result/item/30012`, { waitUntil: 'networkidle' })
    await page.getByTestId('export-button').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()])
    expect(download.suggestedFilename()).toMatch(/^dropwise-matrix-CN-all-30012-\d{8}\.json$/)
    const json = JSON.parse(readFileSync(await download.path(), 'utf8')) as { matrix: MatrixElement[] }
    const all = (await api<{ matrix: MatrixElement[] }>('/result/matrix?server=CN&show_closed_zones=true')).matrix.filter((e) => e.itemId === '30012')
    const key = (e: MatrixElement) => `${e.stageId}:${e.times}:${e.quantity}`
    expect(all.length).toBeGreaterThan(10)
    expect(json.matrix.map(key).sort()).toEqual(all.map(key).sort())
    expect(problems).toEqual([])
  }, 120_000)

  it('shares a short link that our /short endpoint resolves to the stage', async () => {
    const { ctx, page, problems } = await newPage()
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url })
    await openStage(page)
    await page.getByTestId('share-button').click()
    const input = page.getByTestId('share-link')
    await page.waitForFunction(() => (document.querySelector('[data-testid="share-link"]') as HTMLInputElement | null)?.value.includes('/short/'), undefined, {
      timeout: 20_000,
    })
    const link = await input.inputValue()
    expect(link).toBe(`${e2e.server.url}/PenguinStats/api/v2/short/${STAGE.code}`)
    const res = await fetch(link, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(STAGE_PATH)
    expect(await axe(page, '[role="dialog"]')).toEqual([])
    await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).last().click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    expect(problems).toEqual([])
  }, 120_000)
})
