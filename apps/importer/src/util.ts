import { SERVERS as SCHEMA_SERVERS, type Existence, type Server } from '@dropwise/schemas'

export const SERVERS: readonly Server[] = SCHEMA_SERVERS

/** Code-unit string order: locale-independent, so output is the same on every machine. */
export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Numeric-aware id order ("30012" < "30103", "main_01-07" < "main_01-10"). */
export const compareIds = (a: string, b: string): number => {
  const na = Number(a)
  const nb = Number(b)
  if (Number.isInteger(na) && Number.isInteger(nb) && a !== '' && b !== '') return na - nb
  return compareStrings(a, b)
}

export const groupBy = <T, K>(list: readonly T[], key: (t: T) => K): Map<K, T[]> => {
  const out = new Map<K, T[]>()
  for (const t of list) {
    const k = key(t)
    const bucket = out.get(k)
    if (bucket) bucket.push(t)
    else out.set(k, [t])
  }
  return out
}

/** Game tables use seconds and an inclusive end second; Penguin uses ms and an exclusive end. */
export const gameStartMs = (startTs: number): number => startTs * 1000
export const gameEndMs = (endTs: number): number => (endTs + 1) * 1000

/** Existence with all four servers absent. */
export const noExistence = (): Existence => ({ CN: { exist: false }, US: { exist: false }, JP: { exist: false }, KR: { exist: false } })

/** Copies an existence, normalising key order (CN, US, JP, KR; exist, openTime, closeTime). */
export const normaliseExistence = (e: Partial<Existence>): Existence => {
  const out = noExistence()
  for (const s of SERVERS) {
    const v = e[s]
    if (!v) continue
    out[s] = { exist: v.exist }
    if (v.openTime !== undefined) out[s].openTime = v.openTime
    if (v.closeTime !== undefined) out[s].closeTime = v.closeTime
  }
  return out
}

export const pairKey = (stageId: string, itemId: string): string => `${stageId}\u0000${itemId}`

/** Adds a field name to an inferred list, keeping it sorted and unique. */
export const addInferred = (list: string[] | undefined, ...fields: string[]): string[] => [...new Set([...(list ?? []), ...fields])].sort(compareStrings)
