// @vitest-environment node
/**
 * My reports (issue 38): a player logged in by the `userID` cookie reports a 1-7 clear by hand, finds it in
 * My reports (from the account menu) beside an earlier one, recalls it there and sees its status change;
 * another player's report never shows.
 */
import { describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { CHROMIUM_PATH, hasChromium, setUpServerAndBrowser, watch } from './harness'
import { reportPage } from './report-page'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const R = {
  server: 'CN',
  source: 'MeoAssistant',
  version: 'v3.0.4',
  stageId: 'wk_kc_5',
  drops: [
    { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2004', quantity: 3 },
  ],
}

describe.skipIf(!chromium)('my reports in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  const { real, openReport, tile, api } = reportPage(e2e)
  const viaApi = async (penguinId?: string) => {
    const res = await fetch(`${e2e.server.url}/api/v2/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(penguinId ? { authorization: `PenguinID ${penguinId}` } : {}) },
      body: JSON.stringify(R),
    })
    expect(res.status).toBe(200)
    return { hash: ((await res.json()) as { reportHash: string }).reportHash, id: decodeURIComponent(res.headers.get('x-penguin-set-penguinid') ?? penguinId ?? '') }
  }

  it('lists what the player sent, recalls a report from the list and shows it recalled', async () => {
    const earlier = await viaApi()
    const stranger = await viaApi()
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    await ctx.addCookies([{ name: 'userID', value: earlier.id, url: e2e.server.url }])
    const page = await ctx.newPage()
    const problems = watch(page)

    await openReport(page, 'main_1', 'main_01-07')
    await page.getByTestId('account-button').waitFor()
    expect(await page.getByTestId('account-button').textContent()).toContain(earlier.id)
    // The plausible 1-7 clear of report.e2e (no question before it goes out).
    await tile(page, '30012').click()
    await tile(page, '2001').click()
    await page.getByTestId('report-furniture').click()
    expect(await page.getByTestId('report-level').getAttribute('data-level')).toBe('ok')
    const answered = page.waitForResponse((r) => r.url().endsWith('/report') && r.request().method() === 'POST')
    await page.getByTestId('report-submit').click()
    const hash = ((await (await answered).json()) as { reportHash: string }).reportHash
    await page.getByTestId('report-success').waitFor({ timeout: 15_000 })

    await page.getByTestId('account-button').click()
    await page.getByTestId('my-reports-open').click()
    const dialog = page.getByRole('dialog', { name: 'My reports' })
    await dialog.waitFor()
    const rows = dialog.getByTestId('my-report')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2)
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')))).toEqual([hash, earlier.hash])
    expect(await dialog.locator(`[data-hash="${stranger.hash}"]`).count()).toBe(0)
    const mine = dialog.locator(`[data-hash="${hash}"]`)
    const text = await mine.innerText()
    expect(text).toContain('1-7')
    expect(text).toContain('Orirock Cube ×1')
    expect(text).toContain('Furniture ×1')
    expect(text).toContain('Hand report')
    expect(await mine.getByTestId('my-report-status').innerText()).toBe('Stored')
    expect(await dialog.locator(`[data-hash="${earlier.hash}"]`).innerText()).toContain('MAA')
    expect(await seriousFindings(page, { within: '[role="dialog"]' })).toEqual([])

    // Recall: a confirmation first, then the status changes and the button goes.
    await mine.getByRole('button', { name: /^Recall the report of 1-7/ }).click()
    const question = page.getByRole('dialog', { name: 'Recall this report?' })
    await question.waitFor()
    const recalled = page.waitForResponse((r) => r.url().endsWith('/report/recall'))
    await question.getByRole('button', { name: 'Recall' }).click()
    expect((await recalled).status()).toBe(200)
    await expect.poll(() => mine.getByTestId('my-report-status').innerText(), { timeout: 15_000 }).toBe('Recalled')
    expect(await mine.getByRole('button').count()).toBe(0)
    expect(await dialog.getByRole('status').innerText()).toContain('Recalled the report of 1-7')
    const listed = await api<{ reports: { reportHash: string; status: string }[] }>('/_private/report/mine', earlier.id)
    expect(listed.reports.map((r) => [r.reportHash, r.status])).toEqual([
      [hash, 'recalled'],
      [earlier.hash, 'stored'],
    ])

    // On a phone the list is blocks in a full-screen dialog, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => dialog.evaluate((d) => d.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await rows.count()).toBe(2)
    expect(real(problems)).toEqual([])
  }, 120_000)
})
