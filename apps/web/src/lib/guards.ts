/**
 * Small field parsers for values we store ourselves (settings, build config): each returns the
 * fallback when the value does not fit, so an old or corrupt entry never breaks start-up. Kept
 * free of zod so the first load does not need it (responses are validated with zod on demand).
 */
export type Guard<T> = (v: unknown) => T

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export const oneOf =
  <const V extends readonly string[]>(values: V, fallback: V[number]): Guard<V[number]> =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : fallback

export const str =
  (fallback: string): Guard<string> =>
  (v) =>
    typeof v === 'string' ? v : fallback

export const nullableStr: Guard<string | null> = (v) => (typeof v === 'string' ? v : null)

export const bool =
  (fallback: boolean): Guard<boolean> =>
  (v) =>
    typeof v === 'boolean' ? v : fallback

export const num =
  (fallback: number): Guard<number> =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) ? v : fallback

/** Each field through its guard; fields of a non-object fall back one by one. */
export const shape =
  <T extends object>(fields: { [K in keyof T]: Guard<T[K]> }): Guard<T> =>
  (v) => {
    const o = isRecord(v) ? v : {}
    const out = {} as T
    for (const k of Object.keys(fields) as (keyof T)[]) out[k] = fields[k](o[k as string])
    return out
  }
