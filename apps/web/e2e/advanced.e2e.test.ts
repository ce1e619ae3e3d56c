// @vitest-environment node
/**
 * The advanced query page in Chromium against our server (issue #6 items 5-6): a matrix query and
 * a trend query over reports posted here, whose table and chart numbers must match the API's
 * answer to the very request the page sent; the `stage`/`items` parameters prefill the form;
 * personal data asks for a login; an impossible range is refused before sending; axe finds no
 * serious or critical violation.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
const HOUR = 3_600_000
const DAY = 86_400_000
const STAGE = 'main_01-07'

interface MatrixEl {
  itemId: string
  times: number
  quantity: number
}
type Trend = Record<string, { startTime: number; results: Record<string, { quantity: number[]; times: number[] }> }>
type Answer = { advanced_results: ({ matrix: MatrixEl[] } | { trend: Trend })[] }

const pct = (q: number, t: number) =>
  t > 0 ? new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(q / t) : '--%'
const num = (n: number) => new Intl.NumberFormat('en').format(n)
/** A datetime-local value in UTC (the browser context runs in UTC). */
const utcInput = (ms: number) => new Date(ms).toISOString().slice(0, 16)

describe.skipIf(!chromium)('advanced query in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let penguinId = ''
  let items: [string, string] = ['', '']
  /** Before the first report: the trend window is built from it, so the reports land in its third day. */
  let reportedFrom = 0

  const api = (path: string, init?: RequestInit) => fetch(`${e2e.server.url}/api/v2${path}`, init)
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  const newPage = async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    return ctx.newPage()
  }
  const open = async (page: Page, path: string) => {
    await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
    await page.getByTestId('advanced-stage-input').waitFor({ timeout: 30_000 })
  }

  beforeAll(async () => {
    // 1-7 reports made now (one normal drop of 30012, one extra drop of 2001, within the seed's bounds).
    items = ['30012', '2001']
    reportedFrom = Date.now()
    const reports = [
      [2, 1],
      [1, 2],
      [2, 1],
      [1, 1],
      [2, 2],
    ]
    for (const [a, b] of reports) {
      const drops = [
        { dropType: 'NORMAL_DROP', itemId: items[0], quantity: a },
        { dropType: 'EXTRA_DROP', itemId: items[1], quantity: b },
      ]
      const res = await post(
        '/report',
        { server: 'CN', source: 'frontend-v2', version: 'v3.13.26', stageId: STAGE, drops },
        penguinId ? { authorization: `PenguinID ${penguinId}` } : {},
      )
      expect(res.status).toBe(200)
      penguinId ||= decodeURIComponent(res.headers.get('x-penguin-set-penguinid') ?? '')
    }
    expect(penguinId).not.toBe('')
    // Reports are written by the ingest worker: wait until all five are counted (a poll, not a sleep of a guessed length).
    const since = Date.now() - HOUR
    for (let i = 0; ; i++) {
      const answer = (await (
        await post(
          '/result/advanced',
          { queries: [{ server: 'CN', stageId: STAGE, itemIds: [items[0]], isPersonal: true, start: since }] },
          { authorization: `PenguinID ${penguinId}` },
        )
      ).json()) as Answer
      const el = (answer.advanced_results[0] as { matrix: MatrixEl[] }).matrix[0]
      if (el && el.times >= reports.length) break
      if (i > 100) throw new Error(`reports not counted: ${JSON.stringify(answer)}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 300_000)

  it('runs a matrix and a trend query whose table and chart numbers match the API', async () => {
    const page = await newPage()
    const problems = watch(page)
    await open(page, `/advanced?stage=${STAGE}`)
    expect(await page.getByTestId('advanced-stage-input').inputValue()).toBe('1-7')

    // A window of three days around the reports: two days before them, one after.
    const start = Math.floor(reportedFrom / HOUR) * HOUR - 2 * DAY
    const end = start + 3 * DAY
    await page.getByTestId('advanced-start').fill(utcInput(start))
    await page.getByTestId('advanced-end').fill(utcInput(end))

    // Comparison 1 is a copy of the main query, turned into a daily trend of one item.
    await page.getByTestId('advanced-add').click()
    expect(await page.getByTestId('advanced-query-tab').count()).toBe(2)
    expect(await page.getByTestId('advanced-stage-input').inputValue()).toBe('1-7')
    await page.getByTestId('advanced-kind-trend').click()
    expect(await page.getByTestId('advanced-interval').textContent()).toBe('1 day')
    const itemName = ((await (await api(`/items/${items[0]}`)).json()) as { name_i18n: { en: string } }).name_i18n.en
    await page.getByTestId('advanced-items-input').fill(itemName)
    await page.getByRole('option', { name: itemName, exact: true }).click()

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v2/result/advanced') && r.method() === 'POST')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/result/advanced'))
    await page.getByTestId('advanced-execute').click()
    const body = JSON.parse((await sent).postData() ?? '{}') as { queries: Record<string, unknown>[] }
    expect((await answered).status()).toBe(200)
    expect(body.queries).toEqual([
      { stageId: STAGE, itemIds: [], server: 'CN', isPersonal: false, sourceCategory: 'all', start, end },
      { stageId: STAGE, itemIds: [items[0]], server: 'CN', isPersonal: false, sourceCategory: 'all', start, end, interval: DAY },
    ])

    // The same request, asked by the test itself.
    const expected = (await (await post('/result/advanced', body)).json()) as Answer
    const matrix = (expected.advanced_results[0] as { matrix: MatrixEl[] }).matrix
    const trend = (expected.advanced_results[1] as { trend: Trend }).trend[STAGE]
    expect(matrix.find((e) => e.itemId === items[0])).toMatchObject({ times: 5, quantity: 8 })
    expect(trend?.results[items[0]]?.quantity).toEqual([0, 0, 8])

    await page.getByTestId('advanced-result').nth(1).waitFor()
    const rows = page.getByTestId('matrix-row')
    expect(await rows.count()).toBe(matrix.length)
    for (const e of matrix) {
      const row = page.locator(`[data-testid="matrix-row"][data-item="${e.itemId}"]`)
      expect(await row.locator('[data-col="times"]').textContent()).toBe(num(e.times))
      expect(await row.locator('[data-col="quantity"]').textContent()).toBe(num(e.quantity))
      expect(await row.locator('[data-col="rate"]').textContent()).toBe(pct(e.quantity, e.times))
    }
    // Highest drop rate first.
    const shownOrder = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-item')))
    const rate = (e: MatrixEl) => (e.times ? e.quantity / e.times : -1)
    expect(shownOrder[0]).toBe([...matrix].sort((a, b) => rate(b) - rate(a))[0]?.itemId)

    const series = trend?.results[items[0]]
    if (!series) throw new Error('no trend for the item')
    const trendRows = page.getByTestId('trend-row')
    expect(await trendRows.count()).toBe(series.times.length)
    for (let i = 0; i < series.times.length; i++) {
      const row = trendRows.nth(i)
      expect(Number(await row.getAttribute('data-from'))).toBe((trend?.startTime ?? 0) + i * DAY)
      expect(await row.locator('[data-col="times"]').textContent()).toBe(num(series.times[i] ?? 0))
      expect(await row.locator('[data-col="quantity"]').textContent()).toBe(num(series.quantity[i] ?? 0))
      expect(await row.locator('[data-col="rate"]').textContent()).toBe(pct(series.quantity[i] ?? 0, series.times[i] ?? 0))
    }
    // The chart: one x-axis category per bucket, and its tooltip shows each bucket's numbers.
    const chart = page.getByTestId('trend-chart')
    await chart.locator('svg').first().waitFor()
    await chart.scrollIntoViewIfNeeded()
    const labels = await chart.locator('svg text').evaluateAll((els) =>
      els
        .filter((e) => /^(\d{2}\.)?\d{1,2}\.\d{1,2}$/.test(e.textContent ?? ''))
        .map((e) => {
          const r = e.getBoundingClientRect()
          return { x: r.x + r.width / 2, y: r.y }
        })
        .sort((a, b) => a.x - b.x),
    )
    expect(labels).toHaveLength(series.times.length)
    expect(series.times.every((t) => t < 20)).toBe(true)
    const tooltip = () =>
      chart.evaluate((el) => [...el.querySelectorAll('div')].find((d) => d.style.zIndex === '9999999' && d.style.display !== 'none')?.textContent ?? '')
    for (let i = 0; i < labels.length; i++) {
      const at = labels[i] as { x: number; y: number }
      await page.mouse.move(at.x, at.y - 40)
      const t = series.times[i] ?? 0
      const q = series.quantity[i] ?? 0
      // Every bucket here has under 20 runs: their rates are the hollow points' series, not a line.
      const want = [`Samples${num(t)}`, `Drops${num(q)}`, `Drop rate, under 20 runs${t > 0 ? pct(q, t) : '—'}`]
      await expect.poll(tooltip, { timeout: 5000 }).toSatisfy((text: string) => want.every((w) => text.includes(w)))
    }

    await settle(page)
    // Both executed queries reached the usage probe (its socket opens once the browser is idle).
    const probed = async () =>
      ((await (await fetch(`${e2e.server.url}/api/_/probe`)).json()) as { advancedQueryStages: Record<string, number> }).advancedQueryStages[`CN:${STAGE}`] ?? 0
    await expect.poll(probed, { timeout: 20_000, interval: 250 }).toBe(2)

    // Browsing elsewhere and coming back keeps the queries and their results (no reload, no new request).
    expect(await page.getByTestId('advanced-restored').count()).toBe(0)
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))
    await page.getByRole('link', { name: 'Site Statistics' }).first().click()
    await page.waitForURL(/\/statistics$/)
    // The route changes once the statistics page has loaded and replaced this one.
    await page.getByTestId('advanced-page').waitFor({ state: 'detached' })
    await page.goBack()
    await page.waitForURL(/\/advanced\?stage=/)
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
    await page.getByTestId('advanced-restored').waitFor()
    expect(await page.getByTestId('matrix-row').count()).toBe(matrix.length)
    expect(await page.getByTestId('trend-row').count()).toBe(series.times.length)
    expect(await page.getByTestId('advanced-query-tab').count()).toBe(2)

    // At 360 px the wide tables scroll inside their cards; the page itself does not.
    await page.setViewportSize({ width: 360, height: 800 })
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(problems).toEqual([])
  }, 120_000)

  it('opens prefilled from the stage and items parameters', async () => {
    const page = await newPage()
    const problems = watch(page)
    await open(page, `/advanced?stage=${STAGE}&items=${items[1]},nope,${items[1]}`)
    expect(await page.getByTestId('advanced-stage-input').inputValue()).toBe('1-7')
    const chips = page.locator('.MuiAutocomplete-tag')
    // The query builder draws in steps: the item chips may follow the stage field by a frame or two.
    await expect.poll(() => chips.count()).toBe(1)
    const name = ((await (await api(`/items/${items[1]}`)).json()) as { name_i18n: { en: string } }).name_i18n.en
    expect(await chips.first().textContent()).toBe(name)
    // At most five queries; the last one cannot be removed.
    for (let i = 0; i < 4; i++) await page.getByTestId('advanced-add').click()
    expect(await page.getByTestId('advanced-query-tab').count()).toBe(5)
    expect(await page.getByTestId('advanced-add').isDisabled()).toBe(true)
    expect(await page.getByTestId('advanced-execute').textContent()).toBe('Run queries (5)')
    for (let i = 0; i < 4; i++) await page.getByTestId('advanced-remove').click()
    expect(await page.getByTestId('advanced-query-tab').count()).toBe(1)
    expect(await page.getByTestId('advanced-remove').isDisabled()).toBe(true)
    // Copies keep the items.
    expect(await chips.count()).toBe(1)
    await settle(page)
    expect(problems).toEqual([])
    // An unknown stage leaves the form empty and the query not ready.
    await open(page, '/advanced?stage=no_such_stage')
    expect(await page.getByTestId('advanced-stage-input').inputValue()).toBe('')
    expect(await page.getByTestId('advanced-execute').isDisabled()).toBe(true)
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)

  it('asks for a login before personal data, refuses an impossible range, and passes axe', async () => {
    const page = await newPage()
    const problems = watch(page)
    await open(page, `/advanced?stage=${STAGE}`)

    await page.getByTestId('advanced-personal').click()
    await page.getByTestId('login-input').fill(penguinId)
    await page.getByTestId('login-input').press('Enter')
    await page.getByTestId('account-button').waitFor()
    expect(await page.getByTestId('advanced-personal').getAttribute('aria-pressed')).toBe('true')

    const start = Date.UTC(2026, 0, 10)
    await page.getByTestId('advanced-start').fill(utcInput(start))
    await page.getByTestId('advanced-end').fill(utcInput(start - DAY))
    await page.getByText('The end must be later than the start.').first().waitFor()
    expect(await page.getByTestId('advanced-execute').isDisabled()).toBe(true)
    await page.getByTestId('advanced-end').fill(utcInput(start + DAY))
    expect(await page.getByTestId('advanced-execute').isDisabled()).toBe(false)

    // Personal results come back with the identity.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/result/advanced'))
    await page.getByTestId('advanced-execute').click()
    expect((await answered).status()).toBe(200)
    await page.getByTestId('advanced-result').waitFor()

    // Refusals read as what to do next: the rate limit, and a network failure.
    await page.route('**/api/v2/result/advanced', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded, retry in 5 minutes' }),
      }),
    )
    await page.getByTestId('advanced-execute').click()
    expect(await page.getByTestId('advanced-error').textContent()).toContain('Too many queries in a short time (at most 30 every 5 minutes). Wait a few minutes')
    await page.unroute('**/api/v2/result/advanced')
    await page.route('**/api/v2/result/advanced', (route) => route.abort('internetdisconnected'))
    await page.getByTestId('advanced-execute').click()
    await expect.poll(() => page.getByTestId('advanced-error').textContent()).toContain('Network error, please check your internet connection')
    await page.unroute('**/api/v2/result/advanced')
    // The earlier results stay on screen.
    expect(await page.getByTestId('advanced-result').count()).toBe(1)

    // The page's own content (the shell is checked by its own suite).
    expect(await seriousFindings(page, { within: '[data-testid="advanced-page"]' })).toEqual([])
    await settle(page)
    // The two refusals staged above are the only failed requests.
    expect(problems.filter((p) => !p.includes('/result/advanced') && !p.startsWith('console: Failed to load resource'))).toEqual([])
    expect(problems.filter((p) => p.includes('/result/advanced'))).toHaveLength(2)
  }, 90_000)
})
