import { EfficiencyResponseSchema, type EfficiencyResponse } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'

const PREFIX = 'efficiency.answer.'

export interface StoredEfficiency {
  /** The service's cache key (`server|lmd|exp`). */
  key: string
  response: EfficiencyResponse
  computeMs: number
}

/**
 * The guide's last answers, one JSON value per cache key in `properties`, so that a process that starts answers
 * at once with the numbers its predecessor computed (marked by their `computedAt`) while it computes its own.
 */
export const createEfficiencyRepository = (db: Db) => ({
  /** Every stored answer that still parses as the contract's shape; another shape (an older release) is skipped. */
  load: async (): Promise<StoredEfficiency[]> => {
    const rows = await db.kysely.selectFrom('properties').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute()
    return rows.flatMap((row) => {
      const value = row.value as { response?: unknown; computeMs?: unknown } | null
      const parsed = EfficiencyResponseSchema.safeParse(value?.response)
      if (!parsed.success) return []
      return [{ key: row.key.slice(PREFIX.length), response: parsed.data, computeMs: typeof value?.computeMs === 'number' ? value.computeMs : 0 }]
    })
  },

  save: async ({ key, response, computeMs }: StoredEfficiency, updatedAt: number) => {
    const value = JSON.stringify({ response, computeMs })
    await sql`
      insert into properties (key, value, updated_at) values (${PREFIX + key}, ${value}::jsonb, ${updatedAt})
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
      -- Another process may have written newer numbers meanwhile: an older answer never replaces them.
      where case when jsonb_typeof(properties.value -> 'response' -> 'computedAt') = 'number'
        then (properties.value -> 'response' ->> 'computedAt')::numeric <= ${response.computedAt} else true end`.execute(db.kysely)
  },
})
export type EfficiencyRepository = ReturnType<typeof createEfficiencyRepository>
