// @vitest-environment node
/**
 * Reporting by hand in the built app against our real server (issue #6 §6): a 1-7 clear reported
 * and undone (checked through the API with the PenguinID and on the personal stats page), an
 * out-of-bounds report through the danger warning and the repeat confirm, a gacha stage that
 * submits directly, closed stages behind their overlay, and the personal data source.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addTestScript, animationsDone, CHROMIUM_PATH, ensureWebBuild, hasChromium, launchServerAndBrowser, type RunningServer, watch } from './harness'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

interface MatrixRow {
  stageId: string
  itemId: string
  times: number
  quantity: number
}
interface ApiStage {
  stageId: string
  zoneId: string
  isGacha?: boolean
  dropInfos?: { itemId?: string; dropType: string; bounds: { lower: number; upper: number } }[]
}
interface ApiZone {
  zoneId: string
  type: string
  existence: Record<string, { exist: boolean; openTime?: number; closeTime?: number }>
  stages: string[]
}

describe.skipIf(!chromium)('report by hand in Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let stages: ApiStage[]
  let zones: ApiZone[]
  const contexts: BrowserContext[] = []

  const newPage = async () => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    contexts.push(ctx)
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }
  /**
   * A page load cancels the previous page's GETs still in flight (late chunks such as the idle-loaded
   * probe, the boot matrices): Chromium reports them as ERR_ABORTED. That is this test navigating,
   * not a defect; every other failed request, HTTP error or console error still counts.
   */
  const real = (problems: string[]) => problems.filter((p) => !/^requestfailed: GET \S+ net::ERR_ABORTED$/.test(p))
  const api = async <T>(path: string, penguinId?: string): Promise<T> => {
    const res = await fetch(`${server.url}/PenguinStats/api/v2${path}`, penguinId ? { headers: { Authorization: `PenguinID ${penguinId}` } } : {})
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  const personalRows = async (penguinId: string, stageId: string) =>
    (await api<{ matrix: MatrixRow[] }>('/_private/result/matrix/CN/personal/all', penguinId)).matrix.filter((r) => r.stageId === stageId)
  const openReport = async (page: Page, zoneId: string, stageId: string) => {
    await page.goto(`${server.url}/report/stage/${zoneId}/${stageId}`, { waitUntil: 'networkidle' })
    await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
  }
  /** Clicks the item's tile (left click +1, right click −1). */
  const tile = (page: Page, itemId: string) => page.getByTestId(`stepper-${itemId}`).locator('button').first()
  const countOf = async (page: Page, itemId: string) => Number(await page.getByTestId(`stepper-${itemId}`).getAttribute('data-count'))
  const penguinIdOf = async (page: Page) =>
    (JSON.parse((await page.evaluate(() => localStorage.getItem('penguin-stats-auth'))) ?? '{}') as { username?: string | null }).username ?? null
  // In-app links are not followed here: page loads keep each step independent of the shell's navigation.
  const openPersonalStats = (page: Page) => page.goto(`${server.url}/result/stage/main_1/main_01-07`, { waitUntil: 'networkidle' })
  /** Waits until the stats table on screen shows `times` runs for item 30012 (the personal matrix of 1-7). */
  const waitForPersonalTimes = async (page: Page, times: string) => {
    const cell = page.getByTestId('stats-row').filter({ has: page.locator('a[href="/result/item/30012"]') }).getByTestId('cell-times')
    const deadline = Date.now() + 20_000
    let seen: string | null = null
    while (Date.now() < deadline) {
      seen = (await cell.count()) === 1 ? ((await cell.textContent())?.trim() ?? null) : null
      if (seen === times) return
      await page.waitForTimeout(200)
    }
    expect(seen, 'times of 30012 in the personal stats of 1-7').toBe(times)
  }

  /** Serious and critical axe findings inside `selector`. */
  const axeViolations = async (page: Page, selector: string) => {
    await animationsDone(page)
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
    await addTestScript(page, readFileSync(axePath, 'utf8'))
    return page.evaluate(async (sel) => {
      const axe = (window as unknown as { axe: { run: (ctx: Element | Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe
      const result = await axe.run(document.querySelector(sel) ?? document)
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))
    }, selector)
  }

  beforeAll(async () => {
    ensureWebBuild((s) => console.log(s))
    ;({ server, browser } = await launchServerAndBrowser())
    stages = await api<ApiStage[]>('/stages?server=CN')
    zones = await api<ApiZone[]>('/zones')
  }, 300_000)

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    await server?.stop()
  }, 120_000)

  it('reports a 1-7 clear by hand, shows it in the personal matrix, and undoes it', async () => {
    const { page, problems } = await newPage()
    await openReport(page, 'main_1', 'main_01-07')
    expect(await page.getByTestId('report-stage-code').textContent()).toBe('1-7')
    expect(await page.getByTestId('report-closed').count()).toBe(0)

    // Left click adds, right click removes and never goes below 0.
    await tile(page, '30012').click()
    await tile(page, '2001').click()
    await tile(page, '2001').click()
    await tile(page, '2001').click({ button: 'right' })
    await tile(page, '30011').click({ button: 'right' })
    expect([await countOf(page, '30012'), await countOf(page, '2001'), await countOf(page, '30011')]).toEqual([1, 1, 0])
    await page.getByTestId('report-furniture').click()
    expect(await page.getByTestId('report-level').getAttribute('data-level')).toBe('ok')

    // A plausible report submits without a dialog; the first report logs the player in.
    expect(await penguinIdOf(page)).toBeNull()
    const posted = page.waitForRequest((r) => r.url().endsWith('/report') && r.method() === 'POST')
    await page.getByTestId('report-submit').click()
    const body = (await posted).postDataJSON() as { drops: unknown[]; stageId: string; server: string; source: string }
    expect(body).toMatchObject({ stageId: 'main_01-07', server: 'CN', source: 'frontend-v2' })
    expect(body.drops).toEqual(
      expect.arrayContaining([
        { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 },
        { dropType: 'EXTRA_DROP', itemId: '2001', quantity: 1 },
        { dropType: 'FURNITURE', itemId: 'furni', quantity: 1 },
      ]),
    )
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('report-warning').count()).toBe(0)
    const penguinId = await penguinIdOf(page)
    expect(penguinId).toMatch(/^\d{8,9}$/)
    expect(await page.getByTestId('account-button').textContent()).toContain(penguinId)
    // The form is cleared after the submission.
    expect(await countOf(page, '30012')).toBe(0)

    // The report is in the player's personal matrix at once: API and stats page.
    const rows = await personalRows(penguinId!, 'main_01-07')
    expect(rows.find((r) => r.itemId === '30012')).toMatchObject({ times: 1, quantity: 1 })
    expect(rows.find((r) => r.itemId === '2001')).toMatchObject({ times: 1, quantity: 1 })
    // The success bar stays until closed: still there after a few seconds.
    await page.waitForTimeout(6_000)
    expect(await page.getByTestId('report-success').count()).toBe(1)

    // Undo: a confirmation, then the recall.
    const recall = page.waitForRequest((r) => r.url().endsWith('/report/recall'))
    await page.getByTestId('report-undo').click()
    await page.getByRole('dialog').getByText('Undo this report?').waitFor()
    expect(await page.getByRole('dialog').textContent()).toMatch(/closes in 1[45] s/)
    await page.getByRole('dialog').getByRole('button', { name: 'Undo report' }).click()
    expect((await recall).postDataJSON()).toEqual({ reportHash: expect.stringMatching(/^.{37}$/) })
    await page.getByText('The report was recalled.').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('report-success').count()).toBe(0)
    expect(await personalRows(penguinId!, 'main_01-07')).toEqual([])
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('shows a report in the personal stats right after submitting, and not after undoing it', async () => {
    const { page, problems } = await newPage()
    await openReport(page, 'main_1', 'main_01-07')
    await tile(page, '30012').click()
    await tile(page, '30012').click()
    await tile(page, '2001').click()
    await page.getByTestId('report-submit').click()
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    const penguinId = (await penguinIdOf(page))!

    // Logged in: choosing personal refreshes the personal matrix, then switches.
    await openPersonalStats(page)
    const personalFetch = page.waitForResponse((r) => r.url().includes('/personal/') && r.url().includes('/matrix/'))
    await page.getByTestId('source-personal').click()
    expect((await personalFetch).status()).toBe(200)
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('penguin-stats-data-source') ?? '{}').source === 'personal')
    await waitForPersonalTimes(page, '1')

    // A second report shows at once too; undoing it takes it out again.
    await openReport(page, 'main_1', 'main_01-07')
    await tile(page, '30012').click()
    await tile(page, '2001').click()
    await page.getByTestId('report-submit').click()
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    expect((await personalRows(penguinId, 'main_01-07')).find((r) => r.itemId === '30012')).toMatchObject({ times: 2, quantity: 3 })
    // The stats page in a second tab (same profile) shows it while the success bar waits in the first.
    const statsTab = await page.context().newPage()
    const statsProblems = watch(statsTab)
    await openPersonalStats(statsTab)
    await waitForPersonalTimes(statsTab, '2')
    await page.getByTestId('report-undo').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Undo report' }).click()
    await page.getByText('The report was recalled.').waitFor({ timeout: 15_000 })
    await openPersonalStats(statsTab)
    await waitForPersonalTimes(statsTab, '1')
    expect(real(statsProblems)).toEqual([])
    await statsTab.close()
    await openPersonalStats(page)
    expect((await personalRows(penguinId, 'main_01-07')).find((r) => r.itemId === '30012')).toMatchObject({ times: 1, quantity: 2 })

    // Logout returns to global data.
    await page.getByTestId('account-button').click()
    await page.getByTestId('logout').click()
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('penguin-stats-data-source') ?? '{}').source === 'global')

    // Logged out: choosing personal opens the login dialog, then switches.
    await page.getByTestId('source-personal').click()
    await page.getByTestId('login-input').fill(penguinId)
    await page.getByTestId('login-input').press('Enter')
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('penguin-stats-data-source') ?? '{}').source === 'personal')
    await waitForPersonalTimes(page, '1')
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('warns at danger level for an out-of-bounds quantity, through both dialogs', async () => {
    const { page, problems } = await newPage()
    await openReport(page, 'main_1', 'main_01-07')
    // 30012 allows 1-2 per clear: 7 is (7 − 2) / 2 = 2.5 beyond the bound, over the danger threshold of 2.
    for (let i = 0; i < 7; i++) await tile(page, '30012').click()
    await tile(page, '2001').click()
    const level = page.getByTestId('report-level')
    expect(await level.getAttribute('data-level')).toBe('danger')
    expect(Number(await level.getAttribute('data-rate'))).toBeCloseTo(2.5)
    expect(await axeViolations(page, '[data-testid="report-page"]')).toEqual([])

    // The rules dialog lists the broken item rule.
    await page.getByTestId('report-rules-open').click()
    const rules = page.getByTestId('report-rules')
    await rules.waitFor()
    expect(await rules.locator('[data-rule-state="fail"]').count()).toBe(1)
    expect(await rules.locator('[data-rule-state="fail"]').textContent()).toContain('at most 2 × Orirock Cube expected, 7 selected')
    await rules.getByRole('button', { name: 'Close' }).click()
    await rules.waitFor({ state: 'detached' })

    // Cancel at the warning: nothing is sent.
    await page.getByTestId('report-submit').click()
    const warning = page.getByTestId('report-warning')
    await warning.waitFor()
    expect(await warning.getAttribute('data-level')).toBe('danger')
    expect(await warning.getByTestId('validation-total').getAttribute('data-level')).toBe('danger')
    expect(await warning.textContent()).toContain('Failure risk detected')
    expect(await axeViolations(page, '[data-testid="report-warning"]')).toEqual([])
    await warning.getByRole('button', { name: 'Cancel' }).click()
    await warning.waitFor({ state: 'detached' })
    expect(await countOf(page, '30012')).toBe(7)

    // Continue, then the repeat confirm, then the report goes out.
    await page.getByTestId('report-submit').click()
    await page.getByTestId('report-warning-continue').click()
    const repeat = page.getByTestId('report-repeat')
    await repeat.waitFor()
    expect(await repeat.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/about/contact')
    const posted = page.waitForRequest((r) => r.url().endsWith('/report') && r.method() === 'POST')
    await page.getByTestId('report-repeat-confirm').click()
    expect(((await posted).postDataJSON() as { drops: unknown[] }).drops).toContainEqual({ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 7 })
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })

    // An empty report asks too (no drops), at the warning level of its unmet lower bounds.
    await page.getByTestId('report-submit').click()
    await page.getByTestId('report-warning').waitFor()
    expect(await page.getByTestId('report-warning').textContent()).toContain('No item is selected')
    await page.getByTestId('report-warning').getByRole('button', { name: 'Cancel' }).click()
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('submits a gacha stage directly, with several openings at once', async () => {
    const gacha = stages.find((s) => s.isGacha && s.dropInfos?.some((d) => d.itemId))
    expect(gacha).toBeDefined()
    const itemId = gacha!.dropInfos!.find((d) => d.itemId)!.itemId!
    const { page, problems } = await newPage()
    await openReport(page, gacha!.zoneId, gacha!.stageId)
    await page.getByTestId('report-gacha').waitFor()
    await page.getByTestId(`stepper-${itemId}`).getByRole('button', { name: /^Add ten/ }).click()
    await page.getByTestId(`stepper-${itemId}`).getByRole('button', { name: /^Add ten/ }).click()
    await page.getByTestId(`stepper-${itemId}`).getByRole('button', { name: /^Add ten/ }).click()
    expect(await countOf(page, itemId)).toBe(30)
    await page.getByTestId('report-submit').click()
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('report-warning').count()).toBe(0)
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('explains a failed submission and keeps the selection for a retry', async () => {
    const { page, problems } = await newPage()
    await openReport(page, 'main_1', 'main_01-07')
    await tile(page, '30012').click()
    await tile(page, '2001').click()
    await page.route('**/PenguinStats/api/v2/report', (route) => route.abort('internetdisconnected'))
    await page.getByTestId('report-submit').click()
    const failure = page.getByTestId('report-failure')
    await failure.waitFor({ timeout: 15_000 })
    expect(await failure.getAttribute('data-kind')).toBe('network')
    const text = (await failure.textContent()) ?? ''
    expect(text).toContain('Network error, please check your internet connection and try again.')
    for (const advice of ['daily reporting limit', 'IP address', 'clock']) expect(text).toContain(advice)
    expect(await countOf(page, '30012')).toBe(1)
    // The aborted request (and Chromium's console line about it) is the only problem on the page.
    expect(problems.filter((p) => !p.startsWith('requestfailed: POST') && !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
    problems.length = 0
    await page.unroute('**/PenguinStats/api/v2/report')
    await failure.getByRole('button', { name: 'Try again' }).click()
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('report-failure').count()).toBe(0)
    expect(real(problems)).toEqual([])
  }, 120_000)

  it('blocks closed stages with their reason', async () => {
    const now = Date.now()
    const closedZone = zones.find((z) => z.type === 'ACTIVITY' && (z.existence.CN?.closeTime ?? Infinity) < now && z.stages.length > 0)
    expect(closedZone).toBeDefined()
    const invalid = stages.find((s) => !s.dropInfos && zones.find((z) => z.zoneId === s.zoneId)?.type === 'MAINLINE')
    expect(invalid).toBeDefined()
    const cases: [string, string, string][] = [
      [closedZone!.zoneId, closedZone!.stages[0]!, 'EXPIRED'],
      ['main_1', 'no_such_stage', 'NOT_FOUND'],
      [invalid!.zoneId, invalid!.stageId, 'INVALID'],
    ]
    const { page, problems } = await newPage()
    for (const [zoneId, stageId, reason] of cases) {
      await openReport(page, zoneId, stageId)
      const overlay = page.getByTestId('report-closed')
      await overlay.waitFor()
      expect(await overlay.getAttribute('data-reason'), stageId).toBe(reason)
      expect(await page.getByTestId('report-submit').isDisabled()).toBe(true)
    }
    await page.getByTestId('report-closed').getByRole('link', { name: 'Choose another stage' }).click()
    await page.waitForURL(`${server.url}/report/stage`)
    expect(real(problems)).toEqual([])
  }, 120_000)
})
