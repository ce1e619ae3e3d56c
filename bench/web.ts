// npm run bench:web
// First load of `/` of the built web app served by our own server (PGlite, no demo data):
// 1. JavaScript: `/` is loaded in Chromium (desktop viewport, empty cache) and every JS response
//    requested until the network is idle is counted (entry, modulepreloads, lazy chunks the page
//    asks for: home page, locale, validation); the size is the gzip (zlib level 9) of each body.
// 2. Lighthouse (mobile, default throttling) performance score for `/`, Chromium via chrome-launcher.
// The last line is a JSON summary.
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureWebBuild, hasChromium, startServer } from '../apps/web/e2e/harness'

const BUDGET_KB = 200

if (!hasChromium()) {
  console.error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`)
  process.exit(1)
}
ensureWebBuild((s) => console.log(s))
const server = await startServer()
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' })
  const page = await ctx.newPage()
  const scripts: { url: string; raw: number; gzip: number }[] = []
  const pending: Promise<void>[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script' && !r.url().endsWith('.js')) return
    pending.push(
      r.body().then((b) => {
        scripts.push({ url: new URL(r.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length })
      }),
    )
  })
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' })
  await page.waitForTimeout(1500)
  await Promise.all(pending)
  await browser.close()
  scripts.sort((a, b) => b.gzip - a.gzip)
  const totalGzip = scripts.reduce((s, x) => s + x.gzip, 0)
  const totalRaw = scripts.reduce((s, x) => s + x.raw, 0)
  console.log(`JavaScript requested by the first load of / (${scripts.length} files, measured in Chromium):`)
  for (const s of scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${s.url}`)
  const jsGzipKB = Math.round((totalGzip / 1024) * 10) / 10
  console.log(`total: ${jsGzipKB} KB gzip (${(totalRaw / 1024).toFixed(0)} KB raw); budget ${BUDGET_KB} KB: ${jsGzipKB <= BUDGET_KB ? 'within' : 'OVER'}`)

  let lighthouseResult: { score: number | null; fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number; speedIndexMs?: number } | { error: string }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  try {
    const result = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    const lhr = result?.lhr
    if (!lhr) throw new Error('no Lighthouse result')
    const num = (id: string) => lhr.audits[id]?.numericValue
    const score = lhr.categories.performance?.score
    lighthouseResult = {
      score: typeof score === 'number' ? Math.round(score * 100) : null,
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
    }
    console.log(`Lighthouse ${lhr.lighthouseVersion} performance (mobile, simulated throttling) for /: ${lighthouseResult.score}`)
    const r = lighthouseResult
    console.log(`  FCP ${r.fcpMs?.toFixed(0)} ms, LCP ${r.lcpMs?.toFixed(0)} ms, TBT ${r.tbtMs?.toFixed(0)} ms, CLS ${r.cls?.toFixed(3)}, Speed Index ${r.speedIndexMs?.toFixed(0)} ms`)
    if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`)
  } catch (err) {
    lighthouseResult = { error: err instanceof Error ? err.message : String(err) }
    console.log(`Lighthouse could not run: ${lighthouseResult.error}`)
  } finally {
    chrome.kill()
  }
  console.log(
    JSON.stringify({
      bench: 'web',
      jsMeasuredBy: 'chromium-responses-until-network-idle',
      jsFiles: scripts.length,
      jsGzipKB,
      jsBudgetKB: BUDGET_KB,
      withinBudget: jsGzipKB <= BUDGET_KB,
      lighthouse: lighthouseResult,
    }),
  )
} finally {
  await server.stop()
}
