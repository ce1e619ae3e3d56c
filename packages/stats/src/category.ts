import type { Category } from '@dropwise/schemas'

/** Report sources that count as `manual` (api-v2.md §10.6); matched exactly, case-sensitive. */
export const MANUAL_SOURCES: readonly string[] = ['frontend-v2', 'penguin-stats.io', 'penguin-stats.io(internal)']

const manual = new Set(MANUAL_SOURCES)

/**
 * The source category of a report's `source` (§10.6): `manual` for the site's own clients, `automated`
 * for everything else, including a missing (`null`/`undefined`) or empty source.
 */
export const sourceCategory = (source: string | null | undefined): Exclude<Category, 'all'> => (source != null && manual.has(source) ? 'manual' : 'automated')

/** Whether a report with `source` is counted under `category`; `all` counts every report. */
export const matchesCategory = (source: string | null | undefined, category: Category): boolean => category === 'all' || sourceCategory(source) === category
