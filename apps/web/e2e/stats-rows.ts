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
