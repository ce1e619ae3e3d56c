// @vitest-environment node
/**
 * Game resources the server downloads at run time, as the player sees them: the recognition page
 * while the server prepares them (a progress bar, asked again every 2 s, then the upload control
 * without a reload), when the download failed ("not ready yet" in the player's words, the hand report,
 * Retry; the reason and the operators' hint only in the server's log and health), when the operator
 * switched them off; and the item icons turning into the
 * icon sheet's art once it is ready. `/api/_/assets`, the resource fields of `/config` and the sheet
 * are answered by the browser (page.route), so the journey does not depend on the server's downloads
 * (`ASSETS=off` keeps a server that has them quiet).
 */
import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

type State = 'ready' | 'fetching' | 'unavailable' | 'off'
interface Status {
  state: State
  done: number
  total: number
  reason: string | null
}

const PACK_URL = '/recognizer-pack/'
const ICONS = { sheetUrl: '/assets/icons/e2e-sheet.svg', indexUrl: '/assets/icons/e2e-index.json' }
/** Items with art in the stub sheet; every other item keeps its drawn icon. */
const WITH_ART = ['30012', '30013', '2001'] as const
const INDEX = { size: 64, cols: 2, rows: 2, items: Object.fromEntries(WITH_ART.map((id, i) => [id, [i % 2, Math.floor(i / 2)]])) }
const SHEET = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="64" height="64" fill="#3a7"/><rect x="64" width="64" height="64" fill="#37a"/><rect y="64" width="64" height="64" fill="#a73"/></svg>`

const body = (s: Status) => ({
  ...s,
  recognizer: s.state === 'ready' ? { packUrl: PACK_URL } : null,
  itemIcons: s.state === 'ready' ? ICONS : null,
})

/**
 * The server side of the contract, played by the browser: `status` is what the server says now;
 * `afterRetry` what it says once a player pressed Retry. Records the status requests.
 */
const stubAssets = async (page: Page, first: Status) => {
  const stub = { status: first, afterRetry: null as Status[] | null, gets: 0, retries: 0 }
  const json = (route: Route, data: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', headers: { 'Cache-Control': 'no-store' }, body: JSON.stringify(data) })
  await page.route(/\/api\/_\/assets\/retry$/, async (route) => {
    stub.retries++
    stub.status = stub.afterRetry?.shift() ?? stub.status
    await json(route, body(stub.status), 202)
  })
  await page.route(/\/api\/_\/assets$/, async (route) => {
    stub.gets++
    if (stub.retries > 0 && stub.afterRetry?.length) stub.status = stub.afterRetry.shift()!
    await json(route, body(stub.status))
  })
  await page.route(/\/api\/v2\/config$/, async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>
    const { state, done, total, reason } = stub.status
    const ready = state === 'ready'
    await json(route, { ...real, recognizer: { packUrl: ready ? PACK_URL : null }, assets: { state, done, total, reason }, ...(ready ? { itemIcons: ICONS } : {}) })
  })
  await page.route(/\/assets\/icons\//, (route) =>
    new URL(route.request().url()).pathname === ICONS.indexUrl ? json(route, INDEX) : route.fulfill({ status: 200, contentType: 'image/svg+xml', body: SHEET }),
  )
  return stub
}

describe.skipIf(!chromium)('game resources in Chromium', () => {
  const e2e = setUpServerAndBrowser({ ASSETS: 'off' })

  const newPage = async (viewport = { width: 1366, height: 900 }) => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport, serviceWorkers: 'block' })
    return ctx.newPage()
  }

  it('shows the preparation with its progress, then the upload control without a reload; then the icons are the art', async () => {
    const page = await newPage()
    const problems = watch(page)
    const stub = await stubAssets(page, { state: 'fetching', done: 2, total: 5, reason: null })
    const packRequests: string[] = []
    const assetRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(PACK_URL)) packRequests.push(r.url())
      if (/\/api\/_\/assets|\/assets\/icons\//.test(r.url())) assetRequests.push(new URL(r.url()).pathname)
    })

    // The first load of / shows no items: it asks nothing about resources or icons.
    await page.goto(e2e.server.url)
    await settle(page)
    expect(assetRequests).toEqual([])
    expect(stub.gets).toBe(0)

    leaving(page)
    await page.goto(`${e2e.server.url}/report/recognition`)
    const preparing = page.getByTestId('recognition-preparing')
    await preparing.waitFor({ timeout: 30_000 })
    expect(await preparing.getByRole('status').innerText()).toBe('Preparing screenshot recognition… 40%')
    const bar = page.getByRole('progressbar', { name: 'Preparing screenshot recognition' })
    expect(await bar.getAttribute('aria-valuenow')).toBe('40')
    expect(await page.getByTestId('recognition-file-input').count()).toBe(0)
    expect(await page.getByTestId('recognition-unavailable').count()).toBe(0)

    // Asked again about every 2 s while the server works.
    const before = stub.gets
    await expect.poll(() => stub.gets, { timeout: 10_000, interval: 250 }).toBeGreaterThanOrEqual(before + 2)
    stub.status = { state: 'fetching', done: 4, total: 5, reason: null }
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('80')

    // Ready: the upload control, without a reload; the pack still waits for screenshots.
    stub.status = { state: 'ready', done: 5, total: 5, reason: null }
    await page.getByTestId('recognition-file-input').waitFor({ state: 'attached', timeout: 10_000 })
    expect(await preparing.count()).toBe(0)
    const gets = stub.gets
    await settle(page)
    await new Promise((r) => setTimeout(r, 2500))
    expect(stub.gets, 'no polling once ready').toBe(gets)
    expect(packRequests).toEqual([])

    // Item pages now draw the sheet's cells for the items it has, the drawn icons for the others.
    leaving(page)
    await page.goto(`${e2e.server.url}/result/item`)
    const tile = (id: string) => page.locator(`[data-testid="item-tile"][data-item-id="${id}"] [role="img"]`)
    await expect.poll(() => tile('30012').getAttribute('data-art'), { timeout: 20_000 }).toBe('art')
    expect(await tile('30013').getAttribute('data-art')).toBe('art')
    expect(await tile('30011').getAttribute('data-art')).toBe('drawn')
    const style = await tile('30013').evaluate((el) => {
      const s = getComputedStyle(el)
      return [s.backgroundImage, s.backgroundSize, s.backgroundPosition]
    })
    expect(style).toEqual([`url("${e2e.server.url}${ICONS.sheetUrl}")`, '96px 96px', '-48px 0px'])
    // A pointer hovers here too, and the names are written under the icons all the same.
    expect(await page.locator('[data-testid="item-tile"][data-item-id="30013"]').getByTestId('item-tile-name').innerText()).toBe('Orirock Cluster')
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('turns the icons of an item page opened while the server prepares into the art, without a reload', async () => {
    const page = await newPage()
    const problems = watch(page)
    const stub = await stubAssets(page, { state: 'fetching', done: 1, total: 5, reason: null })
    await page.goto(`${e2e.server.url}/result/item`)
    const tile = page.locator('[data-testid="item-tile"][data-item-id="30012"] [role="img"]')
    await expect.poll(() => tile.getAttribute('data-art'), { timeout: 30_000 }).toBe('drawn')
    const navigations: string[] = []
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()))
    stub.status = { state: 'ready', done: 5, total: 5, reason: null }
    await expect.poll(() => tile.getAttribute('data-art'), { timeout: 12_000 }).toBe('art')
    expect(navigations).toEqual([])
    // Once the sheet is there, the page stops asking.
    const gets = stub.gets
    await new Promise((r) => setTimeout(r, 6000))
    expect(stub.gets).toBe(gets)
    await settle(page)
    expect(problems).toEqual([])
  }, 90_000)

  it('says in the player’s words that recognition is not ready, without the failure’s details, and Retry prepares again', async () => {
    const page = await newPage()
    const problems = watch(page)
    const stub = await stubAssets(page, { state: 'unavailable', done: 1, total: 5, reason: 'getaddrinfo ENOTFOUND assets.example' })
    // The server may answer the retry itself with the old state (it refuses retries closer than 5 s apart):
    // the page keeps asking every 2 s for a while and sees the new attempt start.
    stub.afterRetry = [
      { state: 'unavailable', done: 1, total: 5, reason: 'getaddrinfo ENOTFOUND assets.example' },
      { state: 'fetching', done: 3, total: 5, reason: null },
      { state: 'ready', done: 5, total: 5, reason: null },
    ]

    await page.goto(`${e2e.server.url}/report/recognition`)
    const alert = page.getByTestId('recognition-unavailable')
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.getAttribute('data-state')).toBe('unavailable')
    const text = await alert.innerText()
    expect(text).toMatch(/^Screenshot recognition is not ready yet\s+This site cannot read battle-result screenshots yet\. Meanwhile, report your drops by hand/)
    expect(text).not.toMatch(/ENOTFOUND|assets\.example|ASSETS|RECOGNIZER_PACK|README|Operators/)
    expect(await alert.getByRole('link', { name: 'Report by hand' }).getAttribute('href')).toBe('/report/stage')
    // The server retries by itself with a growing delay: the page asks only every 30 s meanwhile.
    const gets = stub.gets
    await new Promise((r) => setTimeout(r, 2500))
    expect(stub.gets).toBe(gets)

    const [retry] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/_/assets/retry')), alert.getByRole('button', { name: 'Try again' }).click()])
    expect(retry.method()).toBe('POST')
    await page.getByTestId('recognition-preparing').waitFor({ timeout: 10_000 })
    await page.getByTestId('recognition-file-input').waitFor({ state: 'attached', timeout: 15_000 })
    expect(await alert.count()).toBe(0)
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)

  it('says recognition is switched off when the operator turned the downloads off', async () => {
    const page = await newPage({ width: 390, height: 844 })
    const problems = watch(page)
    await stubAssets(page, { state: 'off', done: 0, total: 0, reason: null })
    await page.goto(`${e2e.server.url}/report/recognition`)
    const alert = page.getByTestId('recognition-unavailable')
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.getAttribute('data-state')).toBe('off')
    expect(await alert.innerText()).toMatch(/^Screenshot recognition is not offered on this site\s+Report your drops by hand instead/)
    expect(await alert.getByRole('link', { name: 'Report by hand' }).getAttribute('href')).toBe('/report/stage')
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    expect(await page.getByTestId('recognition-file-input').count()).toBe(0)
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)

  it('writes the names under the icons where nothing hovers', async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    await stubAssets(page, { state: 'ready', done: 5, total: 5, reason: null })
    await page.goto(`${e2e.server.url}/result/item`)
    const tile = page.locator('[data-testid="item-tile"][data-item-id="30012"]')
    await tile.waitFor({ timeout: 30_000 })
    await expect.poll(() => tile.getByRole('img').getAttribute('data-art'), { timeout: 20_000 }).toBe('art')
    expect(await tile.getByTestId('item-tile-name').innerText()).toBe('Orirock Cube')
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)
})
