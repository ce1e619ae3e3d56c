// @vitest-environment node
/**
 * Issue #17 point 8, in Chromium against the built app on our server with the seed: axe-core on
 * every route in every theme style and colour mode, 0 serious or critical findings. Seaborn and
 * Ave Mujica force dark (spec 000 §4), so they have one mode each. The first pass (default, light)
 * runs every axe rule, at 1366 and 390 px; the others run the colour rules, the only ones a theme can
 * change. One page per pass walks the routes client-side; two pages run at a time.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import en from '../src/locales/en.json'
import type { ThemeStyle } from '../src/lib/state'
import { seriousFindings } from './axe'
import { hasChromium, setUpServerAndBrowser } from './harness'
import { goClient, ready, ROUTES, SIZES } from './route-walk'

const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

interface Pass {
  style: ThemeStyle
  mode: 'light' | 'dark'
  size: (typeof SIZES)[number]
  allRules: boolean
}
const [DESKTOP, MOBILE] = SIZES
const PASSES: Pass[] = [
  { style: 'default', mode: 'light', size: DESKTOP, allRules: true },
  { style: 'default', mode: 'light', size: MOBILE, allRules: true },
  { style: 'default', mode: 'dark', size: DESKTOP, allRules: false },
  { style: 'miku2021', mode: 'light', size: DESKTOP, allRules: false },
  { style: 'miku2021', mode: 'dark', size: DESKTOP, allRules: false },
  { style: 'seaborn', mode: 'dark', size: DESKTOP, allRules: false },
  { style: 'avemujica', mode: 'dark', size: DESKTOP, allRules: false },
]

/** Serious and critical findings on the page as it is, one line each. */
const audit = (page: Page, allRules: boolean) => seriousFindings(page, allRules ? {} : { rules: COLOUR_RULES })

describe.skipIf(!hasChromium())('axe on every route in every theme and colour mode in Chromium', () => {
  const e2e = setUpServerAndBrowser({}, { timeoutMs: 600_000 })

  const walk = async ({ style, mode, size, allRules }: Pass) => {
    const ctx = await e2e.browser.newContext({
      locale: 'en-US',
      viewport: { width: size.width, height: size.height },
      colorScheme: mode,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    })
    // The stored settings the settings dialog writes (lib/storage.ts STORAGE_KEYS.settings).
    await ctx.addInitScript((s) => localStorage.setItem('penguin-stats-settings', JSON.stringify(s)), { themeStyle: style, dark: mode })
    const where = `${style} ${mode} ${size.name}`
    const found: string[] = []
    try {
      const page = await ctx.newPage()
      for (const [i, path] of ROUTES.entries()) {
        try {
          if (i === 0) await page.goto(`${e2e.server.url}${path}`)
          else await goClient(page, path)
          await ready(page)
          if (i === 0) expect(await page.evaluate(() => document.documentElement.dataset.theme), where).toBe(style)
          found.push(...(await audit(page, allRules)).map((f) => `${where} ${path}: ${f}`))
        } catch (e) {
          found.push(`${where} ${path}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
        }
      }
    } finally {
      await ctx.close().catch(() => undefined)
    }
    return found
  }

  it('offers a skip link first, and moves focus to the heading after a navigation but not on the first load', async () => {
    const ctx = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce', serviceWorkers: 'block' })
    try {
      const page = await ctx.newPage()
      await page.goto(`${e2e.server.url}/statistics`)
      await ready(page)
      // First load: nothing is focused yet.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY')
      await page.keyboard.press('Tab')
      const skip = page.getByTestId('skip-link')
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
      const box = await skip.boundingBox()
      expect(box && box.y >= 0 && box.height > 0, 'visible once focused').toBe(true)
      await page.keyboard.press('Enter')
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement?.tagName)).toBe('H1')
      // A menu link: focus lands on the new page's heading.
      await page.getByRole('navigation').getByRole('link', { name: en.menu.planner }).first().click()
      await page.waitForURL(/\/planner$/)
      await ready(page)
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.closest('main') !== null)).toBe(true)
    } finally {
      await ctx.close().catch(() => undefined)
    }
  }, 60_000)

  it('finds no serious or critical axe violation', async () => {
    const started = Date.now()
    const found: string[] = []
    const queue = [...PASSES]
    await Promise.all(
      [0, 1].map(async () => {
        for (let p = queue.shift(); p; p = queue.shift()) found.push(...(await walk(p)))
      }),
    )
    console.log(`axe: ${PASSES.length} passes × ${ROUTES.length} routes in ${Math.round((Date.now() - started) / 1000)} s`)
    expect(found).toEqual([])
  }, 600_000)
})
