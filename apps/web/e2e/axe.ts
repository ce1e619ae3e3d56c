/**
 * axe-core in a journey's page: the serious and critical findings, one line each
 * (`rule (impact): target html… message…`), so a journey asserts `toEqual([])` and a failure names
 * the elements. axe is added to the page once (a test script, allowed by the harness's CSP check).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { addTestScript, animationsDone } from './harness'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeScope {
  /** A CSS selector: only that part of the page (e.g. a page's own content without the shell); the document when absent or not found. */
  within?: string
  /** Only these rules (e.g. the colour rules a theme can change); default every rule. */
  rules?: readonly string[]
}

export const seriousFindings = async (page: Page, scope: AxeScope = {}): Promise<string[]> => {
  await animationsDone(page)
  if (!(await page.evaluate(() => 'axe' in window))) await addTestScript(page, AXE)
  return page.evaluate(
    async ({ within, rules }) => {
      interface Finding {
        id: string
        impact: string | null
        nodes: { target: unknown[]; html: string; any: { message: string }[] }[]
      }
      const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: Finding[] }> } }).axe
      const context = (within ? document.querySelector(within) : null) ?? document
      const options = rules ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules } } : { resultTypes: ['violations'] }
      const r = await axe.run(context, options)
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html.slice(0, 100)} ${n.any[0]?.message.slice(0, 110) ?? ''}`))
    },
    { within: scope.within ?? null, rules: scope.rules ? [...scope.rules] : null },
  )
}
