// @vitest-environment node
/**
 * Honest numbers (issue #17 points 1, 2, 7) in the built app on our server: with the embedded demo on,
 * the banner says drop rates are real Penguin Statistics history and simulated reports only fill
 * patterns, trends and 24 h activity; the stage page states the category basis (imported runs and the
 * real cut-off date from /basis) and labels the views simulated reports fill; pattern pie labels differ
 * and the pattern table names its items. With the demo off, none of the simulated labels appear.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const STAGE_ID = 'main_01-07'
const STAGE_PATH = `/result/stage/main_1/${STAGE_ID}`

interface Basis {
  imported: { runs: number; until: number | null }
  reported: { automated: { runs: number }; manual: { runs: number; reports: number } }
  simulated: { runs: number; reports: number }
}

const setup = (env: Record<string, string>) => {
  const e2e = setUpServerAndBrowser(env)
  const api = async <T>(path: string) => (await (await fetch(`${e2e.server.url}/api/v2${path}`)).json()) as T
  const newPage = async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }
  const openStage = async (page: Page) => {
    await page.goto(`${e2e.server.url}${STAGE_PATH}`, { waitUntil: 'networkidle' })
    await page.getByTestId('basis-note').waitFor({ timeout: 30_000 })
    await settle(page)
  }
  return { e2e, api, newPage, openStage }
}

describe.skipIf(!chromium)('honest numbers with the embedded demo on', () => {
  const { e2e, api, newPage, openStage } = setup({ DEMO: '1' })
  let basis: Basis

  beforeAll(async () => {
    // The demo is simulated in the background after start; /config says so from its first report (`simulating`
    // until the last is aggregated; cached 10 s).
    const deadline = Date.now() + 600_000
    const done = (demo?: { present?: boolean; simulating?: boolean }) => demo?.present === true && demo.simulating !== true
    while (!done((await api<{ demo?: { present?: boolean; simulating?: boolean } }>('/config')).demo)) {
      if (Date.now() > deadline) throw new Error('demo reports were not simulated within 10 minutes')
      await new Promise((r) => setTimeout(r, 2000))
    }
    basis = await api<Basis>(`/basis?server=CN&stageId=${STAGE_ID}`)
  }, 660_000)

  it('says in the banner that drop rates are real and simulated reports only fill patterns, trends and 24 h activity', async () => {
    const { page, problems } = await newPage()
    await openStage(page)
    const banner = await page.getByTestId('demo-banner').innerText()
    expect(banner).toContain('drop rates are real Penguin Statistics history')
    expect(banner).toContain('simulated demo reports only fill drop patterns, trends and 24 h activity')
    expect(banner).not.toContain('not real statistics')
    expect(problems).toEqual([])
  })

  it('states the category basis on 1-7 with the imported runs and the real cut-off date', async () => {
    expect(basis.imported.runs).toBeGreaterThan(1_000_000)
    expect(basis.imported.until).not.toBeNull()
    expect(basis.simulated.reports).toBeGreaterThan(0)
    const { page, problems } = await newPage()
    await openStage(page)
    const history = await page.getByTestId('basis-history').innerText()
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(basis.imported.until as number)
    expect(history).toContain(`All includes ${basis.imported.runs.toLocaleString('en')} runs imported from Penguin Statistics up to ${date}`)
    expect(history).toContain('Automated')
    expect(history).toContain('count reports sent here since')
    expect(await page.getByTestId('basis-table').innerText()).toContain('category All')
    expect(await page.getByTestId('basis-simulated').innerText()).toContain('only fill drop patterns, trends and 24 h activity')

    // Manual: no manual reports were sent, and the page says why the table is empty.
    expect(basis.reported.manual.reports).toBe(0)
    await page.getByRole('button', { name: 'Manual', exact: true }).click()
    await expect.poll(() => page.getByTestId('basis-table').innerText(), { timeout: 10_000 }).toContain('category Manual')
    expect(await page.getByTestId('basis-table').innerText()).toContain('No such reports have been sent yet')
    expect(problems).toEqual([])
  })

  it('labels the pattern section as simulated, gives its sample, names the items and distinct pie labels', async () => {
    const { page, problems } = await newPage()
    await openStage(page)
    const section = page.getByTestId('pattern-section')
    await section.getByTestId('pattern-table').waitFor({ timeout: 30_000 })
    await page.getByTestId('pattern-pie-place').scrollIntoViewIfNeeded()
    await page.locator('[data-testid="pattern-pie"] svg').first().waitFor({ timeout: 30_000 })
    await settle(page)
    expect(await section.getByTestId('simulated-caption').innerText()).toContain('simulated demo reports')
    expect(await section.getByTestId('pattern-basis').innerText()).toMatch(/Sample: [\d,]+ single-run reports sent here, category All/)
    // Table: every drop has its item's name beside the icon.
    const drops = await section.getByTestId('pattern-drop').allInnerTexts()
    expect(drops.length).toBeGreaterThan(0)
    for (const d of drops) expect(d).toMatch(/\p{L}.* ×\d+$/u)
    // Pie: the named labels (top 5) all differ, and each is drawn whole (wrapped, never cut).
    const names = JSON.parse(
      (await page
        .locator('[data-labels]')
        .filter({ has: page.getByTestId('pattern-pie') })
        .getAttribute('data-labels')) ?? '[]',
    ) as string[]
    expect(names.length).toBeGreaterThanOrEqual(2)
    expect(new Set(names).size).toBe(names.length)
    const drawn = (await page.locator('[data-testid="pattern-pie"] svg text').allTextContents()).join('').replace(/\s+/g, '')
    for (const name of names) expect(drawn).toContain(name.replace(/\s+/g, ''))
    expect(problems).toEqual([])
  })

  it('labels the 24 h activity of the site statistics as simulated, not the all-time totals', async () => {
    const { page, problems } = await newPage()
    await page.goto(`${e2e.server.url}/statistics`)
    await page.getByTestId('stats-reports-all').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('overview-24h').getByTestId('simulated-caption').count(), { timeout: 10_000 }).toBe(1)
    expect(await page.getByTestId('stages-24h-view').getByTestId('simulated-caption').count()).toBe(1)
    expect(await page.getByTestId('simulated-caption').count()).toBe(2)
    expect(problems).toEqual([])
  })

  it('draws trend periods of a handful of simulated runs as points with their sample size, not as a line', async () => {
    // The pair of the stage whose trend has the most periods under 20 runs (the demo's few runs a day).
    const trends = await api<{ trend: Record<string, { results: Record<string, { times: number[]; quantity: number[] }> }> }>('/result/trends?server=CN')
    const pairs = Object.entries(trends.trend[STAGE_ID]?.results ?? {})
    const sparse = (times: number[]) => times.filter((t) => t > 0 && t < 20).length
    const [itemId, pair] = pairs.sort((a, b) => sparse(b[1].times) - sparse(a[1].times))[0] ?? []
    expect(pair && sparse(pair.times)).toBeGreaterThan(0)
    if (!itemId || !pair) return
    const item = await api<{ name_i18n: { en: string } }>(`/items/${itemId}`)
    const { page, problems } = await newPage()
    await openStage(page)
    const row = page
      .getByTestId('stats-row')
      .filter({ has: page.locator('[data-testid="open-trend"]') })
      .filter({ hasText: item.name_i18n.en })
    const line = row.first().getByTestId('trend-sparkline')
    await line.waitFor({ timeout: 30_000 })
    // No line joins a sparse period: its dots are counted in the label, and no polyline passes through them.
    expect(Number(await line.getAttribute('data-sparse'))).toBeGreaterThan(0)
    expect(await line.locator('circle').count()).toBeGreaterThanOrEqual(Number(await line.getAttribute('data-sparse')))
    expect(await line.getAttribute('aria-label')).toMatch(/fewer than 20 runs/)
    await row.first().getByTestId('open-trend').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('trend-chart').locator('svg').first().waitFor({ timeout: 30_000 })
    const run = pair.times.filter((t) => t > 0).length
    expect(await dialog.getByTestId('trend-sparse').innerText()).toContain(`(${sparse(pair.times)} of ${run})`)
    // The chart's legend names the points as what they are.
    expect(await dialog.getByTestId('trend-chart').textContent()).toContain('Drop rate, under 20 runs')
    expect(problems).toEqual([])
  })

  it('labels an advanced-query trend of a stage that simulated reports fill', async () => {
    const { page, problems } = await newPage()
    await page.goto(`${e2e.server.url}/advanced?stage=${STAGE_ID}`)
    await page.getByTestId('advanced-stage-input').waitFor({ timeout: 30_000 })
    await page.getByTestId('advanced-kind-trend').click()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/result/advanced'))
    await page.getByTestId('advanced-execute').click()
    expect((await answered).status()).toBe(200)
    await page.getByTestId('trend-item').first().waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('simulated-caption').count(), { timeout: 10_000 }).toBe(1)
    expect(problems).toEqual([])
  })
})

describe.skipIf(!chromium)('honest numbers with the demo off', () => {
  const { api, newPage, openStage } = setup({ DEMO: '0' })

  it('shows no banner and no simulated label, but the same category basis', async () => {
    const basis = await api<Basis>(`/basis?server=CN&stageId=${STAGE_ID}`)
    expect(basis.simulated.reports).toBe(0)
    const { page, problems } = await newPage()
    await openStage(page)
    expect(await page.getByTestId('demo-banner').count()).toBe(0)
    expect(await page.getByTestId('basis-history').innerText()).toContain('runs imported from Penguin Statistics up to')
    expect(await page.getByTestId('basis-simulated').count()).toBe(0)
    await page.getByTestId('pattern-section').waitFor({ timeout: 30_000 })
    await settle(page)
    expect(await page.getByTestId('simulated-caption').count()).toBe(0)
    expect(problems).toEqual([])
  })
})
