// @vitest-environment node
/**
 * What the report page of the built app checks before a report goes out, against our real server
 * (issue #6 §6): an out-of-bounds report through the danger warning and the repeat confirm, a gacha
 * stage that submits directly, a failed submission kept for a retry, and closed stages behind their
 * overlay. Reports that go through and their undo: report.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, hasChromium, setUpServerAndBrowser } from './harness'
import { reportPage } from './report-page'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

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

describe.skipIf(!chromium)('report checks in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  const { newPage, real, api, openReport, tile, countOf, axeViolations } = reportPage(e2e)
  let stages: ApiStage[]
  let zones: ApiZone[]

  beforeAll(async () => {
    stages = await api<ApiStage[]>('/stages?server=CN')
    zones = await api<ApiZone[]>('/zones')
  }, 300_000)

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
    await page
      .getByTestId(`stepper-${itemId}`)
      .getByRole('button', { name: /^Add ten/ })
      .click()
    await page
      .getByTestId(`stepper-${itemId}`)
      .getByRole('button', { name: /^Add ten/ })
      .click()
    await page
      .getByTestId(`stepper-${itemId}`)
      .getByRole('button', { name: /^Add ten/ })
      .click()
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
    await page.waitForURL(`${e2e.server.url}/report/stage`)
    expect(real(problems)).toEqual([])
  }, 120_000)
})
