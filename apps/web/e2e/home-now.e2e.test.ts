// @vitest-environment node
/**
 * "How old is this, and what is on now?" (issue 38 §3), in Chromium on our server: the home page says how
 * current the drop history and the game data are (from the server's own answers), and lists the chosen
 * server's open and upcoming events with the time left, each linking to its stages; with none open it
 * says so and names the last one that closed. Chromium's clock is set into a window of the seed's events.
 */
import type { Zone } from '@dropwise/schemas'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatDuration } from '../src/features/home/utils/events'
import { hasChromium, setUpServerAndBrowser, watch } from './harness'

const API = '/PenguinStats/api/v2'
const H = 3_600_000
const D = 24 * H
const longDate = (ms: number, timeZone?: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone }).format(ms)

describe.skipIf(!hasChromium())('home page: data age and events', () => {
  const e2e = setUpServerAndBrowser()
  let events: (Zone & { open: number; close: number })[]
  let until: number
  let gameData: { version: number; asOf: number }
  beforeAll(async () => {
    const get = async <T>(path: string) => (await fetch(`${e2e.server.url}${path}`)).json() as Promise<T>
    const zones = await get<Zone[]>(`${API}/zones`)
    events = zones
      .filter((z) => z.type === 'ACTIVITY' && z.existence.CN.exist)
      .map((z) => ({ ...z, open: z.existence.CN.openTime!, close: z.existence.CN.closeTime! }))
      .sort((a, b) => a.open - b.open)
    until = (await get<{ imported: { until: number } }>(`${API}/basis?server=CN`)).imported.until
    gameData = (await get<{ current: { version: number; asOf: number } }>('/api/_/data?limit=0')).current
  })

  const open = async (options: BrowserContextOptions, time?: number) => {
    const ctx = await e2e.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block', ...options })
    await ctx.addInitScript(() => {
      localStorage.setItem('penguin-stats-settings', JSON.stringify({ language: 'en' }))
      // Layout shifts from the first paint on (the pre-rendered page has the card's space, not its lists).
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = [])
      new PerformanceObserver((l) => l.getEntries().forEach((e) => shifts.push((e as unknown as { value: number }).value))).observe({
        type: 'layout-shift',
        buffered: true,
      })
    })
    const page = await ctx.newPage()
    const problems = watch(page)
    if (time !== undefined) await page.clock.install({ time })
    await page.goto(e2e.server.url, { waitUntil: 'networkidle' })
    await page.getByTestId('home-events').waitFor({ timeout: 30_000 })
    await page.getByTestId('home-game-data-age').waitFor()
    return { page, problems }
  }
  const eventRow = (page: Page, zoneId: string) => page.locator(`[data-testid="home-event"][data-zone-id="${zoneId}"]`)

  it('says how current the drop history and the game data are', async () => {
    const { page, problems } = await open({})
    expect(await page.getByTestId('home-history-age').textContent()).toBe(
      `Drop history: Penguin Statistics up to ${longDate(until, 'UTC')}, plus 0 reports sent here since.`,
    )
    // The seed's history: the Penguin Statistics matrices fetched on 2025-06-21.
    expect(new Date(until).toISOString().slice(0, 10)).toBe('2025-06-21')
    const age = await page.getByTestId('home-game-data-age').textContent()
    expect(age).toContain(`Game data (stages, items, events): as of ${longDate(gameData.asOf, 'UTC')} (`)
    expect(age).toMatch(new RegExp(`ago\\), version ${gameData.version}\\.$`))
    expect(problems).toEqual([])
  })

  it('with no event open now, says so and names the last one that closed, linking to its stages', async () => {
    const { page, problems } = await open({ viewport: { width: 390, height: 844 } })
    const last = events.filter((e) => e.close <= Date.now()).sort((a, b) => b.close - a.close)[0]!
    expect(events.every((e) => e.close <= Date.now())).toBe(true)
    expect(await page.getByTestId('home-events-none').textContent()).toBe('No event is open on CN now.')
    const row = eventRow(page, last.zoneId)
    expect(await row.getByTestId('home-event-time').textContent()).toBe(`closed on ${longDate(last.close)} (last year)`)
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/result/stage/${last.zoneId}/${last.stages[0]}`)
    expect(problems).toEqual([])
  })

  it('lists the open event with the time left and the next one with the time to its start; the link opens its stage', async () => {
    // The last two events of the seed that do not overlap: 3 d 5 h 30 min before the earlier one closes.
    const i = events.findLastIndex((e, k) => k > 0 && events[k - 1]!.close < e.open)
    const [current, next] = [events[i - 1]!, events[i]!]
    const time = current.close - (3 * D + 5 * H + 30 * 60_000)
    expect(time).toBeGreaterThan(current.open)
    const { page, problems } = await open({}, time)

    const now = eventRow(page, current.zoneId)
    expect(await now.getByTestId('home-event-time').textContent()).toBe('ends in 3d 5h')
    expect(await page.getByText('Open now on CN').count()).toBe(1)
    const soon = eventRow(page, next.zoneId)
    expect(await soon.getByTestId('home-event-time').textContent()).toBe(`opens in ${formatDuration(next.open - time, 'en')}`)
    expect(await page.getByTestId('home-events-none').count()).toBe(0)
    // Two lists arrived after the first paint, and nothing moved for them.
    const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0))
    expect(cls).toBeLessThan(0.01)

    const link = now.getByRole('link', { name: current.zoneName_i18n.en })
    await link.click()
    await page.waitForURL(`**/result/stage/${current.zoneId}/${current.stages[0]}`)
    await page.waitForFunction((name) => document.title.includes(name), current.zoneName_i18n.en, { timeout: 30_000 })
    expect(problems).toEqual([])
  })
})
