// @vitest-environment node
/**
 * Reporting by hand in the built app against our real server (issue #6 §6): a 1-7 clear reported
 * and undone (checked through the API with the PenguinID and on the personal stats page), and the
 * personal data source. What the page checks before a report goes out: report-checks.e2e.test.ts.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, hasChromium, setUpServerAndBrowser, watch } from './harness'
import { reportPage } from './report-page'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

interface MatrixRow {
  stageId: string
  itemId: string
  times: number
  quantity: number
}

describe.skipIf(!chromium)('report by hand in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  const { newPage, real, api, openReport, tile, countOf, penguinIdOf } = reportPage(e2e)
  const personalRows = async (penguinId: string, stageId: string) =>
    (await api<{ matrix: MatrixRow[] }>('/_private/result/matrix/CN/personal/all', penguinId)).matrix.filter((r) => r.stageId === stageId)
  // In-app links are not followed here: page loads keep each step independent of the shell's navigation.
  const openPersonalStats = (page: Page) => page.goto(`${e2e.server.url}/result/stage/main_1/main_01-07`, { waitUntil: 'networkidle' })
  /** Waits until the stats table on screen shows `times` runs for item 30012 (the personal matrix of 1-7). */
  const waitForPersonalTimes = async (page: Page, times: string) => {
    const cell = page
      .getByTestId('stats-row')
      .filter({ has: page.locator('a[href="/result/item/30012"]') })
      .getByTestId('cell-times')
    const deadline = Date.now() + 20_000
    let seen: string | null = null
    while (Date.now() < deadline) {
      seen = (await cell.count()) === 1 ? ((await cell.textContent())?.trim() ?? null) : null
      if (seen === times) return
      await page.waitForTimeout(200)
    }
    expect(seen, 'times of 30012 in the personal stats of 1-7').toBe(times)
  }

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
})
