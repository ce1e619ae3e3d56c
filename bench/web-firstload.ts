// The first-load JavaScript of `/` (budget ≤ 200 KB gzip), part of bench:web.
// `/` is loaded in Chromium (desktop viewport, empty cache, zh-CN) and every JS response requested
// until the network is idle is counted (entry, modulepreloads, lazy chunks the page asks for: home
// page, locale, validation); the size is the gzip (zlib level 9) of each body.
import { gzipSync } from 'node:zlib'
import type { Browser, Response } from 'playwright-core'

export const BUDGET_KB = 200

export interface FirstLoadJs {
  jsMeasuredBy: 'chromium-responses-until-network-idle'
  jsFiles: number
  jsGzipKB: number
  jsRawKB: number
  /** Of which requested after the largest contentful paint (loaded in idle time). */
  jsGzipKBAfterLcp: number
  lcpMs: number
  withinBudget: boolean
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** Measures and prints the first-load JS of `${baseUrl}/` in a fresh browser context. */
export const measureFirstLoadJs = async (browser: Browser, baseUrl: string): Promise<FirstLoadJs> => {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' })
  try {
    const page = await ctx.newPage()
    const scripts: { url: string; raw: number; gzip: number }[] = []
    const pending: Promise<void>[] = []
    const onResponse = (r: Response) => {
      if (r.request().resourceType() !== 'script' && !r.url().endsWith('.js')) return
      pending.push(
        r.body().then(
          (b) => {
            scripts.push({ url: new URL(r.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length })
          },
          () => undefined, // a response still arriving when the page closed
        ),
      )
    }
    page.on('response', onResponse)
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(1500)
    page.off('response', onResponse)
    await Promise.all(pending)
    // When each script was requested, against the first paint of the page's own content (the
    // largest contentful paint so far): what came later was not needed to show the first screen.
    const timing = await page.evaluate(
      () =>
        new Promise<{ lcp: number; starts: Record<string, number> }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries()
            const starts: Record<string, number> = {}
            for (const r of performance.getEntriesByType('resource')) starts[new URL(r.name).pathname] ??= r.startTime
            resolve({ lcp: entries.at(-1)?.startTime ?? 0, starts })
          }).observe({ type: 'largest-contentful-paint', buffered: true } as never) // a browser entry type Node's typings do not list
        }),
    )
    scripts.sort((a, b) => b.gzip - a.gzip)
    const jsGzipKB = kb(scripts.reduce((s, x) => s + x.gzip, 0))
    const jsRawKB = kb(scripts.reduce((s, x) => s + x.raw, 0))
    console.log(`JavaScript requested by the first load of / (${scripts.length} files, measured in Chromium):`)
    for (const s of scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${s.url}`)
    console.log(`total: ${jsGzipKB} KB gzip (${jsRawKB.toFixed(0)} KB raw); budget ${BUDGET_KB} KB: ${jsGzipKB <= BUDGET_KB ? 'within' : 'OVER'}`)
    const late = scripts.filter((s) => (timing.starts[s.url] ?? 0) > timing.lcp)
    const jsGzipKBAfterLcp = kb(late.reduce((sum, s) => sum + s.gzip, 0))
    console.log(
      `  of which requested after the largest contentful paint (${timing.lcp.toFixed(0)} ms, loaded in idle time): ${jsGzipKBAfterLcp} KB` +
        (late.length ? ` (${late.map((s) => s.url.replace(/^\/assets\//, '')).join(', ')})` : ''),
    )
    return {
      jsMeasuredBy: 'chromium-responses-until-network-idle',
      jsFiles: scripts.length,
      jsGzipKB,
      jsRawKB,
      jsGzipKBAfterLcp,
      lcpMs: Math.round(timing.lcp),
      withinBudget: jsGzipKB <= BUDGET_KB,
    }
  } finally {
    await ctx.close().catch(() => undefined)
  }
}

/**
 * One visit of each path in a fresh context, not measured: the server builds the caches the pages
 * ask for (per server, per stage or item), as it has on an install players already use, so the
 * first Lighthouse run does not pay for them alone. Returns the paths whose visit failed, with why.
 */
export const warmUp = async (browser: Browser, baseUrl: string, routes: readonly string[]): Promise<string[]> => {
  const failed: string[] = []
  for (const route of routes) {
    const ctx = await browser.newContext({ serviceWorkers: 'block' })
    try {
      const page = await ctx.newPage()
      const res = await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle', timeout: 90_000 })
      if (!res?.ok()) failed.push(`${route}: HTTP ${res?.status() ?? '?'}`)
    } catch (err) {
      failed.push(`${route}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`)
    } finally {
      await ctx.close().catch(() => undefined)
    }
  }
  return failed
}
