// @vitest-environment node
/**
 * The farming guide in Chromium against the built app on our server with the seed: reached from the
 * menu, Orirock Cube (30012) picked by typing its name, its cheapest way (1-7, at the item's value)
 * followed to its stats page; Orirock Concentration's cheapest way is crafting, at its value; on every
 * server, no item's cheapest way costs more than its value; the table sorted from the keyboard; the CSV download;
 * the page in zh/en/ja/ko without console errors; axe-core (light and dark) without serious or
 * critical findings; no sideways scrolling of the document at 390×844 and 1366×900.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousFindings } from './axe'
import { CHROMIUM_PATH, hasChromium, leaving, settle, setUpServerAndBrowser, watch } from './harness'
import en from '../src/locales/en.json'
import ja from '../src/locales/ja-JP.json'
import ko from '../src/locales/ko-KR.json'
import zh from '../src/locales/zh-CN.json'
import guideEn from '../src/locales/guide/en.json'
import type { EfficiencyResponse, Item, Stage, Zone } from '@dropwise/schemas'
import { buildStageRows, guideItems } from '../src/features/guide/guide-model'
import { itemSources } from '../src/features/guide/item-sources'

const chromium = hasChromium()
if (!chromium) console.warn(`e2e: skipped, ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`)

const ORIROCK_CUBE = '30012'
const ORIROCK_CONCENTRATION = '30014'
const SERVERS = ['CN', 'US', 'JP', 'KR'] as const
const LOCALES = [
  { id: 'zh', browser: 'zh-CN', htmlLang: 'zh-CN', title: zh.menu.guide },
  { id: 'en', browser: 'en-US', htmlLang: 'en', title: en.menu.guide },
  { id: 'ja', browser: 'ja-JP', htmlLang: 'ja', title: ja.menu.guide },
  { id: 'ko', browser: 'ko-KR', htmlLang: 'ko', title: ko.menu.guide },
] as const

interface Efficiency {
  stages: { stageId: string; apCost: number; efficiency: number; used: boolean; wide: boolean; drops: { itemId: string; sanityPerItem: number; wide: boolean }[] }[]
  values: { itemId: string; value: number }[]
}

/** The guide has its figures: the table's rows are drawn. */
const guideReady = async (page: Page) => {
  // The first answer is computed on request (an LP per server): slow on a busy machine.
  await page.getByTestId('guide-table-row').first().waitFor({ timeout: 60_000 })
  await settle(page)
}

describe.skipIf(!chromium)('farming guide in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let efficiency: Efficiency

  // Each journey's pages close after it: pages left open keep fetching at idle (the start-up datasets)
  // and slow the next journeys on a 2-core machine.
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
    })
    open.push(ctx)
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }

  beforeAll(async () => {
    efficiency = (await (await fetch(`${e2e.server.url}/api/v2/efficiency?server=CN`)).json()) as Efficiency
  }, 300_000)

  it('goes from the menu to the guide, picks Orirock Cube by name and follows its best stage to the stage page', async () => {
    // The cheapest way to an Orirock Cube: 1-7, which the planner runs, at the cube's value (what else the run
    // drops counted at its value); crafting cubes from Orirock costs the same but more sanity for the cube alone.
    const value = efficiency.values.find((v) => v.itemId === ORIROCK_CUBE)!.value
    const best = { stageId: 'main_01-07' }
    expect(efficiency.stages.find((s) => s.stageId === best.stageId)?.used).toBe(true)

    const { page, problems } = await newPage()
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    await page
      .getByRole('navigation', { name: en.menu.open })
      .getByRole('link', { name: new RegExp(en.menu.guide) })
      .click()
    await page.waitForURL(/\/guide$/)
    await guideReady(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(en.menu.guide)

    // The default order: efficiency, highest first.
    const first = efficiency.stages.reduce((a, b) => (Math.round(b.efficiency * 1e6) > Math.round(a.efficiency * 1e6) ? b : a))
    expect(Number((await page.getByTestId('guide-cell-efficiency').first().textContent())?.split(' ')[0])).toBeCloseTo(first.efficiency, 3)

    const input = page.getByTestId('guide-material-input')
    await input.click()
    await input.pressSequentially('Orirock Cube')
    await page.locator(`[data-testid="guide-material-option"][data-item-id="${ORIROCK_CUBE}"]`).click()
    await page.waitForURL(new RegExp(`[?&]item=${ORIROCK_CUBE}`))
    await expect.poll(() => page.getByTestId('guide-material-detail').getAttribute('data-item-id')).toBe(ORIROCK_CUBE)
    expect(await page.getByTestId('guide-item-value').textContent()).toContain(value.toFixed(2))

    const top = page.getByTestId('guide-rank-sanity').getByTestId('guide-rank-entry').first()
    expect(await top.getAttribute('data-stage-id')).toBe(best.stageId)
    expect(await top.getByTestId('guide-rank-figure').textContent()).toMatch(new RegExp(`^${value.toFixed(2)} `))
    // Cheapest first, none below the value.
    const figures = await page
      .getByTestId('guide-rank-sanity')
      .getByTestId('guide-rank-entry')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sanity'))))
    expect(figures).toEqual([...figures].sort((a, b) => a - b))
    expect(Math.min(...figures)).toBeGreaterThanOrEqual(value - 1e-6)
    expect(await page.getByTestId('guide-plan-link').getAttribute('href')).toBe('/planner')
    expect(await page.getByTestId('guide-item-link').getAttribute('href')).toBe(`/result/item/${ORIROCK_CUBE}`)

    leaving(page)
    await top.getByTestId('guide-stage-link').click()
    await page.waitForURL(/\/result\/stage\/main_1\/main_01-07$/)
    await page.getByTestId('selected-stage').waitFor()
    expect(await page.getByTestId('selected-stage').textContent()).toContain('1-7')
    // The stage page shows the guide's figure for the stage, linking back to the guide.
    const stage = efficiency.stages.find((s) => s.stageId === best.stageId)!
    const stageBadge = page.getByTestId('guide-badge-stage')
    await stageBadge.waitFor({ timeout: 30_000 })
    expect(await stageBadge.textContent()).toContain(stage.efficiency.toFixed(3))
    expect(await stageBadge.getAttribute('href')).toBe('/guide')

    // So does the item page, with the item picked in the guide it links to.
    leaving(page)
    await page.goto(`${e2e.server.url}/result/item/${ORIROCK_CUBE}`, { waitUntil: 'networkidle' })
    const itemBadge = page.getByTestId('guide-badge-item')
    await itemBadge.waitFor({ timeout: 30_000 })
    expect(await itemBadge.textContent()).toContain(value.toFixed(2))
    leaving(page)
    await itemBadge.click()
    await page.waitForURL(new RegExp(`/guide\\?item=${ORIROCK_CUBE}$`))
    await page.getByTestId('guide-material-detail').waitFor({ timeout: 30_000 })
    await settle(page)
    expect(problems).toEqual([])
  }, 120_000)

  it('lists crafting first for Orirock Concentration, at its value, with what it crafts from and the stage to farm', async () => {
    const { page, problems } = await newPage()
    await page.goto(`${e2e.server.url}/guide?item=${ORIROCK_CONCENTRATION}`)
    await guideReady(page)
    await expect.poll(() => page.getByTestId('guide-material-detail').getAttribute('data-item-id')).toBe(ORIROCK_CONCENTRATION)
    const value = efficiency.values.find((v) => v.itemId === ORIROCK_CONCENTRATION)!.value
    expect(await page.getByTestId('guide-item-value').textContent()).toBe(guideEn.guide.material.value.replace('{{value}}', value.toFixed(2)))

    const entries = page.getByTestId('guide-rank-sanity').getByTestId('guide-rank-entry')
    const top = entries.first()
    expect(await top.getAttribute('data-kind')).toBe('craft')
    expect(Number(await top.getAttribute('data-sanity'))).toBeLessThanOrEqual(value + 1e-6)
    expect(await top.getByTestId('guide-rank-figure').textContent()).toBe(value.toFixed(2))
    // Orirock Concentration ← 4 Orirock Cluster ← 5 Orirock Cube each ← farmed at 1-7.
    expect(await top.getByTestId('guide-craft-title').textContent()).toBe('Farm 1-7, craft')
    expect(await top.getAttribute('data-farm')).toBe('main_01-07')
    expect(await top.getByTestId('guide-craft-materials').textContent()).toBe('Crafted from 4 × Orirock Cluster, 300 LMD')
    // The stages come after it: 4-6 drops it too, at more than the value.
    const stage = entries.nth(1)
    expect(await stage.getAttribute('data-kind')).toBe('stage')
    expect(Number(await stage.getAttribute('data-sanity'))).toBeGreaterThan(value)

    // A material of the craft opens its own list, where crafting from cubes farmed at 1-7 comes first too.
    await top.getByRole('link', { name: '4 × Orirock Cluster' }).click()
    await page.waitForURL(/[?&]item=30013/)
    await expect.poll(() => page.getByTestId('guide-material-detail').getAttribute('data-item-id')).toBe('30013')
    expect(await entries.first().getAttribute('data-kind')).toBe('craft')
    expect(await entries.first().getAttribute('data-farm')).toBe('main_01-07')
    expect(problems).toEqual([])
  }, 90_000)

  it('never lists a cheapest way above the item’s value, for any item on any server', async () => {
    const json = async <T>(path: string) => (await (await fetch(`${e2e.server.url}/api/v2${path}`)).json()) as T
    const items = await json<Item[]>('/items')
    const zones = await json<Zone[]>('/zones')
    const failures: string[] = []
    let checked = 0
    for (const server of SERVERS) {
      const [answer, stages] = await Promise.all([json<EfficiencyResponse>(`/efficiency?server=${server}`), json<Stage[]>(`/stages?server=${server}`)])
      const catalog = { stagesById: new Map(stages.map((s) => [s.stageId, s])), zonesById: new Map(zones.map((z) => [z.zoneId, z])) }
      const rows = buildStageRows(answer, catalog, server, 'en')
      const value = new Map(answer.values.map((v) => [v.itemId, v.value]))
      for (const item of guideItems(answer, items)) {
        const list = itemSources(rows, answer, item.itemId)
        const v = value.get(item.itemId)!
        // The page shows 2 decimals (fewer above 100): within half a unit of the last one shown.
        const tolerance = 0.005
        if (list[0] === undefined || list[0].sanityPerItem > v + tolerance) failures.push(`${server} ${item.itemId}: first ${list[0]?.sanityPerItem} > value ${v}`)
        if (list.some((s) => s.sanityPerItem < v - tolerance)) failures.push(`${server} ${item.itemId}: a way below the value ${v}`)
        checked++
      }
      // Crafting shows up first where it is the cheapest way: Orirock Concentration everywhere.
      expect(itemSources(rows, answer, ORIROCK_CONCENTRATION)[0]?.kind, server).toBe('craft')
    }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(4 * 40)
  }, 120_000)

  it('sorts the table from the keyboard and offers the CSV download', async () => {
    const { page, problems } = await newPage()
    await page.goto(`${e2e.server.url}/guide`)
    await guideReady(page)
    const header = page.getByTestId('guide-sort-apCost')
    await header.focus()
    await page.keyboard.press('Enter')
    const cell = page.locator('th', { has: header })
    await expect.poll(() => cell.getAttribute('aria-sort')).toBe('descending')
    const maxCost = Math.max(...efficiency.stages.map((s) => s.apCost))
    expect(await page.getByTestId('guide-table-row').first().locator('td').nth(2).textContent()).toBe(String(maxCost))
    await page.keyboard.press('Enter')
    await expect.poll(() => cell.getAttribute('aria-sort')).toBe('ascending')

    await page.getByTestId('guide-table-search').fill('1-7')
    await expect.poll(() => page.getByTestId('guide-table-row').count()).toBeGreaterThan(0)
    const codes = await page.getByTestId('guide-table-link').allTextContents()
    expect(codes.every((c) => c.includes('1-7'))).toBe(true)

    // Not valuing LMD asks the server again: every stage's LMD part is then 0.
    const answer = page.waitForResponse((r) => r.url().includes('/efficiency?') && r.url().includes('lmd=false'))
    await page.getByRole('switch', { name: guideEn.guide.options.lmd }).click()
    expect((await answer).status()).toBe(200)
    await expect.poll(async () => (await page.getByTestId('guide-table-row').locator('td:nth-child(5)').allTextContents()).every((v) => v === '0.000')).toBe(true)

    await page.getByTestId('guide-export-button').click()
    const href = await page.getByTestId('guide-export-csv').getAttribute('href')
    expect(href).toMatch(/\/export\/efficiency\?server=CN&format=csv&lmd=false$/)
    const csv = await (await fetch(`${e2e.server.url}${href}`)).text()
    expect(csv.split('\n')[0]).toContain('Penguin Statistics')
    expect(problems).toEqual([])
  }, 90_000)

  it('renders in zh, en, ja and ko without console errors or failed requests', async () => {
    const failures: string[] = []
    // One language after the other: four pages at once, each parsing the whole answer, starved each
    // other past a minute on a busy 2-core machine.
    for (const locale of LOCALES) {
      const { page, problems } = await newPage({ locale: locale.browser })
      await page.goto(`${e2e.server.url}/guide?item=${ORIROCK_CUBE}`)
      await guideReady(page).catch(async (e: unknown) => {
        // Say what the page shows instead of the rows (a message, a spinner) and what went wrong on the way.
        const text = (
          await page
            .locator('main')
            .innerText()
            .catch(() => '')
        )
          .replace(/\s+/g, ' ')
          .slice(0, 300)
        throw new Error(`${locale.id}: no guide rows (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); page: ${text}; problems: ${problems.join(' | ')}`)
      })
      await page.getByTestId('guide-chart').locator('svg').first().waitFor({ timeout: 30_000 })
      const state = await page.evaluate(() => ({ lang: document.documentElement.lang, h1: document.querySelector('h1')?.textContent ?? '', title: document.title }))
      if (state.lang !== locale.htmlLang) failures.push(`${locale.id}: <html lang> is ${state.lang}`)
      if (state.h1 !== locale.title) failures.push(`${locale.id}: heading is ${state.h1}`)
      if (!state.title.includes(locale.title)) failures.push(`${locale.id}: title is ${state.title}`)
      if ((await page.getByTestId('guide-rank-entry').count()) === 0) failures.push(`${locale.id}: no ranking for Orirock Cube`)
      for (const p of problems) failures.push(`${locale.id}: ${p}`)
      await page.context().close()
    }
    expect(failures).toEqual([])
  }, 300_000)

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe findings (%s)',
    async (colorScheme) => {
      const { page, problems } = await newPage({ colorScheme })
      await page.goto(`${e2e.server.url}/guide?item=${ORIROCK_CUBE}`)
      await guideReady(page)
      await page.getByTestId('guide-chart').locator('svg').first().waitFor({ timeout: 30_000 })
      expect(await seriousFindings(page)).toEqual([])
      expect(problems).toEqual([])
    },
    90_000,
  )

  it.each([
    [390, 844],
    [1366, 900],
  ])(
    'does not scroll the document sideways at %i×%i',
    async (width, height) => {
      const { page, problems } = await newPage({ width, height })
      await page.goto(`${e2e.server.url}/guide?item=${ORIROCK_CUBE}`)
      await guideReady(page)
      await page.getByTestId('guide-chart').locator('svg').first().waitFor({ timeout: 30_000 })
      const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
      expect(size.scroll).toBeLessThanOrEqual(size.client)
      // The table may scroll inside its own box; its stage column stays in view.
      expect(await page.getByTestId('guide-table-link').first().isVisible()).toBe(true)
      expect(problems).toEqual([])
    },
    60_000,
  )
})
