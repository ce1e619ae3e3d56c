// @vitest-environment node
/**
 * A server that cannot fetch the game art (an air-gapped install: `ASSETS_BASE_URL` names a host that
 * does not resolve), as a player sees it in Chromium (issue 38 point 7): every item has a drawn icon of
 * its own, the item list writes the names under the icons at 1366 px and 390 px, and the recognition
 * page says in plain words that recognition is not ready and links to the hand report, while the
 * failure and what to change are in `/api/_/health` only.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

/** Not a host anywhere (RFC 2606): the server's downloads fail as in an air-gapped install. */
const NOWHERE = 'http://assets.invalid'

/** What a drawn icon looks like: its shape, its colour and its text. */
const looks = (page: Page, itemId: string) =>
  page.locator(`[data-testid="item-tile"][data-item-id="${itemId}"] [role="img"]`).evaluate((el) => {
    const [shape, hue, text] = el.getAttribute('data-drawn')?.split(' ') ?? []
    return { art: el.getAttribute('data-art'), shape, hue, text, image: getComputedStyle(el).backgroundImage.startsWith('url("data:image/svg+xml,') }
  })

interface Box {
  x: number
  y: number
  width: number
  height: number
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Every tile's icon and name boxes, its name's font size, and whether the name is cut sideways or cut short. */
const tileBoxes = (page: Page) =>
  page.locator('[data-testid="item-tile"]').evaluateAll((tiles) =>
    tiles.map((t) => {
      const box = (el: Element | null) => {
        const r = el?.getBoundingClientRect()
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null
      }
      const name = t.querySelector('[data-testid="item-tile-name"]')
      return {
        id: t.getAttribute('data-item-id'),
        icon: box(t.querySelector('[role="img"]')),
        name: box(name),
        text: (name as HTMLElement | null)?.innerText ?? '',
        fontPx: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
        cutSideways: name ? name.scrollWidth > name.clientWidth + 1 : true,
        clamped: name ? name.scrollHeight > name.clientHeight + 1 : true,
      }
    }),
  )

describe.skipIf(!hasChromium())('without game art, in Chromium', () => {
  const e2e = setUpServerAndBrowser({ ASSETS: 'on', ASSETS_BASE_URL: NOWHERE, DATA_SYNC: 'off' })

  /** The server has given up its first attempt: it says `unavailable`. */
  const unavailable = async () =>
    expect
      .poll(async () => ((await (await fetch(`${e2e.server.url}/api/_/assets`)).json()) as { state: string }).state, { timeout: 60_000, interval: 500 })
      .toBe('unavailable')

  it('draws each item its own icon and writes the names under them on a desktop', async () => {
    await unavailable()
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/item`)
    await page.locator('[data-testid="item-tile"][data-item-id="30012"] [data-art="drawn"]').waitFor({ timeout: 30_000 })

    // The two items a player saw as one green hexagon.
    const cube = await looks(page, '30012')
    const record = await looks(page, '2001')
    expect(cube).toMatchObject({ art: 'drawn', text: 'OC', image: true })
    expect(record).toMatchObject({ art: 'drawn', text: 'DBR', image: true })
    expect([cube.shape, cube.hue]).not.toEqual([record.shape, record.hue])

    const tiles = await tileBoxes(page)
    expect(tiles.length).toBeGreaterThan(50)
    const shown = new Set<string>()
    for (const t of tiles) {
      expect(t.name, `${t.id} has a name`).not.toBeNull()
      expect(t.text.length, `${t.id}'s name is written`).toBeGreaterThan(0)
      // Under its icon, readable, not cut at the sides.
      expect(t.name!.y, `${t.id}'s name is under its icon`).toBeGreaterThanOrEqual(t.icon!.y + t.icon!.height - 0.5)
      expect(t.fontPx).toBeGreaterThanOrEqual(11)
      expect(t.cutSideways, `${t.id}'s name fits its tile`).toBe(false)
      expect(t.clamped, `${t.id}'s name "${t.text}" is whole`).toBe(false)
      shown.add(`${t.id}`)
    }
    expect(shown.has('30012') && shown.has('2001')).toBe(true)
    expect(tiles.find((t) => t.id === '30012')?.text).toBe('Orirock Cube')
    // No name runs into another tile's name or icon.
    for (const [i, a] of tiles.entries())
      for (const b of tiles.slice(i + 1)) {
        expect(overlap(a.name!, b.name!), `${a.id} and ${b.id}: names`).toBe(false)
        expect(overlap(a.name!, b.icon!) || overlap(b.name!, a.icon!), `${a.id} and ${b.id}: name and icon`).toBe(false)
      }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('keeps the names readable on a phone, in the UI language', async () => {
    const ctx = await e2e.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/item`)
    await page.locator('[data-testid="item-tile"][data-item-id="30012"] [data-art="drawn"]').waitFor({ timeout: 30_000 })
    expect(await looks(page, '30012')).toMatchObject({ art: 'drawn', text: '初岩' })
    const tiles = await tileBoxes(page)
    for (const t of tiles) {
      expect(t.fontPx).toBeGreaterThanOrEqual(11)
      expect(t.cutSideways, `${t.id}'s name fits its tile`).toBe(false)
    }
    expect(tiles.find((t) => t.id === '30012')?.text).toBe('初級源岩')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await settle(page)
    expect(problems).toEqual([])
  }, 90_000)

  it('tells a player recognition is not ready and to report by hand, with no addresses or error codes; operators read them in health', async () => {
    await unavailable()
    for (const { locale, title, manual } of [
      { locale: 'en-US', title: 'Screenshot recognition is not ready yet', manual: 'Report by hand' },
      { locale: 'zh-CN', title: '截图识别还没有准备好', manual: '手动汇报' },
    ]) {
      const ctx = await e2e.newContext({ locale, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
      const page = await ctx.newPage()
      const problems = watch(page)
      await page.goto(`${e2e.server.url}/report/recognition`)
      const alert = page.getByTestId('recognition-unavailable')
      await alert.waitFor({ timeout: 30_000 })
      expect(await alert.getAttribute('data-state')).toBe('unavailable')
      const text = await alert.innerText()
      expect(text.startsWith(title)).toBe(true)
      const link = alert.getByRole('link', { name: manual })
      expect(await link.getAttribute('href')).toBe('/report/stage')
      const pageText = await page.locator('main').innerText()
      for (const raw of ['ENOTFOUND', 'EAI_AGAIN', 'assets.invalid', 'http', 'ASSETS', 'README', 'Operators', '运营者'])
        expect(pageText, `no "${raw}" on the page`).not.toContain(raw)
      expect(await page.getByTestId('recognition-file-input').count()).toBe(0)
      await link.click()
      await page.waitForURL(/\/report\/stage$/)
      await settle(page)
      expect(problems).toEqual([])
    }
    const health = (await (await fetch(`${e2e.server.url}/api/_/health`)).json()) as {
      status: string
      assets?: { state: string; reason: string | null; hint: string | null }
    }
    expect(health.status).toBe('ok')
    expect(health.assets?.state).toBe('unavailable')
    expect(health.assets?.reason).toContain('assets.invalid')
    expect(health.assets?.hint).toMatch(/ASSETS_BASE_URL.*ASSETS_DIR/)
  }, 120_000)
})
