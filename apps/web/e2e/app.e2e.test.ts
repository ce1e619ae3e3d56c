// @vitest-environment node
/**
 * The built app served by our own server, driven in Debian's Chromium (issue #4 §8): every route
 * loaded from the server (zh/en/ja/ko in turn) without console errors or failed requests, server
 * switch, login/logout, reset-all. One server and one browser for the whole file; languages run in
 * parallel browser contexts.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { samplePaths } from '../src/config/paths'
import { CHROMIUM_PATH, hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'
import { LANGS } from './route-walk'

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

  // Every route loads once from the server, in one of the four languages in turn (four pages at once): the
  // server's rendering or pre-render and the hydration of each. Every route in every language, reached in the
  // app, is route-walks.e2e's walk, which checks the same (language, title, no console error or failed request).
  it('loads every route from the server with no console error and no failed request, in zh, en, ja and ko in turn', async () => {
    const routes = [...samplePaths(sample), '/no/such/page']
    const failures: string[] = []
    await Promise.all(
      LANGS.map(async (locale, l) => {
        const ctx = await newContext(locale.browser)
        const page = await ctx.newPage()
        const problems = watch(page)
        for (const route of routes.filter((_, r) => r % LANGS.length === l)) {
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
