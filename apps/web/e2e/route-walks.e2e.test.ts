// @vitest-environment node
/**
 * Every route a visitor can open, walked client-side in Chromium against the built app on our server with the
 * seed, in every size, language, colour mode and theme style it is checked in (issue #17 points 6 and 8):
 * - layout: the document never scrolls sideways, and no text (numbers above all) is cut by its box or hidden
 *   behind a sideways scroll (route-walk.ts `layoutProblems`); the statistics are a table at 1366 px and a list
 *   at 390 px;
 * - every walk: the language's `<html lang>`, a title, and no console error, uncaught error, HTTP error or
 *   failed request (app.e2e loads each route from the server once; this walk is where every route meets every
 *   language and theme);
 * - axe-core: 0 serious or critical findings. The default style in light runs every rule, at 1366 and 390 px;
 *   the other walks it runs in run the colour rules, the only ones a mode or a theme can change.
 * A colour mode changes colours, not boxes: the layout is checked in every language in light and in English in
 * dark. Seaborn and Ave Mujica force dark (spec 000 §4), so they have one mode each. One page per walk, two
 * walks at a time; 14 walks (the layout and axe walks of the same size, language and mode were two files
 * until 2026-11-28, and three walks were made twice).
 */
import { describe, expect, it } from 'vitest'
import en from '../src/locales/en.json'
import type { ThemeStyle } from '../src/lib/state'
import { seriousFindings } from './axe'
import { hasChromium, setUpServerAndBrowser, watch } from './harness'
import { goClient, LANGS, layoutProblems, ready, ROUTES, SIZES } from './route-walk'

const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

interface Walk {
  size: (typeof SIZES)[number]
  lang: (typeof LANGS)[number]
  mode: 'light' | 'dark'
  style: ThemeStyle
  /** The layout checks (route-walk.ts `layoutProblems`, the statistics' table or list). */
  layout: boolean
  /** axe: every rule, the colour rules, or none. */
  axe: 'all' | 'colour' | null
}

const [DESKTOP] = SIZES
const EN = LANGS.find((l) => l.id === 'en')
if (!EN) throw new Error('route-walk.ts LANGS has no English')

/** axe in the default style: every rule in English light at both sizes, the colour rules in English dark on the desktop. */
const defaultStyleAxe = (lang: Walk['lang'], mode: Walk['mode'], size: Walk['size']): Walk['axe'] => {
  if (lang.id !== 'en') return null
  if (mode === 'light') return 'all'
  return size === DESKTOP ? 'colour' : null
}
const WALKS: Walk[] = [
  // Every language in light and English in dark too, at both sizes, in the default style; axe where English meets it.
  ...SIZES.flatMap((size) =>
    LANGS.flatMap((lang) =>
      (lang.id === 'en' ? (['light', 'dark'] as const) : (['light'] as const)).map((mode): Walk => ({
        size,
        lang,
        mode,
        style: 'default',
        layout: true,
        axe: defaultStyleAxe(lang, mode, size),
      })),
    ),
  ),
  // The other theme styles, in each mode they have.
  ...(
    [
      ['miku2021', 'light'],
      ['miku2021', 'dark'],
      ['seaborn', 'dark'],
      ['avemujica', 'dark'],
    ] as const
  ).map(([style, mode]): Walk => ({ size: DESKTOP, lang: EN, mode, style, layout: false, axe: 'colour' })),
]

describe.skipIf(!hasChromium())('every route in every size, language, colour mode and theme in Chromium', () => {
  const e2e = setUpServerAndBrowser({}, { timeoutMs: 600_000 })

  const walk = async ({ size, lang, mode, style, layout, axe }: Walk) => {
    const ctx = await e2e.browser.newContext({
      locale: lang.browser,
      viewport: { width: size.width, height: size.height },
      colorScheme: mode,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    })
    // A theme style as the settings dialog stores it (lib/storage.ts STORAGE_KEYS.settings); the default style
    // follows the browser's colour scheme.
    if (style !== 'default') await ctx.addInitScript((s) => localStorage.setItem('penguin-stats-settings', JSON.stringify(s)), { themeStyle: style, dark: mode })
    const found: string[] = []
    try {
      const page = await ctx.newPage()
      const problems = watch(page)
      for (const [i, path] of ROUTES.entries()) {
        const where = `${size.name} ${lang.id} ${style} ${mode} ${path}`
        try {
          problems.length = 0
          if (i === 0) await page.goto(`${e2e.server.url}${path}`)
          else await goClient(page, path)
          await ready(page)
          if (i === 0) expect(await page.evaluate(() => document.documentElement.dataset.theme), where).toBe(style)
          if (layout) {
            found.push(...(await page.evaluate(layoutProblems)).map((p) => `${where}: ${p}`))
            // The statistics: a table beside the menu at 1366 px, a list on a phone (never a sideways scroll).
            if (/^\/result\/(item|stage)\/./.test(path)) {
              const drawn = await page.getByTestId('data-table').first().getAttribute('data-layout')
              if (drawn !== (size === DESKTOP ? 'table' : 'list')) found.push(`${where}: statistics drawn as a ${drawn}`)
            }
          }
          if (axe) found.push(...(await seriousFindings(page, axe === 'all' ? {} : { rules: COLOUR_RULES })).map((f) => `${where}: ${f}`))
          const head = await page.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }))
          if (head.lang !== lang.htmlLang) found.push(`${where}: <html lang> is ${head.lang}`)
          if (!head.title) found.push(`${where}: empty title`)
          // A request the app cancels as it leaves a route (a query no page wants any more) is not a failure.
          found.push(...problems.filter((p) => !(p.startsWith('requestfailed:') && p.endsWith('net::ERR_ABORTED'))).map((p) => `${where}: ${p}`))
        } catch (e) {
          found.push(`${where}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
        }
      }
    } finally {
      await ctx.close().catch(() => undefined)
    }
    return found
  }

  it('scrolls no route sideways, cuts no text, logs no error and has no serious axe finding, in every size, language, mode and theme', async () => {
    const started = Date.now()
    const found: string[] = []
    const queue = [...WALKS]
    await Promise.all(
      [0, 1].map(async () => {
        for (let w = queue.shift(); w; w = queue.shift()) found.push(...(await walk(w)))
      }),
    )
    console.log(`route walks: ${WALKS.length} pages × ${ROUTES.length} routes in ${Math.round((Date.now() - started) / 1000)} s`)
    expect(found).toEqual([])
  }, 600_000)

  it('keeps every header button on a 360 and 390 px screen while a page loads (the network pill is short there)', async () => {
    const found: string[] = []
    for (const [width, locale] of [
      [390, 'ko-KR'],
      [390, 'en-US'],
      [360, 'ja-JP'],
    ] as const) {
      const ctx = await e2e.browser.newContext({ locale, viewport: { width, height: 844 }, serviceWorkers: 'block' })
      try {
        const page = await ctx.newPage()
        // The answers held back, so the pill stays while the header is measured.
        await page.route('**/api/v2/**', async (route) => {
          await new Promise((r) => setTimeout(r, 5000))
          await route.continue().catch(() => undefined)
        })
        await page.goto(`${e2e.server.url}/result/item/30012`)
        const pill = page.getByTestId('network-pending')
        await pill.waitFor({ timeout: 20_000 })
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll('header .MuiToolbar-root > *')].flatMap((el) => {
            const r = el.getBoundingClientRect()
            return r.width > 0 && (r.left < 0 || r.right > window.innerWidth)
              ? [`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent}: ${Math.round(r.left)}-${Math.round(r.right)}`]
              : []
          }),
        )
        found.push(...outside.map((o) => `${width} ${locale}: ${o}`))
        // Screen readers still hear the words, not only the number.
        expect(await pill.textContent()).toMatch(/\D+\d+%/)
      } finally {
        await ctx.close()
      }
    }
    expect(found).toEqual([])
  }, 180_000)

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
})
