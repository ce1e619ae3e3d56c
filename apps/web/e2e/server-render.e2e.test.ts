// @vitest-environment node
/**
 * Item, stage, report and statistics pages rendered by the server (issue 21, apps/server plugins/web-pages.ts): a shared
 * link's HTML already holds the page with its rows, the numbers are the API's, and on a phone the app
 * hydrates those nodes (`<html data-first-render="hydrate">`) instead of drawing the page again.
 */
import type { BrowserContextOptions } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBackends, hasChromium, settle, setUpServerAndBrowser, watch } from './harness'
import { expectedRows, openNow, shownRows, showClosed, type MatrixRow, type OpenStage } from './stats-rows'

const chromium = hasChromium()
const API = '/PenguinStats/api/v2'

describe.skipIf(!chromium).each(e2eBackends('rendered'))('server-rendered stats pages in Chromium on $name', ({ name, env }) => {
  const e2e = setUpServerAndBrowser(env)
  // On PostgreSQL the pages whose rendered numbers come from the database; how the app takes over a rendered
  // page (slots, failed parts, taps before hydration) does not depend on it and is checked on PGlite.
  const uiOnly = it.skipIf(name !== 'embedded PGlite')
  let matrix: MatrixRow[]
  let stages: Map<string, OpenStage>
  const phone = { locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' } as const

  /** The page's HTML once the server has rendered it (a request while the render runs gets the plain app). */
  const renderedHtml = async (path: string) => {
    let html = ''
    for (let i = 0; i < 40 && !html.includes('dropwise-page-data'); i++) {
      html = await (await fetch(`${e2e.server.url}${path}`, { headers: { 'accept-language': 'en-US,en' } })).text()
      if (!html.includes('dropwise-page-data')) await new Promise((r) => setTimeout(r, 250))
    }
    return html
  }

  /**
   * Opens a page as the server rendered it, in a context of its own (`options`, `init` run in it before
   * the page's scripts). The server sends the plain app when the page's answers (asked for on every request)
   * or its render take longer than the budget, as on a loaded CI host: then again, in a new context. Not
   * in the same page: the plain app's files still loading when it is left fail as aborted, and under load
   * Chromium reports some of them after the next document has arrived, as that document's failures.
   */
  const openRendered = async (path: string, options: BrowserContextOptions, init?: () => void) => {
    for (let i = 0; i < 20; i++) {
      const ctx = await e2e.browser.newContext(options)
      if (init) await ctx.addInitScript(init)
      const page = await ctx.newPage()
      const problems = watch(page)
      const res = await page.goto(`${e2e.server.url}${path}`)
      if (!(res?.headers()['server-timing'] ?? '').includes('plain')) return { ctx, page, problems }
      await ctx.close()
      await new Promise((r) => setTimeout(r, 250))
    }
    throw new Error(`${path} never came rendered`)
  }

  /** The page on a phone without scripts: what the first paint shows is the server's HTML. */
  const openBare = (path: string) => openRendered(path, { ...phone, javaScriptEnabled: false })
  /** The page on a phone with scripts, once the app has hydrated the server's nodes. */
  const openHydrated = async (path: string) => {
    const opened = await openRendered(path, phone)
    await expect.poll(() => opened.page.evaluate(() => document.documentElement.dataset.firstRender), { timeout: 30_000 }).toBe('hydrate')
    return opened
  }

  beforeAll(async () => {
    const raw = (await (await fetch(`${e2e.server.url}${API}/_private/result/matrix/CN/global/all`)).json()) as MatrixRow[] | { matrix: MatrixRow[] }
    matrix = Array.isArray(raw) ? raw : raw.matrix
    const list = (await (await fetch(`${e2e.server.url}${API}/stages?server=CN`)).json()) as OpenStage[]
    stages = new Map(list.map((s) => [s.stageId, s]))
  }, 300_000)

  it('a shared link arrives rendered with its rows, the API numbers, and hydrates (issue 21)', async () => {
    for (const { path, mode, id, title } of [
      { path: '/result/item/30012', mode: 'item', id: '30012', title: 'Orirock Cube' },
      { path: '/result/stage/main_1/main_01-07', mode: 'stage', id: 'main_01-07', title: '1-7' },
    ] as const) {
      const html = await renderedHtml(path)
      expect(html, path).toContain('id="dropwise-page-data"')
      expect(html, path).toContain(title)
      expect(html, path).toContain('data-testid="basis-note"')
      // On a phone the stage's details stand above its table, and come before it in the HTML too: a first
      // paint of part of the page (the parser yields wherever the bytes end) must not have them appear above
      // the table afterwards, pushing it down (a layout shift of 0.07-0.10 in Lighthouse).
      if (mode === 'stage') {
        const details = html.indexOf('data-testid="stage-details"')
        expect(details, path).toBeGreaterThan(0)
        expect(details, path).toBeLessThan(html.indexOf('aria-label="Drop rates of this stage by item"'))
      }
      const expected = expectedRows(matrix, mode, id)
      // By default the page lists what is open now (issue 38 §2); the rest is one switch away.
      const now = Date.now()
      const open = matrix.filter((m) => (mode === 'item' ? m.itemId : m.stageId) === id && openNow(m, mode, stages, 'CN', now)).length
      // A phone, first without scripts: what the first paint shows is the server's HTML.
      const { ctx: still, page: bare } = await openBare(path)
      expect(await bare.isVisible('[data-testid="page-hold"][data-ready="true"] [data-testid="basis-note"]'), path).toBe(true)
      const firstPaint = await bare.$$eval('[data-testid="stats-row"]', (rows) => rows.map((r) => r.textContent))
      expect(firstPaint.length, path).toBe(Math.min(10, open))
      await still.close()
      // With scripts: the app hydrates those nodes (no mismatch, nothing drawn again) and shows every API row.
      const { ctx: live, page, problems } = await openHydrated(path)
      await settle(page)
      expect(await page.evaluate(() => document.documentElement.dataset.firstRender)).toBe('hydrate')
      expect(await page.$$eval('[data-testid="stats-row"]', (rows) => rows.map((r) => r.textContent))).toEqual(firstPaint)
      // The rows start below the first screen: they stay the server's nodes, not hydrated (React has put no
      // fiber on them), until they come on screen; then React adopts those same nodes (components/hydrate-when-seen.tsx).
      const firstRow = page.locator('[data-testid="stats-row"]').first()
      const rowState = () => firstRow.evaluate((r) => ({ hydrated: Object.keys(r).some((k) => k.startsWith('__reactFiber')), same: (r as { mark?: number }).mark === 1 }))
      await firstRow.evaluate((r) => void ((r as { mark?: number }).mark = 1))
      expect(await firstRow.evaluate((r) => r.getBoundingClientRect().top > innerHeight), path).toBe(true)
      expect(await rowState(), path).toEqual({ hydrated: false, same: true })
      await firstRow.scrollIntoViewIfNeeded()
      await expect.poll(rowState, { timeout: 10_000 }).toEqual({ hydrated: true, same: true })
      expect(await page.evaluate(() => document.documentElement.dataset.firstRender)).toBe('hydrate')
      await showClosed(page)
      expect(await shownRows(page, expected.length), path).toEqual(expected)
      expect(problems).toEqual([])
      await live.close()
    }
  }, 360_000)

  uiOnly(
    "the guide badge loads inside a place of its own: no child of the page's Stack is swapped before later ones",
    async () => {
      // A Stack spaces its children with `> :not(style) ~ :not(style)`: a child added or removed before others
      // makes the browser restyle every later sibling's whole subtree (results/page-parts.tsx BadgeSlot). The
      // Stacks watched are the page's own, around its title (a toolbar's buttons coming in cost little).
      const watchStacks = () => {
        const w = window as unknown as { __stackSwaps: string[] }
        w.__stackSwaps = []
        new MutationObserver((list) => {
          for (const m of list) {
            const changed = [...m.addedNodes, ...m.removedNodes].filter((n): n is Element => n.nodeType === 1)
            const target = m.target as Element
            if (target.classList?.contains('MuiStack-root') && target.querySelector('[data-testid^="selected-"]') && m.nextSibling && changed.length)
              w.__stackSwaps.push(changed.map((n) => n.className).join(' '))
          }
        }).observe(document, { childList: true, subtree: true })
      }
      for (const [path, badge] of [
        ['/result/item/30012', 'guide-badge-item'],
        ['/result/stage/main_1/main_01-07', 'guide-badge-stage'],
      ] as const) {
        const { ctx, page, problems } = await openRendered(path, phone, watchStacks)
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.firstRender), { timeout: 30_000 }).toBe('hydrate')
        // The badge's code and figures came: its chip is drawn, in its place.
        await page.getByTestId('badge-slot').getByTestId(badge).waitFor({ timeout: 30_000 })
        await settle(page)
        expect(await page.evaluate(() => (window as unknown as { __stackSwaps: string[] }).__stackSwaps), path).toEqual([])
        expect(problems).toEqual([])
        await ctx.close()
      }
    },
    240_000,
  )

  uiOnly(
    "a stage page stays, rows and all, when an optional part's code cannot be fetched",
    async () => {
      // As when the server goes away or a deploy removes a chunk mid-visit (components/lazy-mount.tsx OptionalPart).
      const ctx = await e2e.browser.newContext(phone)
      await ctx.route(/\/assets\/(efficiency-badge|export-button|pattern-section)-[^/]*\.js$/, (route) => route.abort())
      const page = await ctx.newPage()
      await page.goto(`${e2e.server.url}/result/stage/main_1/main_01-07`)
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.firstRender), { timeout: 30_000 }).toBeTruthy()
      await settle(page)
      expect(await page.getByTestId('selected-stage').textContent()).toContain('1-7')
      expect(await page.locator('[data-testid="stats-row"]').count()).toBeGreaterThan(0)
      expect(await page.getByText('This page could not be loaded').count()).toBe(0)
      await ctx.close()
    },
    120_000,
  )

  uiOnly(
    'a report form arrives rendered, takes no taps until it has hydrated, then counts them (issue 21)',
    async () => {
      const path = '/report/stage/main_1/main_01-07'
      const stage = (await (await fetch(`${e2e.server.url}${API}/stages/main_01-07?server=CN`)).json()) as { dropInfos: { itemId?: string; dropType: string }[] }
      const listed = [...new Set(stage.dropInfos.flatMap((d) => (d.itemId && d.itemId !== 'furni' ? [d.itemId] : [])))].sort()
      const html = await renderedHtml(path)
      expect(html).toContain('id="dropwise-page-data"')
      expect(html).toMatch(/data-testid="report-stage-code"[^>]*>1-7</)
      // Before its code runs the form is there to read, and inert: a tap must not look counted and be lost.
      const { ctx: still, page: bare } = await openBare(path)
      expect(await bare.getByTestId('report-page').getAttribute('inert')).toBe('')
      const tiles = await bare.$$eval('[data-testid^="stepper-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice('stepper-'.length)))
      expect([...new Set(tiles)].sort()).toEqual(listed)
      await still.close()
      const { ctx: live, page, problems } = await openHydrated(path)
      await expect.poll(() => page.getByTestId('report-page').getAttribute('inert'), { timeout: 15_000 }).toBeNull()
      const tile = page.getByTestId('stepper-30012').first()
      // The tile itself (its − and + buttons name the item too).
      await tile
        .getByRole('button', { name: /orirock cube/i })
        .first()
        .click()
      await expect.poll(() => tile.getAttribute('data-count')).toBe('1')
      // The stage selector reads the whole catalog (the page carried its own stage only).
      await page.getByRole('link', { name: /change stage/i }).click()
      await expect.poll(() => page.getByTestId('zone-panel').count(), { timeout: 15_000 }).toBeGreaterThan(3)
      await settle(page)
      expect(await page.evaluate(() => document.documentElement.dataset.firstRender)).toBe('hydrate')
      expect(problems).toEqual([])
      await live.close()
    },
    120_000,
  )

  uiOnly(
    "a report form rendered for CN is not hydrated for a visitor reading another server: drawn afresh from that server's list",
    async () => {
      const path = '/report/stage/main_1/main_01-07'
      await renderedHtml(path)
      const us = (await (await fetch(`${e2e.server.url}${API}/stages/main_01-07?server=US`)).json()) as { dropInfos: { itemId?: string }[] }
      const listed = [...new Set(us.dropInfos.flatMap((d) => (d.itemId && d.itemId !== 'furni' ? [d.itemId] : [])))].sort()
      const { ctx, page, problems } = await openRendered(path, phone, () =>
        localStorage.setItem('penguin-stats-data-source', JSON.stringify({ source: 'global', server: 'US', category: 'all' })),
      )
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.firstRender), { timeout: 30_000 }).toBe('fresh')
      await expect.poll(() => page.getByTestId('report-page').getAttribute('inert'), { timeout: 15_000 }).toBeNull()
      const tiles = await page.$$eval('[data-testid^="stepper-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice('stepper-'.length)))
      expect([...new Set(tiles)].sort()).toEqual(listed)
      await expect.poll(() => page.getByTestId('report-submit').textContent()).toMatch(/US/)
      await settle(page)
      expect(problems).toEqual([])
      await ctx.close()
    },
    120_000,
  )

  it('the statistics arrive rendered with the API totals and its rankings, and hydrate', async () => {
    const stats = (await (await fetch(`${e2e.server.url}${API}/stats?server=CN`)).json()) as { totalStageTimes: { stageId: string; times: number }[] }
    const reports = stats.totalStageTimes.reduce((a, r) => a + r.times, 0).toLocaleString('en-US')
    const html = await renderedHtml('/statistics')
    expect(html).toContain('id="dropwise-page-data"')
    expect(html).toMatch(new RegExp(`data-testid="stats-reports-all"[^>]*>${reports}<`))
    const { ctx: live, page, problems } = await openHydrated('/statistics')
    await settle(page)
    expect(await page.evaluate(() => document.documentElement.dataset.firstRender)).toBe('hydrate')
    expect(await page.getByTestId('stats-reports-all').textContent()).toBe(reports)
    // The all-time ranking's first page names its stages from the seeds; the next page, once the whole
    // lists are in (they were cut to the first pages): a stage code, not its id.
    const eleventh = [...stats.totalStageTimes].sort((a, b) => b.times - a.times)[10]!.stageId
    const rows = page.getByTestId('stages-all-row')
    expect(await rows.count()).toBe(10)
    await page.getByTestId('stages-all').getByRole('button', { name: /next/i }).click()
    await expect.poll(() => rows.first().locator('td').nth(1).textContent()).not.toContain(eleventh)
    expect(problems).toEqual([])
    await live.close()
  }, 120_000)
})
