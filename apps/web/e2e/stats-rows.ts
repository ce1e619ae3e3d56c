import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** A row of the API's matrix as the stats pages show it. */
export interface MatrixRow {
  stageId: string
  itemId: string
  quantity: number
  times: number
  end?: number | null
}
/** What a row says, keyed `<stageId>|<itemId>`. */
export interface RowNumbers {
  key: string
  times: number
  quantity: number
}

const byKey = (a: RowNumbers, b: RowNumbers) => a.key.localeCompare(b.key)

/** The matrix rows an item or a stage page lists, sorted by key. */
export const expectedRows = (matrix: readonly MatrixRow[], mode: 'item' | 'stage', id: string): RowNumbers[] =>
  matrix
    .filter((m) => (mode === 'item' ? m.itemId : m.stageId) === id)
    .map((m) => ({ key: `${m.stageId}|${m.itemId}`, times: m.times, quantity: m.quantity }))
    .sort(byKey)

/**
 * Every row the page's stats table or list shows, sorted by key: with more than 10 it first picks "all"
 * in the page-size select, then waits for `count` rows.
 */
export const shownRows = async (page: Page, count: number): Promise<RowNumbers[]> => {
  if (count > 10) {
    await page.click('[data-testid="page-size"] [role="combobox"]')
    await page.click('li[role="option"][data-value="-1"]')
  }
  await expect.poll(() => page.locator('[data-testid="stats-row"]').count()).toBe(count)
  const seen = await page.$$eval('[data-testid="stats-row"]', (rows) =>
    rows.map((r) => ({
      key: `${r.getAttribute('data-stage-id')}|${r.getAttribute('data-item-id')}`,
      times: Number((r.querySelector('[data-testid="cell-times"]')?.textContent ?? '').replace(/\D/g, '')),
      quantity: Number((r.querySelector('[data-testid="cell-quantity"]')?.textContent ?? '').replace(/\D/g, '')),
    })),
  )
  return seen.sort(byKey)
}

/** A stage of `/stages` as far as "open now" needs it. */
export interface OpenStage {
  stageId: string
  existence?: Record<string, { exist: boolean; openTime?: number; closeTime?: number }>
}

/**
 * Whether a page shows `m` by default (issue 38 §2): the item page lists stages open now on `server`
 * (the stage exists there, its window includes now) whose drop is still current; the stage page lists
 * current drops.
 */
export const openNow = (m: MatrixRow, mode: 'item' | 'stage', stages: ReadonlyMap<string, OpenStage>, server: string, now: number): boolean => {
  if (m.end !== undefined && m.end !== null && m.end <= now) return false
  if (mode === 'stage') return true
  const e = stages.get(m.stageId)?.existence?.[server]
  if (!e) return true
  return e.exist && !(e.openTime !== undefined && e.openTime > now) && !(e.closeTime !== undefined && e.closeTime < now)
}

/** Turns off "only stages open now" (item page) or "only current drops" (stage page): every row shows. */
export const showClosed = async (page: Page) => {
  const toggle = page.locator('[data-testid="filter-only-open"] input, [data-testid="filter-only-current"] input').first()
  if (await toggle.isChecked()) await toggle.uncheck()
}
