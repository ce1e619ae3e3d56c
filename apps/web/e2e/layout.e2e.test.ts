// @vitest-environment node
/**
 * Issue #17 point 6, in Chromium against the built app on our server with the seed: every route
 * at 1366×900 and 390×844, in zh/en/ja/ko in light (and en in dark). The document never scrolls
 * sideways, and no text (numbers above all) is cut by its box or hidden behind a sideways scroll
 * (see route-walk.ts `layoutProblems`); the statistics are a table at 1366 px and a list at 390 px.
 * Every route also has the language's `<html lang>`, a title, and no console error, uncaught error,
 * HTTP error or failed request (app.e2e loads each route from the server once; this walk is where
 * every route meets every language). One page per size, language and mode walks the routes
 * client-side; two pages run at a time.
 */
import { describe, expect, it } from 'vitest'
import { hasChromium, setUpServerAndBrowser, watch } from './harness'
import { goClient, LANGS, layoutProblems, ready, ROUTES, SIZES } from './route-walk'

// A colour mode changes colours, not boxes: every language in light, English in dark too (the a11y-themes walk
// checks the colours of every mode). 10 page walks instead of 16 (CI time).
const CASES = SIZES.flatMap((size) =>
  LANGS.flatMap((lang) => (lang.id === 'en' ? (['light', 'dark'] as const) : (['light'] as const)).map((mode) => ({ size, lang, mode }))),
)

describe.skipIf(!hasChromium())('layout of every route at 1366 and 390 px in Chromium', () => {
  const e2e = setUpServerAndBrowser({}, { timeoutMs: 600_000 })

  const walk = async ({ size, lang, mode }: (typeof CASES)[number]) => {
    const ctx = await e2e.browser.newContext({
      locale: lang.browser,
      viewport: { width: size.width, height: size.height },
      colorScheme: mode,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    })
    const found: string[] = []
    try {
      const page = await ctx.newPage()
      const problems = watch(page)
      for (const [i, path] of ROUTES.entries()) {
        const where = `${size.name} ${lang.id} ${mode} ${path}`
        try {
          problems.length = 0
          if (i === 0) await page.goto(`${e2e.server.url}${path}`)
          else await goClient(page, path)
          await ready(page)
          found.push(...(await page.evaluate(layoutProblems)).map((p) => `${where}: ${p}`))
          const head = await page.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }))
          if (head.lang !== lang.htmlLang) found.push(`${where}: <html lang> is ${head.lang}`)
          if (!head.title) found.push(`${where}: empty title`)
          // A request the app cancels as it leaves a route (a query no page wants any more) is not a failure.
          found.push(...problems.filter((p) => !(p.startsWith('requestfailed:') && p.endsWith('net::ERR_ABORTED'))).map((p) => `${where}: ${p}`))
          // The statistics: a table beside the menu at 1366 px, a list on a phone (never a sideways scroll).
          if (/^\/result\/(item|stage)\/./.test(path)) {
            const layout = await page.getByTestId('data-table').first().getAttribute('data-layout')
            if (layout !== (size.name === 'desktop' ? 'table' : 'list')) found.push(`${where}: statistics drawn as a ${layout}`)
          }
        } catch (e) {
          found.push(`${where}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
        }
      }
    } finally {
      await ctx.close().catch(() => undefined)
    }
    return found
  }

  it('scrolls no route sideways, cuts no text and logs no error, in every size and language, light and dark', async () => {
    const started = Date.now()
    const found: string[] = []
    const queue = [...CASES]
    await Promise.all(
      [0, 1].map(async () => {
        for (let c = queue.shift(); c; c = queue.shift()) found.push(...(await walk(c)))
      }),
    )
    console.log(`layout: ${CASES.length} pages × ${ROUTES.length} routes in ${Math.round((Date.now() - started) / 1000)} s`)
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
})
