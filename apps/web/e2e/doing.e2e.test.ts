// @vitest-environment node
/**
 * "Doing things" of issue 17 (§6 mobile report panel, §10-§14) in the built app on our server, in
 * Chromium: the advanced query's TREND default runs; planner crafts are whole numbers, CRAFT is
 * disabled without stock and repeated clicks craft once with one notice, Calculate follows its
 * states; a typed recruitment report URL gets a message and no form; a gacha stage has no
 * furniture switch nor rules that do not apply; an old forgot-ID error is gone on reopen and on
 * input; the about pages have content; on a phone the first drop card is above the sticky panel.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
const STAGE = 'main_01-07'
const CUBE = '30012'
const CLUSTER = '30013'

/** Problems other than the requests a test provokes on purpose (e.g. a refused login). */
const unexpected = (problems: string[], allowed: RegExp) => problems.filter((p) => !allowed.test(p) && !p.startsWith('console: Failed to load resource'))

describe.skipIf(!chromium)('doing things (issue 17)', () => {
  const e2e = setUpServerAndBrowser()

  const newPage = async (viewport = { width: 1280, height: 900 }) => {
    const ctx = await e2e.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }
  const goto = (page: Page, path: string) => {
    // Chunks the previous page was still loading are cut off by this navigation, not failed.
    leaving(page)
    return page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' })
  }

  it('runs the TREND default of the advanced query, and offers the interval that fits when one is forced', async () => {
    // One report of today (within 1-7's drop table, so it counts globally), so the default window has something to show.
    const post = (path: string, body: unknown) =>
      fetch(`${e2e.server.url}/api/v2${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const drops = [
      { dropType: 'NORMAL_DROP', itemId: CUBE, quantity: 1 },
      { dropType: 'EXTRA_DROP', itemId: '2001', quantity: 1 },
    ]
    expect((await post('/report', { server: 'CN', source: 'frontend-v2', version: 'v3.13.26', stageId: STAGE, drops })).status).toBe(200)
    // Trends read the daily aggregates, which the ingest worker updates just after the report.
    for (let i = 0; ; i++) {
      const query = { server: 'CN', stageId: STAGE, itemIds: [CUBE], start: Date.now() - 2 * 86_400_000, interval: 86_400_000 }
      const answer = (await (await post('/result/advanced', { queries: [query] })).json()) as {
        advanced_results: { trend: Record<string, { results: Record<string, { times: number[] }> }> }[]
      }
      const times = answer.advanced_results[0]?.trend[STAGE]?.results[CUBE]?.times ?? []
      if (times.some((t) => t > 0)) break
      if (i > 100) throw new Error('the report was not counted')
      await new Promise((r) => setTimeout(r, 100))
    }

    const { page, problems } = await newPage()
    await goto(page, `/advanced?stage=${STAGE}`)
    await page.getByTestId('advanced-stage-input').waitFor({ timeout: 30_000 })
    await page.getByTestId('advanced-kind-trend').click()
    // Not "2764 intervals, the maximum is 360": the last 30 days by day.
    expect(await page.getByTestId('advanced-interval').textContent()).toBe('1 day')
    expect(Number(await page.getByTestId('advanced-interval-count').getAttribute('data-count'))).toBe(30)
    expect(await page.getByText(/the maximum is 360/).count()).toBe(0)
    expect(await page.getByTestId('advanced-execute').isEnabled()).toBe(true)

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/result/advanced'))
    await page.getByTestId('advanced-execute').click()
    expect((await answered).status()).toBe(200)
    await page.getByTestId('trend-row').first().waitFor()
    // The report of today is in the window: at least one run counted over the range.
    expect(await page.getByTestId('trend-total').first().textContent()).toMatch(/ in (1 run|[1-9][\d,]* runs) over the range/)

    // One hour over 30 days is 720 intervals: said plainly, Run disabled, the interval that fits offered.
    await page.getByTestId('advanced-interval').click()
    await page.getByRole('option', { name: '1 hour', exact: true }).click()
    await page.getByText('This trend would have 720 intervals, the maximum is 360.', { exact: false }).first().waitFor()
    expect(await page.getByTestId('advanced-execute').isDisabled()).toBe(true)
    expect(await page.getByTestId('advanced-interval-fix').textContent()).toBe('Use 6 hours')
    await page.getByTestId('advanced-interval-fix').click()
    expect(await page.getByTestId('advanced-interval').textContent()).toBe('6 hours')
    expect(await page.getByTestId('advanced-execute').isEnabled()).toBe(true)

    // Widening the window to the server's launch lengthens the interval instead of blocking Run.
    await page.getByTestId('advanced-start').fill('')
    expect(await page.getByTestId('advanced-interval').textContent()).toBe('2 weeks')
    expect(await page.getByTestId('advanced-execute').isEnabled()).toBe(true)
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('crafts whole numbers, disables CRAFT without stock, crafts once with one notice, and follows the Calculate states', async () => {
    const { page, problems } = await newPage()
    await goto(page, '/planner')
    await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })
    const calculate = page.getByTestId('planner-calculate')
    const state = () => calculate.getAttribute('data-state')
    expect(await state()).toBe('empty')
    expect(await calculate.isDisabled()).toBe(true)

    const type = async (testId: string, value: number) => {
      const input = page.getByTestId(testId)
      await input.click()
      await input.fill(String(value))
      await input.blur()
    }
    const dialog = page.getByTestId('planner-result-dialog')
    const openCrafting = async () => {
      await expect.poll(state).toBe('idle')
      await calculate.click()
      await dialog.getByTestId('planner-totals').waitFor({ timeout: 30_000 })
      await page.getByRole('tab', { name: 'Crafting' }).click()
      await dialog.getByTestId('planner-syntheses').waitFor()
    }
    const closeDialog = () => page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
    // 7 clusters with 12 cubes: the plan crafts 0.7 cube from 2.1 Orirock, which is 1 craft of 3.
    await type(`planner-need-${CLUSTER}`, 7)
    await type(`planner-have-${CUBE}`, 12)
    await openCrafting()
    expect(await state()).toBe('done')
    expect(await calculate.isDisabled()).toBe(true)
    for (const count of await dialog.getByTestId('planner-craft-count').allTextContents()) expect(count).toMatch(/^× \d+$/)
    for (const chip of await dialog.getByTestId('planner-craft-materials').locator('.MuiChip-label').allTextContents()) expect(chip).toMatch(/ × [\d,]+$/)
    const cube = dialog.locator(`[data-testid="planner-synthesis"][data-target="${CUBE}"]`)
    expect(await cube.getByTestId('planner-craft-count').textContent()).toBe('× 1')
    expect(await cube.getByTestId('planner-craft-rounded').textContent()).toContain("Rounded up from the plan's 0.7 crafts")
    // Neither craft is covered by the stock: CRAFT is disabled and says why.
    expect(await dialog.getByTestId(`planner-craft-${CUBE}`).isDisabled()).toBe(true)
    expect(await dialog.getByTestId('planner-craft-shortage').textContent()).toContain('Orirock: 3 more (the crafts use 3, you have 0)')
    expect(await dialog.getByTestId(`planner-craft-${CLUSTER}`).isDisabled()).toBe(true)
    await closeDialog()

    // Enough cubes: three clicks in one go craft once (35 cubes for 7 clusters) and leave one notice.
    await type(`planner-have-${CUBE}`, 100)
    await openCrafting()
    await dialog.getByTestId(`planner-craft-${CLUSTER}`).evaluate((button: HTMLElement) => {
      button.click()
      button.click()
      button.click()
    })
    await page.getByText('Crafted 7 × Orirock Cluster').waitFor()
    await dialog.getByTestId('planner-totals').waitFor({ timeout: 30_000 })
    await closeDialog()
    await expect.poll(() => page.getByTestId(`planner-have-${CLUSTER}`).inputValue()).toBe('7')
    expect(await page.getByTestId(`planner-have-${CUBE}`).inputValue()).toBe('65')
    const snackbars = page.locator('.MuiSnackbar-root')
    expect(await snackbars.count()).toBe(1)
    await snackbars.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => snackbars.count()).toBe(0)
    await page.waitForTimeout(500)
    expect(await snackbars.count()).toBe(0)
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('turns a typed recruitment report URL into a message with a link, and shows a gacha stage without what does not apply', async () => {
    const { page, problems } = await newPage()
    for (const path of ['/report/stage/recruit/recruit', '/report/recruit/recruit']) {
      await goto(page, path)
      await page.getByTestId('report-not-here').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('report-not-here').textContent()).toContain('Recruitment results cannot be reported on this site')
      expect(await page.getByTestId('report-not-here-stats').getAttribute('href')).toBe('/result/stage/recruit/recruit')
      expect(await page.getByTestId('report-page').count()).toBe(0)
      expect(await page.getByTestId('report-submit').count()).toBe(0)
    }
    await page.getByTestId('report-not-here-stats').click()
    await page.waitForURL(/\/result\/stage\/recruit\/recruit$/)

    // A normal stage keeps its switch and every notice …
    await goto(page, `/report/stage/main_1/${STAGE}`)
    await page.getByTestId('report-submit').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('report-furniture').count()).toBe(1)
    expect(await page.getByTestId('report-notices').locator('li').count()).toBe(6)
    // … a gacha box has neither the switch nor the one-clear, empty-report, 3-star and first-clear rules.
    await goto(page, '/report/stage/gachabox/randomMaterial_1')
    await page.getByTestId('report-gacha').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('report-furniture').count()).toBe(0)
    const notices = (await page.getByTestId('report-notices').textContent()) ?? ''
    expect(notices).not.toMatch(/3-star|first-clear|one clear at a time|empty report/)
    expect(await page.getByTestId('report-notices').locator('li').count()).toBe(2)
    await settle(page)
    expect(problems).toEqual([])
  }, 90_000)

  it('clears an old forgot-ID error when the dialog reopens or the input changes', async () => {
    const { page, problems } = await newPage()
    await goto(page, '/')
    // An ID in this device's history that the server does not know.
    await page.evaluate(() => localStorage.setItem('penguin-stats-settings', JSON.stringify({ userIdHistory: [{ id: '88888888', time: Date.now(), version: '0.1.0' }] })))
    // A reload cuts off what the page still loads at idle (the full datasets): not a problem of the page.
    leaving(page)
    await page.reload({ waitUntil: 'networkidle' })
    const notFound = /cannot be found/
    const input = page.getByTestId('login-input')

    await page.getByTestId('login-button').click()
    await input.fill('99999999')
    await input.press('Enter')
    await page.getByRole('dialog').getByText(notFound).waitFor()
    // Forgot-ID opens clean, even though the typed ID was just refused.
    await page.getByTestId('login-forgot').click()
    const forgot = page.getByRole('dialog', { name: 'Forgot your User ID?' })
    await forgot.getByText('88888888').waitFor()
    expect(await forgot.getByText(notFound).count()).toBe(0)
    // Picking the unknown ID says so there; closing and reopening clears it.
    await forgot.getByRole('button', { name: 'Log in as this ID' }).click()
    await forgot.getByTestId('forgot-error').waitFor()
    await forgot.getByRole('button', { name: 'Close' }).click()
    await forgot.waitFor({ state: 'hidden' })
    await page.getByTestId('login-forgot').click()
    await forgot.getByText('88888888').waitFor()
    expect(await forgot.getByTestId('forgot-error').count()).toBe(0)
    await forgot.getByRole('button', { name: 'Close' }).click()
    await forgot.waitFor({ state: 'hidden' })

    // A typed ID's error goes as soon as the input changes …
    await input.fill('99999998')
    await input.press('Enter')
    await page.getByRole('dialog').getByText(notFound).waitFor()
    await input.press('Backspace')
    expect(await page.getByRole('dialog').getByText(notFound).count()).toBe(0)
    // … and when the login dialog is closed and opened again.
    await input.press('Enter')
    await page.getByRole('dialog').getByText(notFound).waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.getByTestId('login-button').click()
    await input.waitFor()
    expect(await page.getByRole('dialog').getByText(notFound).count()).toBe(0)
    await settle(page)
    expect(unexpected(problems, /\/api\/v2\/users/)).toEqual([])
  }, 90_000)

  it('gives the members, contact and donate pages real content', async () => {
    const { page, problems } = await newPage()
    const expectations: [string, string, RegExp[]][] = [
      ['/about/members', 'Members', [/Penguin Statistics/, /CC BY-NC 4\.0/, /Hypergryph/, /MIT licence/]],
      ['/about/contact', 'Contact', [/Report a recognition problem/, /issue tracker/, /Dropwise \d+\.\d+\.\d+/, /Undo/]],
      ['/about/donate', 'Donate', [/has none/, /Report your drops/, /Improve a translation/, /Improve the code/]],
    ]
    for (const [path, title, wanted] of expectations) {
      await goto(page, path)
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 })
      const text = (await page.locator('main').textContent()) ?? ''
      expect(text, path).not.toMatch(/has not listed/)
      for (const w of wanted) expect(text, `${path} ${w}`).toMatch(w)
      expect(text.length, path).toBeGreaterThan(800)
    }
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)

  it('keeps the first drop card fully visible above the sticky submit panel on a phone', async () => {
    const { page, problems } = await newPage({ width: 390, height: 844 })
    await goto(page, `/report/stage/main_1/${STAGE}`)
    await page.getByTestId('report-submit').waitFor({ timeout: 30_000 })
    const boxes = () =>
      page.evaluate(() => {
        const rect = (el: Element | null | undefined) => {
          const r = el?.getBoundingClientRect()
          return r ? { top: r.top, bottom: r.bottom } : null
        }
        return {
          cards: [...document.querySelectorAll('[data-testid="report-page"] section[aria-labelledby^="drop-"]')].map(rect),
          panel: rect(document.querySelector('[data-testid="report-panel"]')),
          header: rect(document.querySelector('header')),
        }
      })
    const first = await boxes()
    const card = first.cards[0]
    if (!card || !first.panel) throw new Error(`no card or panel: ${JSON.stringify(first)}`)
    expect(card.top).toBeGreaterThanOrEqual(first.header?.bottom ?? 0)
    expect(card.bottom).toBeLessThanOrEqual(first.panel.top)
    expect(first.panel.bottom).toBeLessThanOrEqual(844)
    // The rules are one tap away, and at the end of the page the last card sits above the panel too.
    await page.getByTestId('report-notices-toggle').click()
    await page.getByTestId('report-notices').locator('li').first().waitFor()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect
      .poll(async () => {
        const end = await boxes()
        const last = end.cards[end.cards.length - 1]
        return last && end.panel ? last.bottom <= end.panel.top : false
      })
      .toBe(true)
    await settle(page)
    expect(problems).toEqual([])
  }, 60_000)
})
