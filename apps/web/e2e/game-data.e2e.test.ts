// @vitest-environment node
/**
 * Issue 36 acceptance, "the report page accepts it": the built app open on the report page while a game-data
 * sync applies a future event (CN open now) from a local mirror of the sources. Without a reload, within the
 * page's refresh interval (Chromium's clock moved on by it), the stage selector offers the new event's stage,
 * and a report for it submits (200) and is counted.
 */
import type { Page } from 'playwright-core'
import { beforeAll, afterAll, describe, expect, it } from 'vitest'
import { GAME_DATA_POLL_MS } from '../src/config/constants'
import { addFutureEvent, FUTURE } from '../../server/src/testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../server/src/testing/game-data-mirror'
import { CHROMIUM_PATH, hasChromium, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const TOKEN = 'e2e-ops-token-0123456789'
const V2 = '/PenguinStats/api/v2'

interface MatrixRow {
  stageId: string
  itemId: string
  times: number
  quantity: number
}

describe.skipIf(!chromium)('a new event reaches an open report page', () => {
  // The mirror before the server: the server's environment names it.
  let mirror: SourcesMirror
  const env: Record<string, string> = { OPS_TOKEN: TOKEN, DATA_SYNC: 'off' }
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    env.ASSETS_BASE_URL = mirror.url
  })
  afterAll(async () => mirror?.dispose())
  const e2e = setUpServerAndBrowser(env)

  const api = async <T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T; headers: Headers }> => {
    const res = await fetch(`${e2e.server.url}${path}`, init)
    return { status: res.status, body: (await res.json()) as T, headers: res.headers }
  }
  const zonePanel = (page: Page) => page.locator(`[data-testid="zone-panel"][data-zone-id="${FUTURE.zoneId}"]`)

  it('offers the new stage without a reload, and a report for it is accepted and counted', async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    const problems = watch(page)
    // Chromium's clock, so the test can let the page's refresh interval pass; it runs at real speed until then.
    await page.clock.install()
    await page.goto(`${e2e.server.url}/report`, { waitUntil: 'networkidle' })
    await page.getByTestId('zone-panel').first().waitFor({ timeout: 30_000 })
    expect(await zonePanel(page).count()).toBe(0)
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    // The sources publish a new event, and the server's sync applies it as version 2.
    await addFutureEvent(mirror, Date.now())
    const sync = await api<{ status: { outcome: string; version: number } }>('/api/_/data/sync', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(sync.body.status).toMatchObject({ outcome: 'applied', version: 2 })
    // Each process follows within its 2 s version poll; the answers then name version 2.
    const deadline = Date.now() + 20_000
    while ((await api(`${V2}/config`)).headers.get('X-Dropwise-Data-Version') !== '2' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))

    // The page's refresh interval passes (a player who left the tab open): it asks, hears version 2 and
    // fetches its lists again past the browser's cache.
    const stagesAgain = page.waitForResponse((r) => r.url().includes('/stages?server=CN'))
    await page.clock.fastForward(GAME_DATA_POLL_MS)
    const again = await stagesAgain
    // Revalidated with the validator of version 1 the browser held, answered with version 2's list.
    expect((await again.request().allHeaders())['if-none-match']).toMatch(/^W\/"1-/)
    expect(again.status()).toBe(200)
    expect(await again.headerValue('etag')).toMatch(/^W\/"2-/)
    await zonePanel(page).waitFor({ timeout: 20_000 })
    expect(await zonePanel(page).textContent()).toContain('Future Echoes')

    // In the same document: open the zone, pick FE-1, report it.
    const stage = zonePanel(page).locator(`[data-testid="stage-button"][data-stage-id="${FUTURE.stages[0]}"]`)
    // An open event's zone is listed expanded; otherwise its header opens it.
    if (!(await stage.isVisible()))
      await zonePanel(page)
        .getByRole('button', { name: /Future Echoes/ })
        .click()
    await stage.click()
    await page.waitForURL(`**/report/stage/${FUTURE.zoneId}/${FUTURE.stages[0]}`)
    expect(await page.getByTestId('report-stage-code').textContent()).toBe(FUTURE.codes[0])
    expect(await page.getByTestId('report-closed').count()).toBe(0)
    await page.getByTestId('stepper-30012').getByRole('button').first().click()
    const answered = page.waitForResponse((r) => r.url().endsWith('/report') && r.request().method() === 'POST')
    await page.getByTestId('report-submit').click()
    const answer = await answered
    expect(answer.status()).toBe(200)
    expect((answer.request().postDataJSON() as { stageId: string }).stageId).toBe(FUTURE.stages[0])
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

    // Counted: in the player's own matrix at once, and in the global matrix once the worker has folded it in.
    // The first report made the player an account; its answer named it.
    const penguinId = decodeURIComponent((await answer.headerValue('X-Penguin-Set-PenguinID')) ?? '')
    expect(penguinId).toMatch(/^\d{8,9}$/)
    const personal = await api<{ matrix: MatrixRow[] }>(`${V2}/_private/result/matrix/CN/personal/all`, { headers: { authorization: `PenguinID ${penguinId}` } })
    expect(personal.status).toBe(200)
    expect(personal.body.matrix.find((r) => r.stageId === FUTURE.stages[0] && r.itemId === '30012')).toMatchObject({ times: 1, quantity: 1 })
    let global: MatrixRow | undefined
    for (const until = Date.now() + 20_000; !global && Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      global = (await api<{ matrix: MatrixRow[] }>(`${V2}/result/matrix?server=CN&show_closed_zones=true`)).body.matrix.find(
        (r) => r.stageId === FUTURE.stages[0] && r.itemId === '30012',
      )
    }
    expect(global).toMatchObject({ times: 1, quantity: 1 })
    expect(problems).toEqual([])
  }, 120_000)
})
