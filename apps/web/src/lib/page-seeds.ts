import type { QueryClient } from '@tanstack/react-query'
import { parseDataSource } from './state'

/*
 * The data a server-rendered item, stage, report or statistics page carries (app/page-seed.ts makes it;
 * src/ssr.tsx renders with it; main.tsx seeds it before hydrating): small enough for the start chunk.
 */

/** The default data source (lib/state.ts), the one pages are rendered for. */
export const DEFAULT_SOURCE = parseDataSource({})

/** One query's data as the page reads it; `updatedAt` 0: a part of a list, refetched whole once the page runs. */
export interface Seed {
  key: readonly unknown[]
  data: unknown
  updatedAt: number
}

/** Puts the seeds into a query cache (before the render or the hydration that reads them). */
export const seedQueries = (client: QueryClient, seeds: readonly Seed[]) => {
  for (const s of seeds) client.setQueryData(s.key, s.data, { updatedAt: s.updatedAt })
}

/** The id of the `<script type="application/json">` that carries the seeds in a server-rendered page. */
export const SEED_ELEMENT_ID = 'dropwise-page-data'

/** The seeds as the text of that element: JSON that cannot close the element (`<` escaped). */
export const seedScriptText = (seeds: readonly Seed[]) => JSON.stringify(seeds).replace(/</g, '\\u003c')

/** The seeds a server-rendered page carries, or null (none, or unreadable). */
export const readPageSeeds = (doc: Document): Seed[] | null => {
  const text = doc.getElementById(SEED_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const seeds = JSON.parse(text) as unknown
    return Array.isArray(seeds) ? (seeds as Seed[]) : null
  } catch {
    return null
  }
}
