// @vitest-environment node
/**
 * Browsing journeys (issue #5 items 6-9) in Chromium against the built app on our server with the
 * seed: global search in zh/en/ja/ko (a stage code and an item name, opening the result), the site
 * statistics counter against the API's 24 h total, the usage probe's navigation count, and axe-core
 * on home, search, site statistics and an about page.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'
// api-v2 §12's report R (a valid single run of wk_kc_5), the one the server tests and benches use.
import { R } from '../../server/src/testing/reports'

const LOCALES = [
  { id: 'zh', browser: 'zh-CN' },
  { id: 'en', browser: 'en-US' },
  { id: 'ja', browser: 'ja-JP' },
  { id: 'ko', browser: 'ko-KR' },
] as const

/** After a click that changes the route: the URL, the page's chunk, and its requests. */
const arrive = async (page: Page, url: RegExp) => {
  await page.waitForURL(url)
  await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
  await settle(page)
}

interface ItemRow {
  itemId: string
  name_i18n: Record<string, string>
}
interface ProbeCounts {
  messages: Record<string, number>
  paths: Record<string, number>
  searchResults: Record<string, number>
}

const chromium = hasChromium()

// On the embedded database only: server-render.e2e runs the real server on PostgreSQL too (see e2eBackends).
describe.skipIf(!chromium)('browsing journeys in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let orirock: ItemRow
  let total24h = 0

  const newContext = async (locale: string, opts: { reducedMotion?: 'reduce' } = {}) => {
    const ctx = await e2e.newContext({ locale, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...opts })
    return ctx
  }
  const api = async <T>(path: string) => (await (await fetch(`${e2e.server.url}${path}`)).json()) as T

  beforeAll(async () => {
    // Valid reports first (api-v2 §12's R: one run of wk_kc_5), so the 24 h total is not zero. They
    // count once the worker has verified them, which the global matrix shows; only then is /stats
    // asked (the server keeps its 24 h window for five minutes).
    const timesOf = async () =>
      (await api<{ matrix: { stageId: string; itemId: string; times: number }[] }>('/api/v2/_private/result/matrix/CN/global/all')).matrix.find(
        (m) => m.stageId === 'wk_kc_5' && m.itemId === '2004',
      )?.times ?? 0
    const before = await timesOf()
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${e2e.server.url}/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(R) })
      expect(r.status).toBe(200)
    }
    const deadline = Date.now() + 90_000
    while ((await timesOf()) < before + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
    const stats = await api<{ totalStageTimes_24h: { times: number }[] }>('/api/v2/stats?server=CN')
    total24h = stats.totalStageTimes_24h.reduce((s, r) => s + r.times, 0)
    const items = await api<ItemRow[]>('/api/v2/items')
    orirock = items.find((i) => i.itemId === '30012')!
  }, 300_000)

  it('has reports in the last 24 hours to count', () => {
    expect(total24h).toBeGreaterThanOrEqual(3)
    expect(orirock).toBeDefined()
  })

  it('finds "1-7" and an item by name in zh, en, ja and ko and opens the results', async () => {
    const failures: string[] = []
    await Promise.all(
      LOCALES.map(async (locale) => {
        const ctx = await newContext(locale.browser)
        const page = await ctx.newPage()
        const problems = watch(page)
        const where = (s: string) => `${locale.id}: ${s}`
        try {
          // The Search page, typed into: the URL follows by replacing the history entry.
          await page.goto(`${e2e.server.url}/search`, { waitUntil: 'networkidle' })
          const historyBefore = await page.evaluate(() => history.length)
          await page.getByTestId('search-input').fill('1-7')
          await page.waitForURL(/\/search\?q=1-7$/)
          expect(await page.evaluate(() => history.length), where('history grew')).toBe(historyBefore)
          const first = page.getByTestId('search-result').first()
          await first.waitFor({ timeout: 20_000 })
          expect(await first.getAttribute('href'), where('first result of 1-7')).toBe('/result/stage/main_1/main_01-07')
          await first.click()
          await arrive(page, /\/result\/stage\/main_1\/main_01-07$/)

          // The Home card: the item's name in this language; Fuse.js loads when typing starts.
          await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
          const home = page.getByTestId('home-search')
          await home.getByTestId('search-input').fill(orirock.name_i18n[locale.id]!)
          const hit = home.getByTestId('search-result').first()
          await hit.waitFor({ timeout: 20_000 })
          expect(await hit.getAttribute('href'), where('first result of the item name')).toBe('/result/item/30012')
          await hit.click()
          await arrive(page, /\/result\/item\/30012$/)

          // Emptying the box drops q from the URL.
          await page.goto(`${e2e.server.url}/search?q=zzzzzzzz`, { waitUntil: 'networkidle' })
          await page.getByTestId('search-count').waitFor()
          await page.getByTestId('search-input').fill('')
          await page.waitForURL(/\/search$/)
          await settle(page)
          // Requests the stage and item pages start lazily (charts, export) are cancelled when this
          // test moves on with page.goto: aborted is not failed.
          failures.push(...problems.filter((p) => !(p.startsWith('requestfailed:') && p.endsWith('net::ERR_ABORTED'))).map((p) => where(p)))
        } catch (e) {
          failures.push(where(e instanceof Error ? e.message : String(e)))
        }
      }),
    )
    expect(failures).toEqual([])
  }, 180_000)

  it('animates the site statistics counter to the API total, and the probe counts navigation', async () => {
    const ctx = await newContext('en-US')
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/statistics`, { waitUntil: 'networkidle' })
    const counter = page.getByTestId('overview-24h').getByTestId('stats-24h')
    await counter.waitFor()
    expect(await counter.getAttribute('data-target')).toBe(String(total24h))
    // 1000 ms delay + 1700 ms animation, then it shows the API's number.
    await expect.poll(() => counter.innerText(), { timeout: 10_000, interval: 200 }).toBe(total24h.toLocaleString('en'))
    // A stage row opens the stage page.
    await page.getByTestId('stages-24h-row').first().click()
    await arrive(page, /\/result\/stage\/[^/]+\/wk_kc_5$/)
    const counts = () => api<ProbeCounts>('/api/_/probe')
    // Each message travels on its own: wait for the last one sent (the stage page), not only the first.
    const arrived = (c: ProbeCounts) => (c.paths['/statistics'] ?? 0) > 0 && Object.keys(c.paths).some((p) => p.endsWith('/wk_kc_5'))
    await expect.poll(async () => arrived(await counts()), { timeout: 15_000, interval: 500 }).toBe(true)
    const c = await counts()
    expect(c.messages.NAVIGATED).toBeGreaterThanOrEqual(2)
    // The search test opened results: entered-search-result messages arrived too.
    expect(c.searchResults['30012'] ?? 0).toBeGreaterThan(0)
    expect(problems).toEqual([])
  }, 60_000)

  it('has no serious or critical axe violations on home, search, site statistics and an about page', async () => {
    const ctx = await newContext('en-US', { reducedMotion: 'reduce' })
    const page = await ctx.newPage()
    const problems = watch(page)
    const audit = async (path: string, ready: (p: Page) => Promise<unknown>) => {
      await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
      await ready(page)
      await settle(page)
      // The whole page: its content and the shell around it (top bar, drawer, footer).
      return (await seriousFindings(page)).map((v) => `${path}: ${v}`)
    }
    const found = [
      ...(await audit('/', (p) => p.getByTestId('home-intro').waitFor())),
      ...(await audit('/search?q=orirock', (p) => p.getByTestId('search-result').first().waitFor())),
      ...(await audit('/statistics', (p) => p.getByTestId('stages-all').waitFor())),
      ...(await audit('/about/links', (p) => p.getByTestId('link-card').first().waitFor())),
    ]
    expect(found).toEqual([])
    expect(problems).toEqual([])
  }, 90_000)
})
