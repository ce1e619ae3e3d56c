import { isStorableText } from '@dropwise/schemas'
import type { ProbeEvent } from '@dropwise/schemas/probe'
import type { ProbeRepository } from './probe.repository'

const MAX_KEYS = 2000
const PROPERTY = 'probe.counts'

export interface ProbeCounts {
  since: number
  connections: number
  messages: Record<string, number>
  languages: Record<string, number>
  paths: Record<string, number>
  searchResults: Record<string, number>
  advancedQueryStages: Record<string, number>
}

const empty = (since: number): ProbeCounts => ({ since, connections: 0, messages: {}, languages: {}, paths: {}, searchResults: {}, advancedQueryStages: {} })

const bump = (map: Record<string, number>, key: string, by = 1) => {
  // A key the database cannot store (NUL, unpaired surrogate) would make every later flush fail: not counted.
  if (!isStorableText(key)) return
  if (!(key in map) && Object.keys(map).length >= MAX_KEYS) return // bounded: rare keys beyond the cap are dropped
  map[key] = (map[key] ?? 0) + by
}

const merge = (into: ProbeCounts, add: ProbeCounts): ProbeCounts => {
  into.connections += add.connections
  for (const k of ['messages', 'languages', 'paths', 'searchResults', 'advancedQueryStages'] as const) {
    for (const [key, n] of Object.entries(add[k])) bump(into[k], key, n)
  }
  return into
}

/**
 * Aggregated usage counts from the probe (no user ids are kept: only how often paths are visited,
 * search results entered, advanced queries run). Counted in memory and added to the stored totals
 * periodically, so several processes can share them.
 */
export const createProbeService = ({ repository, clock }: { repository: ProbeRepository; clock: () => number }) => {
  let pending = empty(clock())
  return {
    connected: () => {
      pending.connections++
    },
    record(event: ProbeEvent) {
      bump(pending.messages, event.type)
      if (event.type === 'UNKNOWN') return
      bump(pending.languages, event.language)
      if (event.type === 'NAVIGATED') bump(pending.paths, event.path.slice(0, 200))
      else if (event.type === 'ENTERED_SEARCH_RESULT') bump(pending.searchResults, event.stageId ?? event.itemId ?? '')
      else for (const q of event.queries) bump(pending.advancedQueryStages, `${q.server}:${q.stageId}`)
    },
    /** Adds what was counted since the last flush to the stored totals. */
    async flush() {
      const delta = pending
      pending = empty(clock())
      if (delta.connections === 0 && Object.keys(delta.messages).length === 0) return
      await repository.update<ProbeCounts>(PROPERTY, (stored) => merge(stored ?? empty(delta.since), delta), clock)
    },
    /** Stored totals plus what this process has not flushed yet. */
    async counts(): Promise<ProbeCounts> {
      const stored = await repository.read<ProbeCounts>(PROPERTY)
      return merge(structuredClone(stored ?? empty(pending.since)), pending)
    },
  }
}
export type ProbeService = ReturnType<typeof createProbeService>
