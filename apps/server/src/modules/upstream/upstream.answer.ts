import { createHash } from 'node:crypto'
import type { Server } from '@dropwise/schemas'
import { z } from 'zod'

/** A Penguin v2 `/result/matrix` element as the upstream sends it (extra fields are ignored). */
const UpstreamElementSchema = z.object({
  stageId: z.string().min(1).max(64),
  itemId: z.string().min(1).max(64),
  times: z.number().int().min(0).max(1e12),
  quantity: z.number().int().min(0).max(1e13),
  stdDev: z.number().min(0).max(1e6),
  start: z.number().int().min(0),
  end: z.number().int().min(0).nullable(),
})
const UpstreamMatrixSchema = z.object({ matrix: z.array(UpstreamElementSchema) })
export type UpstreamElement = z.infer<typeof UpstreamElementSchema>

/** A fetched answer that cannot become the baseline: the last good one stays, and this is the reason. */
export class UpstreamRefusal extends Error {}

/** No Penguin matrix comes close (CN is ~1.5 MB for 11k pairs): a bigger body is refused unread. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024
/** Pairs a server's answer may hold at most. */
export const MAX_PAIRS = 200_000
/** Pairs of the last good answer that may vanish from the next (a stage deleted upstream); more is a cut answer. */
export const MAX_VANISHED_SHARE = 0.01
/** The next answer must hold at least this share of the last good one's pairs. */
export const MIN_PAIR_SHARE = 0.9
/** An upstream's first answer must hold at least this share of the pairs of the baseline it replaces (the seed's, or another upstream's). */
export const FIRST_ANSWER_SHARE = 0.5

export interface UpstreamAnswer {
  server: Server
  rows: UpstreamElement[]
  sha256: string
  bytes: number
}

/** The last good answer's rows of a server, as compared with (from the same upstream only). */
export interface PreviousRow {
  times: number
  start: number
}

const pairKey = (stageId: string, itemId: string) => `${stageId}|${itemId}`

/** Parses and schema-checks one server's answer: garbage and a cut body are refused with what is wrong. */
export const parseAnswer = (server: Server, body: Buffer): UpstreamAnswer => {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch (err) {
    throw new UpstreamRefusal(`${server}: the answer is not valid JSON (${body.length} bytes; truncated?): ${(err as Error).message}`)
  }
  const parsed = UpstreamMatrixSchema.safeParse(value)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new UpstreamRefusal(`${server}: the answer does not match Penguin's matrix at ${first?.path.map(String).join('.') || '(root)'}: ${first?.message}`)
  }
  const rows = parsed.data.matrix
  if (rows.length === 0) throw new UpstreamRefusal(`${server}: the answer holds no pair`)
  if (rows.length > MAX_PAIRS) throw new UpstreamRefusal(`${server}: the answer holds ${rows.length} pairs, more than ${MAX_PAIRS}`)
  const seen = new Set<string>()
  for (const r of rows) {
    const key = pairKey(r.stageId, r.itemId)
    if (seen.has(key)) throw new UpstreamRefusal(`${server}: the pair ${r.stageId} ${r.itemId} appears twice`)
    seen.add(key)
    if (r.end !== null && r.end <= r.start) throw new UpstreamRefusal(`${server}: the pair ${r.stageId} ${r.itemId} ends (${r.end}) before it starts (${r.start})`)
    if (r.quantity > 0 && r.times === 0) throw new UpstreamRefusal(`${server}: the pair ${r.stageId} ${r.itemId} has drops but no run`)
  }
  return { server, rows, sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length }
}

/**
 * Compares an answer with the last good one of the same upstream: a pair of the same period whose `times`
 * shrank, more than 1 % of the pairs gone, or fewer than 90 % as many pairs means a cut or rewound answer.
 */
export const checkAgainst = (answer: UpstreamAnswer, previous: ReadonlyMap<string, PreviousRow>, pairsInEffect: number): void => {
  if (previous.size === 0) {
    // A first answer replaces a whole history: one with less than half its pairs is not a full matrix.
    if (answer.rows.length < pairsInEffect * FIRST_ANSWER_SHARE) {
      throw new UpstreamRefusal(
        `${answer.server}: the answer holds ${answer.rows.length} pairs, the baseline it would replace ${pairsInEffect}: fewer than ${FIRST_ANSWER_SHARE * 100} %`,
      )
    }
    return
  }
  const { server, rows } = answer
  if (rows.length < previous.size * MIN_PAIR_SHARE) {
    throw new UpstreamRefusal(`${server}: the answer holds ${rows.length} pairs, the last good one ${previous.size}: fewer than ${MIN_PAIR_SHARE * 100} %`)
  }
  const shrunk: string[] = []
  let shrunkCount = 0
  const present = new Set<string>()
  for (const r of rows) {
    const key = pairKey(r.stageId, r.itemId)
    present.add(key)
    const before = previous.get(key)
    if (before && before.start === r.start && r.times < before.times) {
      shrunkCount++
      if (shrunk.length < 3) shrunk.push(`${r.stageId} ${r.itemId} ${before.times} → ${r.times}`)
    }
  }
  if (shrunkCount > 0) throw new UpstreamRefusal(`${server}: ${shrunkCount} pairs of the same period have fewer runs than in the last good answer (${shrunk.join('; ')})`)
  let vanished = 0
  for (const key of previous.keys()) if (!present.has(key)) vanished++
  if (vanished > previous.size * MAX_VANISHED_SHARE) {
    throw new UpstreamRefusal(`${server}: ${vanished} of the last good answer's ${previous.size} pairs are gone (more than ${MAX_VANISHED_SHARE * 100} %)`)
  }
}
