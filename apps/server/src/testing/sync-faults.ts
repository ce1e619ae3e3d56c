import { SERVERS, type DataSyncResult, type DataVersions, type Item, type Stage, type Zone } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { FUTURE } from './future-event'
import { R_MAA } from './reports'
import type { RunningServer } from './server-process'

/**
 * Shared by the game-data fault tests (a kill -9, a terminated connection in the middle of an apply): honest
 * writers that keep reporting and count what they were answered, the checks that the data is one version
 * whole, and the figures table they print.
 */

export const TOKEN = 'test-ops-token-0123456789'
/** `POST /api/_/data/sync` as an operator. */
export const sync = (server: RunningServer) =>
  fetch(`${server.url}/api/_/data/sync`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } }).then(async (r) => (await r.json()) as DataSyncResult)
/** Waits until `what` holds (polling every 50 ms); throws after `timeoutMs`. */
export const until = async (what: () => boolean | Promise<boolean>, timeoutMs: number, label: string) => {
  const deadline = Date.now() + timeoutMs
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`${label}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A report the seed knows (`wk_kc_5`) and one for the future event's stage, held until a version knows it. */
export const KNOWN = JSON.stringify(R_MAA)
export const HELD = JSON.stringify({ ...R_MAA, stageId: FUTURE.stages[0], drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] })

export interface WriterCounts {
  /** 200 with a report hash. */
  acknowledged: number
  /** 503 with Retry-After (the client tries again later). */
  retryLater: number
  /** Any other answer: an honest report failed. */
  failed: number
  /** No answer: the connection was refused or reset (the process was gone). */
  noAnswer: number
  /** The longest a request waited for its answer, in ms. */
  maxWaitMs: number
}

export interface Writers {
  counts: WriterCounts
  /** Hashes of the acknowledged reports. */
  hashes: string[]
  /** Statuses other than 200 and 503-with-Retry-After, with their bodies (for the failure message). */
  failures: string[]
  /** Stops and waits for the requests in flight. */
  stop: () => Promise<WriterCounts>
}

/** `concurrency` writers posting reports (every fourth one held) to `url` until stopped; 20 ms between reports. */
export const startWriters = (url: string, concurrency = 4): Writers => {
  const counts: WriterCounts = { acknowledged: 0, retryLater: 0, failed: 0, noAnswer: 0, maxWaitMs: 0 }
  const hashes: string[] = []
  const failures: string[] = []
  let stopped = false
  let n = 0
  const one = async () => {
    while (!stopped) {
      const body = n++ % 4 === 3 ? HELD : KNOWN
      const started = Date.now()
      try {
        const res = await fetch(`${url}/PenguinStats/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        const text = await res.text()
        if (res.status === 200) {
          counts.acknowledged++
          hashes.push((JSON.parse(text) as { reportHash: string }).reportHash)
        } else if (res.status === 503 && res.headers.get('retry-after')) counts.retryLater++
        else {
          counts.failed++
          failures.push(`${res.status} ${text.slice(0, 200)}`)
        }
      } catch {
        counts.noAnswer++
        await new Promise((r) => setTimeout(r, 100))
      }
      counts.maxWaitMs = Math.max(counts.maxWaitMs, Date.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const running = Array.from({ length: concurrency }, one)
  return {
    counts,
    hashes,
    failures,
    stop: async () => {
      stopped = true
      await Promise.all(running)
      return counts
    },
  }
}

/** Acknowledged hashes that no table holds (lost), and those held and stored at once or stored twice (duplicated). */
export const storedOnce = async (db: Db, hashes: string[]) => {
  const seen = new Map<string, number>()
  for (let i = 0; i < hashes.length; i += 500) {
    const page = hashes.slice(i, i + 500)
    const stored = await db.kysely.selectFrom('drop_reports').select('report_hash').where('report_hash', 'in', page).execute()
    const { rows: held } = await sql<{ report_hash: string }>`select report_hash from held_reports
      where state = 'held' and report_hash in (select jsonb_array_elements_text(${JSON.stringify(page)}::jsonb))`.execute(db.kysely)
    for (const r of [...stored, ...held]) seen.set(r.report_hash, (seen.get(r.report_hash) ?? 0) + 1)
  }
  return { lost: hashes.filter((h) => !seen.has(h)).length, duplicated: [...seen.values()].filter((c) => c > 1).length }
}

/** Row counts of the reference tables and the versions, to compare a database before and after a fault. */
export const referenceCounts = async (db: Db) => {
  const out: Record<string, number> = {}
  for (const table of ['items', 'zones', 'stages', 'drop_infos', 'periods', 'formulas', 'data_versions'] as const) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db.kysely)
    out[table] = rows[0]?.n ?? -1
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from stages where stage_id like ${`${FUTURE.activity}%`}`.execute(db.kysely)
  out.futureStages = rows[0]?.n ?? -1
  return out
}

/**
 * What a running server serves, checked for one whole version: every stage's drop items and every zone's
 * stages are known, the versions are 1..n with no gap, and every answer names the head version. Returns
 * the problems (none: []), the head version and whether the future event is served with drop infos.
 */
export const servedConsistency = async (url: string) => {
  const problems: string[] = []
  const get = async <T>(path: string) => {
    const res = await fetch(`${url}${path}`)
    return { body: (await res.json()) as T, version: Number(res.headers.get('x-dropwise-data-version')) }
  }
  const data = await get<DataVersions>('/api/_/data')
  const head = data.body.current.version
  const numbers = data.body.versions.map((v) => v.version)
  if (numbers.join() !== Array.from({ length: head }, (_, i) => head - i).join()) problems.push(`versions ${numbers.join()} are not ${head}..1`)
  const items = await get<Item[]>('/PenguinStats/api/v2/items')
  const zones = await get<Zone[]>('/PenguinStats/api/v2/zones')
  const known = new Set(items.body.map((i) => i.itemId))
  const stageIds = new Set<string>()
  let event = false
  for (const server of SERVERS) {
    const stages = await get<Stage[]>(`/PenguinStats/api/v2/stages?server=${server}`)
    for (const answer of [items, zones, stages]) if (answer.version !== head) problems.push(`an answer names version ${answer.version}, the head is ${head}`)
    for (const s of stages.body) {
      stageIds.add(s.stageId)
      for (const d of s.dropInfos ?? []) if (d.itemId && !known.has(d.itemId)) problems.push(`${server} ${s.stageId} drops unknown item ${d.itemId}`)
      if (server === 'CN' && s.stageId === FUTURE.stages[0] && (s.dropInfos?.length ?? 0) > 0) event = true
    }
  }
  for (const z of zones.body) for (const id of z.stages) if (!stageIds.has(id)) problems.push(`zone ${z.zoneId} lists unknown stage ${id}`)
  return { problems: [...new Set(problems)], head, event }
}

/** Prints the figures of a fault test as a small table. */
export const printFigures = (title: string, rows: Record<string, string | number>[]) => {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const cell = (r: Record<string, string | number>, c: string) => String(r[c] ?? '-')
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i] ?? 0)).join(' | ')
  console.log([`\n${title}`, line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => cell(r, c))))].join('\n'))
}
