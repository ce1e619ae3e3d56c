// @vitest-environment node
/**
 * Pages that arrive pre-rendered by the build (`/`, `/search`, `/advanced`, `/planner`: src/ssr.tsx
 * PRERENDERED_PATHS), driven in Debian's Chromium: the HTML holds the page, the app hydrates it when it
 * fits the visitor and draws it afresh when it does not (another language or colour scheme, a stored
 * plan), with no console error.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

describe.skipIf(!chromium)('pre-rendered pages in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  const phone = (locale: string) => e2e.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'block', locale, colorScheme: 'light' })
  const firstRender = (page: Page) => page.evaluate(() => document.documentElement.dataset.firstRender)

  /**
   * Opens `path` in a new tab of `ctx`, expects its HTML to hold the page (`variant`, `heading`) when
   * `variant` is given, and waits for the app's first render.
   */
  const openPage = async (ctx: BrowserContext, path: string, variant?: string, heading?: RegExp) => {
    const page = await ctx.newPage()
    const problems = watch(page)
    const res = await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
    const html = (await res?.text()) ?? ''
    if (variant) expect(html, path).toContain(`<meta name="dropwise-prerender" content="${variant}"`)
    if (heading) expect(html, path).toMatch(heading)
    await page.waitForFunction(() => document.documentElement.dataset.firstRender && !document.getElementById('boot'), undefined, { timeout: 30_000 })
    return { page, problems, html }
  }

  it('paints the pre-rendered home page and hydrates it in place; another language or colour scheme renders afresh', async () => {
    const phone = { viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'block' as const }
    // Counts headings the app removes: hydration keeps the server's nodes, a fresh render replaces them.
    const track = `window.__removedHeadings = 0; new MutationObserver((list) => { for (const m of list) for (const n of m.removedNodes)
      if (n.nodeType === 1 && (n.matches('h1') || n.querySelector('h1'))) window.__removedHeadings++ }).observe(document, { childList: true, subtree: true })`
    const open = async (ctx: BrowserContext) => {
      const page = await ctx.newPage()
      await page.addInitScript(track)
      const problems = watch(page)
      const res = await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
      // The app requests its scripts after the first frame: on a busy machine the network may be idle before.
      await page.waitForFunction(() => document.documentElement.dataset.firstRender && !document.getElementById('boot'), undefined, { timeout: 30_000 })
      await settle(page)
      const state = await page.evaluate(`({ render: document.documentElement.dataset.firstRender, removed: window.__removedHeadings,
        off: document.documentElement.classList.contains('pre-off'), boot: !!document.getElementById('boot'), h1: document.querySelector('h1')?.textContent,
        cookie: document.cookie })`)
      return { page, problems, html: (await res?.text()) ?? '', state: state as Record<string, unknown> }
    }

    const en = await e2e.newContext({ ...phone, locale: 'en-US', colorScheme: 'light' })
    const first = await open(en)
    // The page arrives with its content: the heading is in the HTML, before any script ran.
    expect(first.html).toContain('<meta name="dropwise-prerender" content="en.light"')
    expect(first.html).toMatch(/<h1[^>]*>Welcome to Dropwise<\/h1>/)
    expect(first.state).toMatchObject({ render: 'hydrate', removed: 0, off: false, boot: false, h1: 'Welcome to Dropwise' })
    expect(first.state.cookie).toContain('dropwise-home=en.light')
    expect(first.problems).toEqual([])

    // A Japanese visitor whose system is dark gets the Japanese light page the first time (the server
    // cannot know the scheme yet): it is hidden before it paints and the app renders afresh, in dark.
    const ja = await e2e.newContext({ ...phone, locale: 'ja-JP', colorScheme: 'dark' })
    const second = await open(ja)
    expect(second.html).toContain('content="ja.light"')
    expect(second.state).toMatchObject({ render: 'fresh', off: false, boot: false })
    expect(second.state.removed).toBeGreaterThan(0)
    expect(second.state.cookie).toContain('dropwise-home=ja.dark')
    expect(second.problems).toEqual([])
    // The app remembered the variant: the next visit gets the dark page and hydrates it.
    const again = await open(ja)
    expect(again.html).toContain('content="ja.dark"')
    expect(again.state).toMatchObject({ render: 'hydrate', removed: 0 })
    expect(again.problems).toEqual([])
  }, 180_000)

  it("sets the visitor's colour mode on <html> before the app's code runs", async () => {
    // The app sets it too (use-app-theme.ts): the same value then changes nothing, where a new one, an
    // inherited property on the root, restyled the whole rendered page.
    for (const colorScheme of ['dark', 'light'] as const) {
      const ctx = await e2e.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'block', locale: 'en-US', colorScheme })
      await ctx.route('**/assets/**', (route) => route.abort())
      const page = await ctx.newPage()
      await page.goto(`${e2e.server.url}/result/item/30012`, { waitUntil: 'domcontentloaded' })
      expect(await page.evaluate(() => [document.documentElement.style.colorScheme, document.documentElement.dataset.firstRender ?? null])).toEqual([colorScheme, null])
      await ctx.close()
    }
  }, 120_000)

  it('paints /search pre-rendered and hydrates it with the box focused; a search in the address is rendered by the app', async () => {
    const ctx = await phone('zh-CN')
    const { page, problems } = await openPage(ctx, '/search', 'zh.light', /<h1[^>]*>全局搜索<\/h1>/)
    await settle(page)
    expect(await firstRender(page)).toBe('hydrate')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-input')
    // The hydrated page works: typing searches.
    await page.keyboard.type('1-7')
    await page.getByTestId('search-result').first().waitFor({ timeout: 30_000 })
    expect(page.url()).toContain('/search?q=1-7')
    expect(problems).toEqual([])

    const withQuery = await ctx.newPage()
    const queryProblems = watch(withQuery)
    const answer = await withQuery.goto(`${e2e.server.url}/search?q=1-7`, { waitUntil: 'networkidle' })
    expect((await answer?.text()) ?? '').not.toContain('<meta name="dropwise-prerender"')
    await withQuery.getByTestId('search-result').first().waitFor({ timeout: 30_000 })
    expect(queryProblems).toEqual([])
    await ctx.close()
  }, 90_000)

  it('paints /advanced pre-rendered and hydrates it, also for a visitor with the lists stored', async () => {
    const ctx = await phone('en-US')
    for (const visit of ['first', 'returning']) {
      const { page, problems } = await openPage(ctx, '/advanced', 'en.light', /<h1[^>]*>Advanced Query<\/h1>/)
      // The builder comes with the lists, after the hydration (the stored ones are not read while hydrating).
      await page.getByTestId('advanced-execute').waitFor({ timeout: 30_000 })
      await settle(page)
      expect(await firstRender(page), visit).toBe('hydrate')
      expect(problems, visit).toEqual([])
      // The lists are stored in idle moments: the returning visit starts with them.
      await page.waitForFunction(() => ['items', 'zones', 'period'].every((n) => localStorage.getItem(`penguin-stats-data/_shared/${n}`) !== null), undefined, {
        timeout: 30_000,
      })
      await page.close()
    }
    await ctx.close()
  }, 90_000)

  it('paints /planner pre-rendered and hydrates it; with a stored plan it is drawn afresh, with the plan', async () => {
    const ctx = await phone('en-US')
    const { page: first, problems } = await openPage(ctx, '/planner', 'en.light', /<h1[^>]*>Farming Planner<\/h1>/)
    await first.getByTestId('planner-need-30012').waitFor({ timeout: 30_000 })
    await settle(first)
    expect(await firstRender(first)).toBe('hydrate')
    expect(problems).toEqual([])
    // A visit that plans nothing stores nothing: the next one would be pre-rendered too.
    expect(await first.evaluate(() => localStorage.getItem('penguin-stats-planner'))).toBeNull()
    // A returning visitor's plan: the pre-rendered page (default options, no counts) is not shown nor hydrated.
    await first.getByTestId('planner-need-30012').fill('7')
    await expect.poll(() => first.evaluate(() => localStorage.getItem('penguin-stats-planner') ?? '')).toContain('"need":7')
    // With the server it was made on (a switch clears its exclusions).
    expect(await first.evaluate(() => localStorage.getItem('penguin-stats-planner'))).toContain('"server":"CN"')
    const { page: again, problems: againProblems } = await openPage(ctx, '/planner')
    expect(await firstRender(again)).toBe('fresh')
    await expect.poll(() => again.getByTestId('planner-need-30012').inputValue(), { timeout: 30_000 }).toBe('7')
    await settle(again)
    expect(againProblems).toEqual([])
    await ctx.close()
  }, 90_000)
})
