// @vitest-environment node
/**
 * The Goals page in the built app on our server, in Chromium (issue 39): Texas found by her Japanese name, raised to
 * Elite 2 with her second skill at Mastery 3; the page's totals are the server's (`POST /planner/operators`); a depot
 * export of MAA's recognition imported (its format said, its unknown id named, its counts taken off the needs); "plan
 * the rest" fills the planner and the planner shows the stages; the goal survives a reload and its project goes to
 * a file and back; the page in zh/en/ja/ko; axe-core without serious or critical findings in light and dark; the
 * document never scrolls sideways (nor is any text cut) at 390×844 and 1366×900; no console error or failed request.
 */
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'
import { layoutProblems } from './route-walk'
import en from '../src/locales/en.json'
import ja from '../src/locales/ja-JP.json'
import ko from '../src/locales/ko-KR.json'
import zh from '../src/locales/zh-CN.json'
import plannerEn from '../src/locales/planner/en.json'
import plannerJa from '../src/locales/planner/ja-JP.json'
import plannerKo from '../src/locales/planner/ko-KR.json'
import plannerZh from '../src/locales/planner/zh-CN.json'

const TEXAS = '102_texas'
const LOCALES = [
  { id: 'zh', browser: 'zh-CN', htmlLang: 'zh-CN', title: zh.menu.goals, intro: plannerZh.planner.goals.intro },
  { id: 'en', browser: 'en-US', htmlLang: 'en', title: en.menu.goals, intro: plannerEn.planner.goals.intro },
  { id: 'ja', browser: 'ja-JP', htmlLang: 'ja', title: ja.menu.goals, intro: plannerJa.planner.goals.intro },
  { id: 'ko', browser: 'ko-KR', htmlLang: 'ko', title: ko.menu.goals, intro: plannerKo.planner.goals.intro },
] as const

/** MAA's depot recognition message as its callback prints it: the Penguin depot document, with one id the site does not know. */
const maaExport = (items: { id: string; have: number; name: string }[]) => {
  const depot = { '@type': '@penguin-statistics/depot', items }
  const lolicon = Object.fromEntries(items.map((i) => [i.id, i.have]))
  return JSON.stringify({
    taskchain: 'Depot',
    class: 'asst::DepotRecognitionTask',
    what: 'DepotInfo',
    details: { done: true, arkplanner: { object: depot, data: JSON.stringify(depot) }, lolicon: { object: lolicon, data: JSON.stringify(lolicon) } },
  })
}

describe.skipIf(!hasChromium())('goals page in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let open: BrowserContext[] = []
  afterEach(async () => {
    await Promise.all(open.map((c) => c.close().catch(() => undefined)))
    open = []
  })
  const newPage = async (opts: { locale?: string; width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) => {
    const ctx = await e2e.newContext({
      locale: opts.locale ?? 'en-US',
      viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 },
      colorScheme: opts.colorScheme ?? 'light',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
      acceptDownloads: true,
    })
    open.push(ctx)
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }
  const openGoals = async (page: Page) => {
    await page.goto(`${e2e.server.url}/goals`, { waitUntil: 'networkidle' })
    await page.getByTestId('goals-operator-input').waitFor({ timeout: 60_000 })
  }
  const addOperator = async (page: Page, query: string, id: string) => {
    const input = page.getByTestId('goals-operator-input')
    await input.click()
    await input.fill('')
    await input.pressSequentially(query)
    await page.locator(`[data-testid="goals-operator-option"][data-operator-id="${id}"]`).click()
    return page.locator(`[data-testid="goal-card"][data-operator-id="${id}"]`)
  }
  /** The needs on the page: item id → [need, missing]. */
  const needs = (page: Page) =>
    page
      .getByTestId('goals-need')
      .evaluateAll((els) =>
        Object.fromEntries(els.map((e) => [e.getAttribute('data-item-id'), [Number(e.getAttribute('data-need')), Number(e.getAttribute('data-missing'))]])),
      )

  it('finds Texas by her Japanese name, plans Elite 2 and Mastery 3 with a depot export, and the planner shows the stages', async () => {
    const { page, problems } = await newPage()
    await openGoals(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(en.menu.goals)
    // Reached from the menu too.
    expect(await page.getByRole('navigation', { name: en.menu.open }).getByRole('link', { name: en.menu.goals }).getAttribute('href')).toBe('/goals')

    const card = await addOperator(page, 'テキサス', TEXAS)
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe('Texas')
    await card.getByTestId('goal-to-elite').selectOption('2')
    // Her second skill to Mastery 3 (which asks for skill level 7 on the way).
    await card.getByTestId('goal-to-mastery-1').selectOption('3')
    expect(await card.getByTestId('goal-to-skill').inputValue()).toBe('7')
    // A 5-star's Elite 2 starts at level 1 of 80.
    expect(await card.getByTestId('goal-to-level').inputValue()).toBe('1')

    // The page's sums are the server's.
    const goal = {
      operator: TEXAS,
      from: { elite: 0, level: 1, skill: 1, masteries: [0, 0], modules: {} },
      to: { elite: 2, level: 1, skill: 7, masteries: [0, 3], modules: {} },
    }
    const res = await fetch(`${e2e.server.url}/api/v2/planner/operators`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ server: 'CN', goals: [goal] }),
    })
    expect(res.status).toBe(200)
    const server = (await res.json()) as { items: Record<string, number>; lmd: number; exp: number }
    await card.getByTestId('goal-cost').waitFor()
    const shown = await needs(page)
    const materials = Object.fromEntries(Object.entries(server.items).filter(([id]) => !id.startsWith('mod_')))
    expect(Object.fromEntries(Object.keys(shown).map((id) => [id, shown[id]![0]]))).toEqual(materials)
    expect(await page.getByTestId('goals-total-lmd').textContent()).toContain(server.lmd.toLocaleString('en-US'))
    expect(await page.getByTestId('goals-total-exp').textContent()).toContain(server.exp.toLocaleString('en-US'))

    // A depot export pasted: its format is said, the unknown id named (not imported), the counts taken off the needs.
    // Two materials the planner plans (5-digit ids: not the chips or the skill summaries).
    const [first, second] = Object.keys(materials).filter((id) => /^\d{5}$/.test(id))
    const depot = maaExport([
      { id: first!, have: 1, name: 'a' },
      { id: second!, have: 9999, name: 'b' },
      { id: 'act99side_token', have: 5, name: '未知代币' },
    ])
    await page.getByTestId('goals-open-depot').click()
    const dialog = page.getByTestId('goals-depot-dialog')
    await dialog.getByTestId('goals-depot-text').fill(depot)
    await expect.poll(() => dialog.getByTestId('goals-depot-format').getAttribute('data-format')).toBe('maa')
    expect(await dialog.getByTestId('goals-depot-unknown').textContent()).toContain('act99side_token')
    expect(await dialog.getByTestId('goals-depot-unknown').textContent()).toContain('未知代币')
    await dialog.getByTestId('goals-depot-import').click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await needs(page))[first!]).toEqual([materials[first!], materials[first!]! - 1])
    expect((await needs(page))[second!]).toEqual([materials[second!], 0])
    expect(await page.getByTestId(`goals-have-${second}`).inputValue()).toBe('9999')

    // A text that is no export gets a sentence, not a crash.
    await page.getByTestId('goals-open-depot').click()
    await dialog.getByTestId('goals-depot-text').fill('{"hello": "world"}')
    expect(await dialog.getByTestId('goals-depot-error').textContent()).toBe(plannerEn.planner.goals.depot.error.unrecognized)
    expect(await dialog.getByTestId('goals-depot-import').isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: en.dialog.close }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The forecast of what is left, with its words: expected and 90 % figures, the latter never below.
    const forecast = page.getByTestId('goals-forecast-result')
    await expect.poll(() => forecast.getAttribute('data-state'), { timeout: 90_000 }).toBe('done')
    expect(await page.getByTestId('goals-forecast-explanation').textContent()).toContain('Nine in ten')
    expect(await page.getByTestId('goals-forecast-expected').textContent()).toMatch(/\d+(\.\d)? days/)

    // Skill Summaries, chips and dual chips are planned too (a goals plan): nothing is left unplanned, and the plan
    // says how many Chip Catalysts to buy for the dual chips (the depot holds none).
    expect(await page.getByTestId('goals-not-planned').count()).toBe(0)
    expect(await page.locator('[data-testid="goals-need"][data-item-id="3303"]').textContent()).not.toContain(plannerEn.planner.goals.totals.notPlannedShort)
    expect(materials['3213']).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('goals-buy').getAttribute('data-count')).toBe(String(materials['3213']))

    // Plan the rest: the planner gets the needs and the stock, and shows the stages.
    leaving(page)
    await page.getByTestId('goals-plan-rest').click()
    await page.waitForURL(/\/planner$/)
    await page.waitForSelector('[data-testid="planner-live"][data-state="fresh"][aria-busy="false"] [data-testid="planner-stage"]', { timeout: 60_000 })
    expect(await page.getByTestId('planner-stage').count()).toBeGreaterThan(0)
    expect(await page.getByTestId(`planner-need-${first}`).inputValue()).toBe(String(materials[first!]))
    expect(await page.getByTestId(`planner-have-${first}`).inputValue()).toBe('1')
    // The Mastery 3's Skill Summaries sit in the planner's group of goal counts, and the plan runs a CA stage for them.
    expect(await page.getByTestId('planner-goal-items').getByTestId('planner-need-3303').inputValue()).toBe(String(materials['3303']))
    await page.getByTestId('planner-open-result').click()
    const result = page.getByTestId('planner-result-dialog')
    const stageIds = await result.getByTestId('planner-stage').evaluateAll((els) => els.map((e) => e.getAttribute('data-stage-id') ?? ''))
    expect(stageIds.filter((id) => id.startsWith('wk_fly_')).length).toBeGreaterThan(0)
    expect(await result.getByTestId('planner-buy').getAttribute('data-count')).toBe(String(materials['3213']))
    await page.getByRole('button', { name: en.dialog.close }).click()
    await result.waitFor({ state: 'hidden' })

    // Back on the page: the project kept the goal and the stock.
    leaving(page)
    await openGoals(page)
    await page.locator(`[data-testid="goal-card"][data-operator-id="${TEXAS}"]`).waitFor()
    expect(await page.getByTestId(`goals-have-${second}`).inputValue()).toBe('9999')
    await settle(page)
    expect(problems).toEqual([])
  }, 240_000)

  it('keeps several projects, and exports one to a file that imports back as a new project', async () => {
    const { page, problems } = await newPage()
    await openGoals(page)
    await addOperator(page, 'amiya', '002_amiya')
    const amiya = page.locator('[data-testid="goal-card"][data-operator-id="002_amiya"]')
    // Her Guard form's skills are listed under it.
    expect(await amiya.textContent()).toContain(plannerEn.planner.goals.forms.amiya2)
    await page.getByTestId('goals-project-rename').click()
    await page.getByTestId('goals-project-name').fill('Masteries')
    await page.getByTestId('goals-project-rename-save').click()
    await expect.poll(() => page.getByTestId('goals-project-select').locator('option:checked').textContent()).toBe('Masteries')

    const download = page.waitForEvent('download')
    await page.getByTestId('goals-project-export').click()
    const file = await (await download).path()
    const text = readFileSync(file, 'utf8')
    expect(JSON.parse(text)).toMatchObject({ '@type': '@dropwise/goals/project', version: 1, project: { name: 'Masteries', goals: [{ operator: '002_amiya' }] } })

    // A new, empty project, then the file back: a third project, named apart.
    await page.getByTestId('goals-project-new').click()
    await expect.poll(() => page.getByTestId('goal-card').count()).toBe(0)
    await page.getByTestId('goals-project-file').setInputFiles({ name: 'masteries.json', mimeType: 'application/json', buffer: Buffer.from(text) })
    await expect.poll(() => page.getByTestId('goals-project-select').locator('option:checked').textContent()).toBe('Masteries (2)')
    await amiya.waitFor()
    expect(await page.getByTestId('goals-project-select').locator('option').count()).toBe(3)

    // A file that is no project says so.
    await page
      .getByTestId('goals-project-file')
      .setInputFiles({ name: 'depot.json', mimeType: 'application/json', buffer: Buffer.from('{"@type": "@penguin-statistics/depot", "items": []}') })
    expect(await page.getByTestId('goals-project-problem').textContent()).toContain('not a Dropwise goals project')

    // Delete asks first, then shows the next project.
    await page.getByTestId('goals-project-delete').click()
    await page.getByRole('dialog').getByRole('button', { name: plannerEn.planner.goals.projects.delete }).click()
    await expect.poll(() => page.getByTestId('goals-project-select').locator('option').count()).toBe(2)
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('shows the page in zh, en, ja and ko', async () => {
    const failures: string[] = []
    for (const locale of LOCALES) {
      const { page, problems } = await newPage({ locale: locale.browser })
      await openGoals(page)
      const state = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        h1: document.querySelector('h1')?.textContent ?? '',
        title: document.title,
        text: document.querySelector('main')?.textContent ?? '',
      }))
      if (state.lang !== locale.htmlLang) failures.push(`${locale.id}: <html lang> is ${state.lang}`)
      if (state.h1 !== locale.title) failures.push(`${locale.id}: heading is ${state.h1}`)
      if (!state.title.includes(locale.title)) failures.push(`${locale.id}: title is ${state.title}`)
      if (!state.text.includes(locale.intro)) failures.push(`${locale.id}: the introduction is not the language's`)
      await addOperator(page, 'テキサス', TEXAS)
      for (const p of problems) failures.push(`${locale.id}: ${p}`)
      await page.context().close()
    }
    expect(failures).toEqual([])
  }, 240_000)

  /** The page with a goal, its costs, totals and forecast on screen. */
  const withGoal = async (page: Page) => {
    await openGoals(page)
    const card = await addOperator(page, 'テキサス', TEXAS)
    await card.getByTestId('goal-to-mastery-1').selectOption('3')
    await card.getByTestId('goal-to-module-uniequip_002_texas').selectOption('2')
    await page.getByTestId('goals-need').first().waitFor()
    await expect.poll(() => page.getByTestId('goals-forecast-result').getAttribute('data-state'), { timeout: 90_000 }).toBe('done')
    await settle(page)
  }

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe findings (%s), the depot dialog included',
    async (colorScheme) => {
      const { page, problems } = await newPage({ colorScheme })
      await withGoal(page)
      expect(await seriousFindings(page)).toEqual([])
      await page.getByTestId('goals-open-depot').click()
      await page.getByTestId('goals-depot-text').fill(
        maaExport([
          { id: '30012', have: 3, name: '固源岩' },
          { id: 'nope', have: 1, name: '?' },
        ]),
      )
      await page.getByTestId('goals-depot-unknown').waitFor()
      expect(await seriousFindings(page)).toEqual([])
      expect(problems).toEqual([])
    },
    120_000,
  )

  it.each([
    [390, 844],
    [1366, 900],
  ])(
    'does not scroll sideways nor cut text at %i×%i',
    async (width, height) => {
      const { page, problems } = await newPage({ width, height })
      await withGoal(page)
      expect(await page.evaluate(layoutProblems)).toEqual([])
      await page.getByTestId('goals-open-depot').click()
      await page.getByTestId('goals-depot-text').fill(maaExport([{ id: '30012', have: 3, name: '固源岩' }]))
      await page.getByTestId('goals-depot-items').waitFor()
      expect(await page.evaluate(layoutProblems)).toEqual([])
      expect(problems).toEqual([])
    },
    120_000,
  )
})
