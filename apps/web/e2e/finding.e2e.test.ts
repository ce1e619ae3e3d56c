// @vitest-environment node
/**
 * Finding things (issue 17 points 3-5) in Chromium against the built app on our server with the
 * seed: the global search in the English UI finds an item by its Chinese name and its pinyin
 * initials; the stage selectors' search box on /result/stage and /report reaches an event stage by
 * typing, the arrow keys and Enter (and by touch at 390 px); the menu has Search; item and stage
 * pages have their own document titles.
 */
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'

/** After an action that changes the route: the URL, the page's chunk, and its requests. */
const arrive = async (page: Page, url: RegExp) => {
  await page.waitForURL(url)
  await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
  await settle(page)
}
/** The document title once it names something (the datasets have loaded). */
const titleStartingWith = async (page: Page, start: string) => {
  await page.waitForFunction((s) => document.title.startsWith(s), start, { timeout: 20_000 })
  return page.title()
}
/** Requests a page starts late (charts, exports) are cancelled when the test moves on: aborted is not failed. */
const real = (problems: string[]) => problems.filter((p) => !(p.startsWith('requestfailed:') && p.endsWith('net::ERR_ABORTED')))

const chromium = hasChromium()

describe.skipIf(!chromium)('finding things in Chromium on embedded PGlite', () => {
  const e2e = setUpServerAndBrowser({}, { timeoutMs: 600_000 })
  const newPage = async (locale: string, opts: Parameters<Browser['newContext']>[0] = {}) => {
    const ctx = await e2e.newContext({ locale, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block', ...opts })
    return ctx.newPage()
  }

  it('in the English UI, "固源岩" and "gyy" find Orirock Cube first, and its page is titled with its name', async () => {
    const page = await newPage('en-US')
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/search`, { waitUntil: 'networkidle' })
    for (const q of ['固源岩', 'gyy']) {
      await page.getByTestId('search-input').fill(q)
      const first = page.getByTestId('search-result').first()
      await expect.poll(() => first.getAttribute('href'), { timeout: 20_000 }).toBe('/result/item/30012')
      expect(await first.innerText(), q).toContain('Orirock Cube')
    }
    await page.getByTestId('search-result').first().click()
    await arrive(page, /\/result\/item\/30012$/)
    expect(await titleStartingWith(page, 'Orirock Cube')).toMatch(/^Orirock Cube .*Dropwise$/)
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('finds an old event stage on /result/stage by its Japanese zone name: type, arrows, Enter', async () => {
    const page = await newPage('en-US')
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/stage`, { waitUntil: 'networkidle' })
    const input = page.getByRole('combobox', { name: 'Find a stage' })
    await input.click()
    await input.pressSequentially('騎兵と狩人')
    const options = page.getByRole('listbox').getByRole('option')
    await expect.poll(() => options.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(6)
    // The first match is highlighted; two steps down is the third.
    const ids = await options.evaluateAll((els) => els.map((e) => ({ id: e.id, stage: e.getAttribute('data-stage-id') ?? '' })))
    expect(await input.getAttribute('aria-activedescendant')).toBe(ids[0]!.id)
    await input.press('ArrowDown')
    await input.press('ArrowDown')
    expect(await input.getAttribute('aria-activedescendant')).toBe(ids[2]!.id)
    expect(await options.nth(2).innerText()).toContain('The Knight & The Hunters')
    leaving(page)
    await input.press('Enter')
    await arrive(page, new RegExp(`/result/stage/[^/]+/${ids[2]!.stage}$`))
    expect(ids[2]!.stage).toMatch(/^a001_/)
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('on /report the box offers what can be reported (the permanent GT-5, not the closed one) and Escape clears it', async () => {
    const page = await newPage('zh-CN')
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/report/stage`, { waitUntil: 'networkidle' })
    const input = page.getByTestId('stage-search-input')
    expect(await input.getAttribute('role')).toBe('combobox')
    await input.click()
    await input.pressSequentially('GT-5')
    const options = page.getByTestId('stage-search-option')
    await expect.poll(() => options.first().getAttribute('data-stage-id'), { timeout: 20_000 }).toBe('a001_05_perm')
    const offered = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-stage-id')))
    expect(offered).not.toContain('a001_05')
    await input.press('Escape')
    expect(await input.inputValue()).toBe('')
    expect(await page.getByRole('listbox').count()).toBe(0)
    await input.pressSequentially('gt-5')
    await expect.poll(() => options.first().getAttribute('data-stage-id'), { timeout: 20_000 }).toBe('a001_05_perm')
    await input.press('ArrowDown')
    await input.press('ArrowUp')
    leaving(page)
    await input.press('Enter')
    await arrive(page, /\/report\/stage\/permanent_sidestory_1_zone1\/a001_05_perm$/)
    expect(await titleStartingWith(page, 'GT-5')).toContain('骑兵与猎人・别传')
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('works by touch at 390 px without sideways scrolling', async () => {
    const page = await newPage('ko-KR', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/stage`, { waitUntil: 'networkidle' })
    const input = page.getByTestId('stage-search-input')
    await input.tap()
    await input.fill('1-7')
    const option = page.locator('[data-testid="stage-search-option"][data-stage-id="main_01-07"]')
    await option.waitFor({ timeout: 20_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    const box = await page.getByRole('listbox').boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    leaving(page)
    await option.tap()
    await arrive(page, /\/result\/stage\/main_1\/main_01-07$/)
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('the menu has Search, and item and stage pages have distinct titles in the UI language', async () => {
    const page = await newPage('en-US')
    const problems = watch(page)
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    const link = page.getByRole('navigation').getByRole('link', { name: 'Global Search' })
    await link.click()
    await arrive(page, /\/search$/)
    expect(await page.title()).toMatch(/^Global Search/)

    const titles = new Map<string, string>()
    for (const [path, start] of [
      ['/result/item/30012', 'Orirock Cube'],
      ['/result/item/30013', 'Orirock Cluster'],
      ['/result/stage/main_1/main_01-07', '1-7'],
      ['/result/stage/1stact_zone1/a001_05', 'GT-5'],
      ['/result/stage/act13d2_zone1/a001_05_rep', 'GT-5'],
    ] as const) {
      leaving(page)
      await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
      titles.set(path, await titleStartingWith(page, start))
    }
    expect(new Set(titles.values()).size).toBe(titles.size)
    expect(titles.get('/result/stage/1stact_zone1/a001_05')).toContain('The Knight & The Hunters')

    // The UI language: the same item in Japanese.
    const ja = await newPage('ja-JP')
    const jaProblems = watch(ja)
    await ja.goto(`${e2e.server.url}/result/item/30012`, { waitUntil: 'networkidle' })
    expect(await titleStartingWith(ja, '初級源岩')).not.toContain('Orirock')
    expect(real([...problems, ...jaProblems])).toEqual([])
  }, 120_000)

  it('has no serious or critical axe violation with the stage search open, in light and dark', async () => {
    const found: string[] = []
    for (const colorScheme of ['light', 'dark'] as const)
      for (const path of ['/result/stage', '/report/stage']) {
        const page = await newPage('en-US', { colorScheme, reducedMotion: 'reduce' })
        await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
        const input = page.getByTestId('stage-search-input')
        await input.click()
        await input.pressSequentially('GT')
        await page.getByTestId('stage-search-option').first().waitFor({ timeout: 20_000 })
        await input.press('ArrowDown')
        await settle(page)
        const violations = await seriousFindings(page)
        found.push(...violations.map((v) => `${colorScheme} ${path}: ${v}`))
        await page.close()
      }
    expect(found).toEqual([])
  }, 180_000)
})
