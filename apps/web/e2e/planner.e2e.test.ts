// @vitest-environment node
/**
 * The planner in the built app on our server, in Chromium (issue #7 §5): the first load of / does
 * not fetch the solver; on /planner setting needs shows a plan solved in the browser that matches
 * POST /planner/plan; craft one item; export; reset; import back restores the counts; no console
 * error or failed request on the way.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'
import plannerEn from '../src/locales/planner/en.json'

const chromium = hasChromium()

// Orirock Cube; Orirock Cluster = 5 Orirock Cubes + 200 LMD.
const CUBE = '30012'
const CLUSTER = '30013'
const CONCENTRATION = '30014'

const need = (page: Page, id: string) => page.getByTestId(`planner-need-${id}`)
const have = (page: Page, id: string) => page.getByTestId(`planner-have-${id}`)

/** Sets a count by typing, as a player does. */
const type = async (page: Page, testId: string, value: number) => {
  const input = page.getByTestId(testId)
  await input.click()
  await input.fill(String(value))
  await input.blur()
}

const liveObjective = async (page: Page) => {
  await page.waitForSelector('[data-testid="planner-live"][data-state="fresh"][aria-busy="false"] [data-testid="planner-totals"]', { timeout: 30_000 })
  return page
    .getByTestId('planner-live')
    .getByTestId('planner-totals')
    .evaluate((el) => ({
      objective: Number(el.getAttribute('data-objective')),
      cost: Number(el.getAttribute('data-plan-cost')),
      shown: Number(el.querySelector('[data-testid="planner-total-cost"]')?.getAttribute('data-value')),
      text: el.querySelector('[data-testid="planner-total-cost"]')?.textContent ?? '',
    }))
}

describe.skipIf(!chromium)('planner in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let context: BrowserContext

  beforeAll(async () => {
    context = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url })
  }, 300_000)

  afterAll(async () => {
    await context?.close().catch(() => undefined)
  })

  it('keeps the solver out of the first load of /', async () => {
    const page = await context.newPage()
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'networkidle' })
    await settle(page)
    expect(urls.filter((u) => /planner|highs|\.wasm/.test(u))).toEqual([])
    await page.close()
  }, 60_000)

  it('plans as the player types, crafts, exports, resets and imports back', async () => {
    const page = await context.newPage()
    const problems = watch(page)
    const solverRequests: string[] = []
    page.on('request', (r) => {
      if (/planner\.worker|highs.*\.wasm/.test(r.url())) solverRequests.push(r.url())
    })
    await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
    await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })
    await page.waitForSelector('[data-testid="route-loading"]', { state: 'detached' })

    // A visit with nothing to plan loads no solver.
    await settle(page)
    expect(solverRequests).toEqual([])

    // Needs typed in, nothing pressed: the plan appears, solved in the browser.
    await type(page, `planner-need-${CUBE}`, 30)
    await type(page, `planner-need-${CLUSTER}`, 10)
    const live = await liveObjective(page)
    expect(solverRequests.some((u) => u.includes('planner.worker'))).toBe(true)
    expect(solverRequests.some((u) => u.endsWith('.wasm'))).toBe(true)

    const body = {
      required: { [CUBE]: 30, [CLUSTER]: 10 },
      owned: {},
      extra_outc: false,
      exp_demand: false,
      gold_demand: false,
      input_lang: 'id',
      output_lang: 'id',
      server: 'CN',
    }
    const res = await fetch(`${e2e.server.url}/planner/plan`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status).toBe(200)
    const remote = (await res.json()) as { cost: number; lp: { objective: number } }
    expect(live.objective).toBeGreaterThan(0)
    expect(Math.abs(live.objective - remote.lp.objective) / remote.lp.objective).toBeLessThan(1e-6)
    expect(live.cost).toBe(remote.cost)
    // The header shows what the listed whole runs cost (planner-plain.e2e checks the sum).
    expect(live.text.replace(/,/g, '')).toBe(String(live.shown))

    // Enough cubes to craft the clusters: the plan crafts 10 from 50 cubes; craft inside the plan.
    await type(page, `planner-have-${CUBE}`, 100)
    await liveObjective(page)
    await page.getByTestId('planner-calculate').click()
    const dialog = page.getByTestId('planner-result-dialog')
    await dialog.getByTestId('planner-totals').waitFor({ timeout: 30_000 })
    await page.getByRole('tab', { name: 'Crafting' }).click()
    await dialog.getByTestId(`planner-craft-${CLUSTER}`).click()
    await page.getByText(/Crafted 10 × Orirock Cluster/).waitFor()
    await dialog.getByTestId('planner-totals').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Close', exact: true }).last().click()
    await expect.poll(() => have(page, CLUSTER).inputValue()).toBe('10')
    await expect.poll(() => have(page, CUBE).inputValue()).toBe('50')

    // Export.
    await page.getByTestId('planner-open-io').click()
    const exported = await page.getByTestId('planner-export-text').inputValue()
    const config = JSON.parse(exported) as { '@type': string; items: { id: string; have?: number; need?: number }[] }
    expect(config['@type']).toBe('@penguin-statistics/planner/config')
    expect(config.items).toEqual(
      expect.arrayContaining([
        { id: CUBE, have: 50, need: 30 },
        { id: CLUSTER, have: 10, need: 10 },
      ]),
    )
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()

    // Reset the items: confirm is disabled until a part is chosen.
    await page.getByTestId('planner-open-reset').click()
    const reset = page.getByRole('dialog')
    const confirm = reset.getByRole('button', { name: 'Reset', exact: true })
    expect(await confirm.isDisabled()).toBe(true)
    await reset.getByLabel('Reset every need and have').check()
    await confirm.click()
    await page.getByText('The planner has been reset').waitFor()
    await expect.poll(() => need(page, CLUSTER).inputValue()).toBe('0')
    await expect.poll(() => have(page, CUBE).inputValue()).toBe('0')

    // Import back.
    await page.getByTestId('planner-open-io').click()
    await page.getByTestId('planner-import-text').fill(exported)
    await page.getByTestId('planner-import-run').click()
    await page.getByText(`Imported counts of ${config.items.length} items`).waitFor()
    await expect.poll(() => need(page, CLUSTER).inputValue()).toBe('10')
    await expect.poll(() => have(page, CLUSTER).inputValue()).toBe('10')
    await expect.poll(() => need(page, CUBE).inputValue()).toBe('30')
    await expect.poll(() => have(page, CUBE).inputValue()).toBe('50')

    // A bad import says why, per entry.
    await page.getByTestId('planner-open-io').click()
    await page.getByTestId('planner-import-text').fill('[{"id": "30012", "need": 1.5}, {"id": "30013", "need": 2}]')
    await page.getByTestId('planner-import-run').click()
    await page
      .getByTestId('planner-import-segments')
      .getByText(/Entry 1:/)
      .waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()

    // Excluding every stage the dialog offers changes the plan (only gacha boxes stay, as in the
    // public client); including them back gives the same plan as before.
    const before = (await liveObjective(page)).objective
    const panel = () =>
      page.getByTestId('planner-live').evaluate((el) => {
        if (el.getAttribute('data-state') !== 'fresh' || el.getAttribute('aria-busy') !== 'false') return 'busy'
        if (el.querySelector('[role="alert"]')) return 'error'
        return Number(el.querySelector('[data-testid="planner-totals"]')?.getAttribute('data-objective'))
      })
    await page.getByRole('button', { name: /^Exclude stages/ }).click()
    await page.getByRole('button', { name: 'Exclude all' }).click()
    await page.getByText(/^Excluded stages: [1-9]/).waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(panel, { timeout: 30_000 }).not.toBe('busy')
    await expect.poll(panel, { timeout: 30_000 }).not.toBe(before)
    await page.getByRole('button', { name: /^Exclude stages/ }).click()
    await page.getByRole('button', { name: 'Include all' }).click()
    await page.getByText('Excluded stages: 0').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
    expect(Math.abs((await liveObjective(page)).objective - before)).toBeLessThan(1e-6 * before)

    // The counts survive a reload (persisted). The reload cuts off what the page still loads at idle.
    leaving(page)
    await page.reload({ waitUntil: 'networkidle' })
    await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })
    await expect.poll(() => need(page, CLUSTER).inputValue()).toBe('2')
    await expect.poll(() => have(page, CLUSTER).inputValue()).toBe('0')
    await liveObjective(page)
    await settle(page)
    expect(problems).toEqual([])
    await page.close()
  }, 180_000)

  it('takes a count typed through an input method in full-width mode', async () => {
    // A Japanese IME in kana mode: the digits come as full-width characters, composed, then committed.
    const ime = await e2e.browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    try {
      const page = await ime.newPage()
      const problems = watch(page)
      await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
      const field = need(page, CUBE)
      await field.waitFor({ timeout: 30_000 })
      const cdp = await ime.newCDPSession(page)
      const compose = async (steps: string[]) => {
        await field.click()
        await field.selectText()
        for (const text of steps) await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length })
        expect(await field.inputValue()).toBe(steps.at(-1))
        await cdp.send('Input.insertText', { text: steps.at(-1)! })
      }
      await compose(['１', '１５', '１５．', '１５．５'])
      expect(await field.inputValue()).toBe('15.5')
      await field.blur()
      expect(await field.inputValue()).toBe('15.5')
      // Kana committed into the field: the count stays.
      await compose(['あ'])
      expect(await field.inputValue()).toBe('15.5')
      await field.blur()
      expect(await field.inputValue()).toBe('15.5')
      await page.waitForSelector('[data-testid="planner-live"] [data-testid="planner-totals"]', { timeout: 30_000 })
      expect(problems).toEqual([])
    } finally {
      await ime.close()
    }
  }, 120_000)
  it('says what the item values of a plan are and shows the guide’s value beside each, with the options of both', async () => {
    const fresh = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    try {
      const page = await fresh.newPage()
      const problems = watch(page)
      const guide = (await (await fetch(`${e2e.server.url}/api/v2/efficiency?server=CN&view=values`)).json()) as { values: { itemId: string; value: number }[] }
      const guideValue = new Map(guide.values.map((v) => [v.itemId, v.value]))
      await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
      await page.waitForSelector(`[data-testid="planner-item-${CONCENTRATION}"]`, { timeout: 30_000 })
      await type(page, `planner-need-${CONCENTRATION}`, 20)
      await liveObjective(page)
      await page.getByTestId('planner-calculate').click()
      const dialog = page.getByTestId('planner-result-dialog')
      await dialog.getByTestId('planner-totals').waitFor({ timeout: 30_000 })
      await page.getByRole('tab', { name: plannerEn.planner.result.tabs.values }).click()

      // What the numbers are, in plain words, and what each side assumes.
      const explanation = dialog.getByTestId('planner-values-explanation')
      await explanation.waitFor()
      expect(await explanation.textContent()).toContain(plannerEn.planner.values.what)
      expect(await explanation.textContent()).toContain(plannerEn.planner.values.differs)
      expect(await dialog.getByTestId('planner-values-plan-options').textContent()).toBe(
        'CN server · LMD not valued · EXP not valued · crafting by-products not counted · stages excluded: 0',
      )
      expect(await dialog.getByTestId('planner-values-guide-options').textContent()).toContain('CN server · LMD valued · EXP valued · crafting by-products not counted')

      // Each item of the plan with its plan price and the guide's value (the guide's figures, linking to the guide).
      const row = dialog.locator(`[data-testid="planner-value-row"][data-item-id="${CONCENTRATION}"]`)
      await row.waitFor()
      const want = guideValue.get(CONCENTRATION)!
      const cell = row.getByTestId('planner-value-guide')
      await expect.poll(() => cell.textContent(), { timeout: 30_000 }).toBe(want.toFixed(2))
      expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(want, 9)
      expect(await cell.getAttribute('href')).toBe(`/guide?item=${CONCENTRATION}`)
      expect(Number(await row.getByTestId('planner-value-plan').textContent())).toBeGreaterThan(0)
      const rows = await dialog.getByTestId('planner-value-row').count()
      expect(rows).toBeGreaterThan(1)
      expect(await dialog.getByTestId('planner-value-guide').count()).toBe(rows)
      await settle(page)
      expect(problems).toEqual([])
    } finally {
      await fresh.close()
    }
  }, 120_000)
})
