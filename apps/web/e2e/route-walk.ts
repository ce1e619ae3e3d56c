/**
 * Used by route-walks.e2e.test.ts: every route a visitor can open, walked
 * client-side in one page (a full load per route would cost the matrix minutes), and the in-page
 * layout checker.
 */
import type { Page } from 'playwright-core'
import { samplePaths } from '../src/config/paths'
import { settle } from './harness'

/** Every concrete route (config/paths.ts), with 1-7 and Orirock as the sample stage and item. */
export const ROUTES = samplePaths({ zoneId: 'main_1', stageId: 'main_01-07', itemId: '30012' })

export const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const

/** The app's languages: the browser's locale that picks each, and the `<html lang>` the app then writes. */
export const LANGS = [
  { id: 'zh', browser: 'zh-CN', htmlLang: 'zh-CN' },
  { id: 'en', browser: 'en-US', htmlLang: 'en' },
  { id: 'ja', browser: 'ja-JP', htmlLang: 'ja' },
  { id: 'ko', browser: 'ko-KR', htmlLang: 'ko' },
] as const

/**
 * Client-side navigation without a link to click: a history entry the way React Router writes
 * them, then the popstate the router listens to.
 */
export const goClient = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    const state = history.state as { idx?: number } | null
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, path)
}

/** The route on screen: its chunk loaded, its heading drawn, its requests answered. */
export const ready = async (page: Page) => {
  // `data-first-render`: the app has started (main.tsx). A pre-rendered page has its heading before any script ran,
  // and a fresh render replaces it a few frames later: `data-theme` is written once React has committed (use-app-theme.ts).
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.firstRender &&
      document.documentElement.dataset.theme &&
      !document.querySelector('[data-testid="route-loading"]') &&
      document.querySelector('main h1'),
    undefined,
    { timeout: 20_000 },
  )
  await settle(page, 250)
  // Skeletons give way to data a frame after the answers arrive.
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined)
}

/**
 * Runs in the page: what scrolls sideways or is cut off. Reports the document when it is wider than
 * the window (naming the widest element that sticks out), every element that clips or scrolls
 * text horizontally (overflow other than visible, or an ellipsis, with scrollWidth > clientWidth),
 * and short table-cell text (a name, a number) broken over three or more lines.
 */
export const layoutProblems = () => {
  const out: string[] = []
  const de = document.documentElement
  const describe = (el: Element) => {
    const id = el.getAttribute('data-testid')
    const cls = typeof el.className === 'string' ? el.className.split(' ').find((c) => c.startsWith('Mui') && !c.startsWith('Mui-')) : undefined
    const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim().slice(0, 40)
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}${cls ? ` .${cls}` : ''}> "${text}"`
  }
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
  // Tabs scroll sideways by design (with arrow buttons); screen-reader-only text is 1 px on purpose.
  const exempt = (el: Element) => el.closest('.MuiTabs-scroller, [data-layout-scroll-x]') !== null
  if (de.scrollWidth > de.clientWidth) {
    let widest: Element | null = null
    let right = de.clientWidth
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect()
      if (r.right > right + 0.5 && visible(el) && r.width > 0) {
        right = r.right
        widest = el
      }
    }
    out.push(`document is ${de.scrollWidth} px wide in a ${de.clientWidth} px window${widest ? `; widest: ${describe(widest)} to ${Math.round(right)} px` : ''}`)
  }
  for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
    if (el.clientWidth <= 1 || exempt(el)) continue
    const cs = getComputedStyle(el)
    const clips = cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis'
    if (!clips || el.scrollWidth <= el.clientWidth + 1) continue
    if (!el.innerText?.trim() || !visible(el)) continue
    out.push(
      `cut or scrolled sideways (${el.scrollWidth} > ${el.clientWidth} px, overflow-x ${cs.overflowX}${cs.textOverflow === 'ellipsis' ? ', ellipsis' : ''}): ${describe(el)}`,
    )
  }
  // A short name or number broken over three or more lines (a column squeezed to a few characters).
  const lines = (el: Element) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  }
  for (const cell of document.querySelectorAll<HTMLElement>('main td, main th')) {
    for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('a, span, p, div')]) {
      const text = el.innerText?.trim() ?? ''
      if (text.length < 2 || text.length > 30 || el.children.length > 0 || !visible(el)) continue
      const n = lines(el)
      if (n >= 3) out.push(`short text wrapped to ${n} lines: ${describe(el)}`)
    }
  }
  return out
}
