// One Lighthouse run of bench:web: Lighthouse's mobile defaults (simulated slow 4G, the chosen CPU
// slowdown, 4 by default), performance only, in a Chromium started by chrome-launcher on a fresh
// temporary profile (removed when it is killed).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/harness'

export interface LighthouseRun {
  lighthouseVersion: string
  /**
   * Lighthouse's measure of the host's CPU speed for this run (`environment.benchmarkIndex`, higher is
   * faster): simulated throttling multiplies the observed task times, so a slow moment of the host shows
   * up as blocking time. Seen here: 900-2,300 within one hour on the same machine.
   */
  benchmarkIndex: number | null
  score: number | null
  fcpMs?: number
  lcpMs?: number
  tbtMs?: number
  cls?: number
  speedIndexMs?: number
  /** Bytes over the wire (Lighthouse's network records, every request until the page went quiet). */
  jsKB: number
  jsonKB: number
  jsRequests: number
  jsonRequests: number
  lcpElement?: string
  /** How the server made the document, from its `Server-Timing` (item and stage pages: rendered, cached or plain). */
  document?: string
  /** The largest layout shifts: score and the element that moved. */
  shifts: { score: number; node: string }[]
  longTasks: string[]
  mainThread: string
  runtimeError?: string
}

interface NetworkItem {
  url?: string
  transferSize?: number
  mimeType?: string
  resourceType?: string
}

type Details = { items?: Record<string, unknown>[] } | undefined

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const isJs = (r: NetworkItem) => r.resourceType === 'Script' || /javascript|ecmascript/.test(r.mimeType ?? '')
// application/json and +json types the API may use; the web app manifest is not data.
const isJson = (r: NetworkItem) => /^application\/([\w.-]+\+)?json$/.test(r.mimeType ?? '') && !/manifest/.test(r.mimeType ?? '')

/** Runs Lighthouse once on `url`; throws when it could not produce a result. */
export const runLighthouse = async (url: string, cpuSlowdown: number): Promise<LighthouseRun> => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse's mobile network figures with the chosen CPU slowdown (its default config otherwise: mobile screen and user agent).
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error('no Lighthouse result')
    const num = (id: string) => lhr.audits[id]?.numericValue
    const items = (id: string) => (lhr.audits[id]?.details as Details)?.items ?? []
    const score = lhr.categories.performance?.score
    const network = items('network-requests') as NetworkItem[]
    const js = network.filter(isJs)
    const json = network.filter(isJson)
    const bytes = (list: NetworkItem[]) => kb(list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0))
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items
    // The document's Server-Timing (apps/server plugins/web.ts) from the run's DevTools log.
    const log =
      (result.artifacts as { DevtoolsLog?: { method: string; params?: { type?: string; response?: { headers?: Record<string, string> } } }[] }).DevtoolsLog ?? []
    const documentHeaders = log.find((e) => e.method === 'Network.responseReceived' && e.params?.type === 'Document')?.params?.response?.headers ?? {}
    const serverTiming = Object.entries(documentHeaders).find(([k]) => k.toLowerCase() === 'server-timing')?.[1]
    const shifts = items('layout-shifts') as { score?: number; node?: { snippet?: string } }[]
    return {
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: typeof lhr.environment?.benchmarkIndex === 'number' ? Math.round(lhr.environment.benchmarkIndex) : null,
      score: typeof score === 'number' && !lhr.runtimeError ? Math.round(score * 100) : null,
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
      jsKB: bytes(js),
      jsonKB: bytes(json),
      jsRequests: js.length,
      jsonRequests: json.length,
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120),
      ...(serverTiming ? { document: /desc="([^"]*)"/.exec(serverTiming)?.[1] ?? serverTiming } : {}),
      shifts: shifts.slice(0, 3).map((s) => ({ score: s.score ?? 0, node: s.node?.snippet?.slice(0, 120) ?? '?' })),
      // Where the blocking time comes from: the longest tasks (simulated) and the main thread's work by kind.
      longTasks: items('long-tasks')
        .slice(0, 6)
        .map((t) => `${String(t.url).replace(/.*\//, '') || '?'} at ${Number(t.startTime).toFixed(0)} ms for ${Number(t.duration).toFixed(0)} ms`),
      mainThread: items('mainthread-work-breakdown')
        .map((t) => `${String(t.groupLabel ?? t.group)} ${Number(t.duration).toFixed(0)} ms`)
        .join(', '),
      ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    }
  } finally {
    chrome.kill()
  }
}

const s = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`)
const ms = (v: number | undefined) => (v === undefined ? '?' : `${v.toFixed(0)} ms`)

/** The run in one line (and its diagnostics below it). */
export const printRun = (label: string, r: LighthouseRun, details: boolean) => {
  console.log(
    `  ${label}: ${r.score ?? 'no score'} · FCP ${s(r.fcpMs)} · LCP ${s(r.lcpMs)} · TBT ${ms(r.tbtMs)} · CLS ${r.cls?.toFixed(3) ?? '?'} · SI ${s(r.speedIndexMs)}` +
      ` · JS ${r.jsKB} KB (${r.jsRequests}) · JSON ${r.jsonKB} KB (${r.jsonRequests})` +
      (r.document ? ` · page ${r.document}` : '') +
      (r.benchmarkIndex === null ? '' : ` · host index ${r.benchmarkIndex}`),
  )
  if (r.runtimeError) console.log(`      runtime error: ${r.runtimeError}`)
  if (r.lcpElement) console.log(`      LCP element: ${r.lcpElement}`)
  for (const shift of r.shifts) if (shift.score >= 0.005) console.log(`      layout shift ${shift.score.toFixed(3)}: ${shift.node}`)
  if (!details) return
  if (r.longTasks.length) console.log(`      longest tasks: ${r.longTasks.join('; ')}`)
  console.log(`      main thread: ${r.mainThread}`)
}
