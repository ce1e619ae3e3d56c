// npm run bench:web
// First load of `/` of the built web app served by our own server (PGlite, no demo data):
// 1. JavaScript: `/` is loaded in Chromium (desktop viewport, empty cache) and every JS response
//    requested until the network is idle is counted (entry, modulepreloads, lazy chunks the page
//    asks for: home page, locale, validation); the size is the gzip (zlib level 9) of each body.
// 2. Lighthouse (mobile, default throttling) performance score for `/`, Chromium via chrome-launcher.
// Options: `-- --js-only` (no Lighthouse), `-- --runs=N` (N Lighthouse runs; the median run is reported),
// `-- --cpu=N` (Lighthouse's CPU slowdown, 4 by default as in its mobile setting: a larger N stands for a
// slower phone or host, and shows differences in main-thread work that the score hides at 4).
// The last line is a JSON summary.
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import type { Response } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, startWebBench } from '../apps/web/e2e/harness'

const BUDGET_KB = 200
/** `--js-only`: skip Lighthouse (quick size checks while working); `--runs=N`: N Lighthouse runs (median reported). */
const jsOnly = process.argv.includes('--js-only')
const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1) || 1)
const cpuSlowdown = Math.max(1, Number(process.argv.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4) || 4)

const { server, browser } = await startWebBench()
try {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' })
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
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' })
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
  await browser.close()
  scripts.sort((a, b) => b.gzip - a.gzip)
  const totalGzip = scripts.reduce((s, x) => s + x.gzip, 0)
  const totalRaw = scripts.reduce((s, x) => s + x.raw, 0)
  console.log(`JavaScript requested by the first load of / (${scripts.length} files, measured in Chromium):`)
  for (const s of scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${s.url}`)
  const jsGzipKB = Math.round((totalGzip / 1024) * 10) / 10
  console.log(`total: ${jsGzipKB} KB gzip (${(totalRaw / 1024).toFixed(0)} KB raw); budget ${BUDGET_KB} KB: ${jsGzipKB <= BUDGET_KB ? 'within' : 'OVER'}`)
  const late = scripts.filter((s) => (timing.starts[s.url] ?? 0) > timing.lcp)
  const lateKB = Math.round((late.reduce((sum, s) => sum + s.gzip, 0) / 1024) * 10) / 10
  console.log(
    `  of which requested after the largest contentful paint (${timing.lcp.toFixed(0)} ms, loaded in idle time): ${lateKB} KB` +
      (late.length ? ` (${late.map((s) => s.url.replace(/^\/assets\//, '')).join(', ')})` : ''),
  )

  type LighthouseRun = { score: number | null; fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number; speedIndexMs?: number; lcpElement?: string }
  const lighthouseRuns: LighthouseRun[] = []
  let lighthouseResult: LighthouseRun | { error: string } | { skipped: true } = { skipped: true }
  for (let run = 0; run < (jsOnly ? 0 : runs); run++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
    try {
      const result = await lighthouse(`${server.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Lighthouse's mobile network figures with the chosen CPU slowdown.
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error('no Lighthouse result')
      const num = (id: string) => lhr.audits[id]?.numericValue
      const score = lhr.categories.performance?.score
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items
      const r: LighthouseRun = {
        score: typeof score === 'number' ? Math.round(score * 100) : null,
        fcpMs: num('first-contentful-paint'),
        lcpMs: num('largest-contentful-paint'),
        tbtMs: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        speedIndexMs: num('speed-index'),
        lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120),
      }
      const shifts = (lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { snippet?: string } }[] } | undefined)?.items ?? []
      lighthouseRuns.push(r)
      console.log(`Lighthouse ${lhr.lighthouseVersion} performance (mobile, simulated throttling${cpuSlowdown === 4 ? '' : `, CPU slowdown ${cpuSlowdown}x`}) for /: ${r.score}`)
      console.log(`  FCP ${r.fcpMs?.toFixed(0)} ms, LCP ${r.lcpMs?.toFixed(0)} ms, TBT ${r.tbtMs?.toFixed(0)} ms, CLS ${r.cls?.toFixed(3)}, Speed Index ${r.speedIndexMs?.toFixed(0)} ms`)
      if (r.lcpElement) console.log(`  LCP element: ${r.lcpElement}`)
      for (const shift of shifts.slice(0, 3)) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet?.slice(0, 120)}`)
      // Where the blocking time comes from: the longest tasks (simulated) and the main thread's work by kind.
      const items = (id: string) => ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
      const longest = items('long-tasks')
        .slice(0, 6)
        .map((t) => `${String(t.url).replace(/.*\//, '') || '?'} at ${Number(t.startTime).toFixed(0)} ms for ${Number(t.duration).toFixed(0)} ms`)
      if (longest.length) console.log(`  longest tasks: ${longest.join('; ')}`)
      console.log(`  main thread: ${items('mainthread-work-breakdown').map((t) => `${String(t.groupLabel ?? t.group)} ${Number(t.duration).toFixed(0)} ms`).join(', ')}`)
      if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`)
    } catch (err) {
      lighthouseResult = { error: err instanceof Error ? err.message : String(err) }
      console.log(`Lighthouse could not run: ${lighthouseResult.error}`)
    } finally {
      chrome.kill()
    }
  }
  if (lighthouseRuns.length) {
    // The run with the median score stands for the series; every score is listed too.
    const sorted = [...lighthouseRuns].sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    lighthouseResult = sorted[Math.floor((sorted.length - 1) / 2)]!
    if (lighthouseRuns.length > 1) console.log(`Lighthouse scores over ${lighthouseRuns.length} runs: ${lighthouseRuns.map((r) => r.score).join(', ')}`)
  }
  console.log(
    JSON.stringify({
      bench: 'web',
      jsMeasuredBy: 'chromium-responses-until-network-idle',
      jsFiles: scripts.length,
      jsGzipKB,
      jsGzipKBAfterLcp: lateKB,
      jsBudgetKB: BUDGET_KB,
      withinBudget: jsGzipKB <= BUDGET_KB,
      lighthouse: lighthouseResult,
      lighthouseScores: lighthouseRuns.map((r) => r.score),
    }),
  )
} finally {
  await browser.close().catch(() => undefined)
  await server.stop()
}
