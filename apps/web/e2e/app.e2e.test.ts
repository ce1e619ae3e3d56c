// @vitest-environment node
/**
 * The built app served by our own server, driven in Debian's Chromium (issue #4 §8): every route
 * in zh/en/ja/ko without console errors or failed requests, server switch, login/logout, reset-all.
 * One server and one browser for the whole file; languages run in parallel browser contexts.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { samplePaths } from '../src/config/paths'
import { CHROMIUM_PATH, hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'

const LOCALES = [
  { id: 'zh', browser: 'zh-CN', htmlLang: 'zh-CN' },
  { id: 'en', browser: 'en-US', htmlLang: 'en' },
  { id: 'ja', browser: 'ja-JP', htmlLang: 'ja' },
  { id: 'ko', browser: 'ko-KR', htmlLang: 'ko' },
] as const

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const storageOf = (page: Page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])))

const readJsonKey = async (page: Page, key: string) => {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key)
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>)
}

describe.skipIf(!chromium)('web app in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let sample: { zoneId: string; stageId: string; itemId: string }

  const newContext = async (locale = 'zh-CN') => {
    const ctx = await e2e.newContext({ locale, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
    return ctx
  }

  beforeAll(async () => {
    const stages = (await (await fetch(`${e2e.server.url}/api/v2/stages?server=CN`)).json()) as { stageId: string; zoneId: string; dropInfos?: { itemId?: string }[] }[]
    const stage = stages.find((s) => s.stageId === 'main_01-07') ?? stages[0]
    const items = (await (await fetch(`${e2e.server.url}/api/v2/items`)).json()) as { itemId: string }[]
    if (!stage || !items[0]) throw new Error('the server has no stages or items')
    sample = { zoneId: stage.zoneId, stageId: stage.stageId, itemId: items.find((i) => i.itemId === '30012')?.itemId ?? items[0].itemId }
  }, 300_000)

  it('renders every route in zh, en, ja and ko with no console error and no failed request', async () => {
    const routes = [...samplePaths(sample), '/no/such/page']
    const failures: string[] = []
    await Promise.all(
      LOCALES.map(async (locale) => {
        const ctx = await newContext(locale.browser)
        const page = await ctx.newPage()
        const problems = watch(page)
        for (const route of routes) {
          problems.length = 0
          leaving(page)
          await page.goto(`${e2e.server.url}${route}`, { waitUntil: 'networkidle' })
          await page.waitForSelector('#main', { timeout: 20_000 })
          await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
          // Requests the page starts late (validation chunk, notices) finish here, not in the next route.
          await settle(page)
          const state = await page.evaluate(() => ({
            lang: document.documentElement.lang,
            title: document.title,
            text: (document.querySelector('#main') as HTMLElement | null)?.innerText.trim() ?? '',
            notFound: document.querySelector('[data-testid="not-found"]') !== null,
          }))
          const where = `${locale.id} ${route}`
          if (state.lang !== locale.htmlLang) failures.push(`${where}: <html lang> is ${state.lang}`)
          if (!state.title) failures.push(`${where}: empty title`)
          if (route === '/no/such/page' ? !state.notFound : state.notFound || state.text.length === 0) failures.push(`${where}: did not render`)
          for (const p of problems) failures.push(`${where}: ${p}`)
        }
        await ctx.close()
      }),
    )
    expect(failures).toEqual([])
  }, 240_000)

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
  }, 90_000)

  it('paints /search pre-rendered and hydrates it with the box focused; a search in the address is rendered by the app', async () => {
    const ctx = await e2e.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, serviceWorkers: 'block', locale: 'zh-CN', colorScheme: 'light' })
    const page = await ctx.newPage()
    const problems = watch(page)
    const res = await page.goto(`${e2e.server.url}/search`, { waitUntil: 'networkidle' })
    const html = (await res?.text()) ?? ''
    expect(html).toContain('<meta name="dropwise-prerender" content="zh.light"')
    expect(html).toMatch(/<h1[^>]*>全局搜索<\/h1>/)
    await page.waitForFunction(() => document.documentElement.dataset.firstRender && !document.getElementById('boot'), undefined, { timeout: 30_000 })
    await settle(page)
    expect(await page.evaluate(() => document.documentElement.dataset.firstRender)).toBe('hydrate')
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

  it('switching server refetches the server data and keeps the settings', async () => {
    const ctx = await newContext()
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    // A setting that differs from the defaults: low-data mode and the English interface.
    await page.evaluate(() => {
      const raw = localStorage.getItem('penguin-stats-settings')
      const s = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      localStorage.setItem('penguin-stats-settings', JSON.stringify({ ...s, lowData: true, language: 'en' }))
    })
    // A reload aborts what the page still loads at idle (update prompt, dataset worker): not a problem of the page.
    leaving(page)
    await page.reload({ waitUntil: 'networkidle' })
    await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 30_000 })
    const settingsBefore = await readJsonKey(page, 'penguin-stats-settings')

    // The new server's data is requested and fully received (settle only sees requests it was there for).
    const refetch = Promise.all(
      ['/api/v2/stages?server=US', '/api/v2/stats?server=US'].map((part) => page.waitForResponse((r) => r.url().includes(part)).then((r) => r.finished())),
    )
    await page.getByTestId('server-selector').click()
    await page.getByTestId('server-US').click()
    await refetch
    await settle(page)
    await expect.poll(async () => (await readJsonKey(page, 'penguin-stats-data-source'))?.server).toBe('US')
    expect(await readJsonKey(page, 'penguin-stats-settings')).toEqual(settingsBefore)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    // After a reload the chosen server and the settings are still there (US data now comes from the cache).
    const label = await page.getByTestId('server-selector').innerText()
    leaving(page)
    await page.reload({ waitUntil: 'networkidle' })
    await settle(page)
    expect(await page.getByTestId('server-selector').innerText()).toBe(label)
    expect((await readJsonKey(page, 'penguin-stats-data-source'))?.server).toBe('US')
    expect((await readJsonKey(page, 'penguin-stats-settings'))?.lowData).toBe(true)
    expect(problems).toEqual([])
    await ctx.close()
  }, 60_000)

  it('logs in with a PenguinID and logs out again', async () => {
    const report = await fetch(`${e2e.server.url}/api/v2/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ server: 'CN', source: 'dropwise-e2e', version: 'v0.0.1', stageId: 'wk_kc_5', drops: [] }),
    })
    expect(report.status).toBe(200)
    const id = decodeURIComponent(report.headers.get('x-penguin-set-penguinid') ?? '')
    expect(id).not.toBe('')

    const ctx = await newContext()
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    await page.getByTestId('login-button').click()
    await page.getByTestId('login-input').fill(id)
    await page.getByTestId('login-input').press('Enter')
    await page.getByTestId('account-button').waitFor()
    expect((await readJsonKey(page, 'penguin-stats-auth'))?.username).toBe(id)
    // The id is remembered for the forgot-ID list.
    const history = (await readJsonKey(page, 'penguin-stats-settings'))?.userIdHistory as { id: string }[]
    expect(history.map((e) => e.id)).toContain(id)

    await page.getByTestId('account-button').click()
    await page.getByTestId('logout').click()
    await page.getByTestId('login-button').waitFor()
    expect((await readJsonKey(page, 'penguin-stats-auth'))?.username ?? null).toBeNull()

    // A wrong id is refused with the not-found message and leaves the visitor logged out.
    await page.getByTestId('login-button').click()
    await page.getByTestId('login-input').fill('99999999')
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v2/users'))
    await page.getByTestId('login-input').press('Enter')
    expect((await refused).status()).toBeGreaterThanOrEqual(400)
    expect((await readJsonKey(page, 'penguin-stats-auth'))?.username ?? null).toBeNull()
    await settle(page)
    // That refusal is the one expected failed response (Chromium also logs it to the console).
    expect(problems.filter((p) => !p.includes('/api/v2/users') && !p.startsWith('console: Failed to load resource'))).toEqual([])
    await ctx.close()
  }, 60_000)

  it('reset-all clears storage after the countdown and reloads', async () => {
    const ctx = await newContext()
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    await page.evaluate(() => {
      localStorage.setItem('dropwise-e2e-marker', '1')
      sessionStorage.setItem('dropwise-e2e-marker', '1')
      localStorage.setItem('penguin-stats-settings', JSON.stringify({ lowData: true, dark: 'light' }))
    })
    expect(Object.keys(await storageOf(page))).toContain('dropwise-e2e-marker')
    await page.getByTestId('open-settings').click()
    await page.getByTestId('reset-open').click()
    const confirm = page.getByTestId('reset-confirm')
    await expect(confirm.isDisabled()).resolves.toBe(true)
    await page.waitForFunction(() => !(document.querySelector('[data-testid="reset-confirm"]') as HTMLButtonElement | null)?.disabled, undefined, {
      timeout: 10_000,
    })
    const reloaded = page.waitForEvent('load', { timeout: 15_000 })
    // The app reloads itself after the reset: what the old document still loaded may be aborted.
    leaving(page)
    await confirm.click()
    await reloaded
    await page.waitForLoadState('networkidle')
    const after = await storageOf(page)
    expect(after['dropwise-e2e-marker']).toBeUndefined()
    expect(await page.evaluate(() => sessionStorage.getItem('dropwise-e2e-marker'))).toBeNull()
    const settings = after['penguin-stats-settings'] ? (JSON.parse(after['penguin-stats-settings']) as { lowData?: boolean }) : {}
    expect(settings.lowData ?? false).toBe(false)
    expect(problems).toEqual([])
    await ctx.close()
  }, 60_000)
})
