import { isStorableText } from '@dropwise/schemas'
import type { ProbeEvent } from '@dropwise/schemas/probe'
import { sql } from 'kysely'
import type { Db } from '../../plugins/db'

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
export const createProbeService = ({ db, clock }: { db: Db; clock: () => number }) => {
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
      await db.kysely.transaction().execute(async (trx) => {
        const row = await sql<{ value: ProbeCounts }>`select value from properties where key = ${PROPERTY} for update`.execute(trx)
        const total = merge(row.rows[0]?.value ?? empty(delta.since), delta)
        await sql`
          insert into properties (key, value, updated_at) values (${PROPERTY}, ${JSON.stringify(total)}::jsonb, ${clock()})
          on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`.execute(trx)
      })
    },
    /** Stored totals plus what this process has not flushed yet. */
    async counts(): Promise<ProbeCounts> {
      const row = await db.kysely.selectFrom('properties').select('value').where('key', '=', PROPERTY).executeTakeFirst()
      return merge(structuredClone((row?.value as ProbeCounts | undefined) ?? empty(pending.since)), pending)
    },
  }
}
export type ProbeService = ReturnType<typeof createProbeService>
