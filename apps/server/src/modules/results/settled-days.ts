/**
 * Daily aggregates settle: the worker refreshes today, finalises yesterday after midnight, and recalls
 * reach back 24 hours (api-v2.md §10.4), so only days from yesterday on still move with the data
 * version. Global answers therefore keep the sums of older ("settled") days in memory and re-read
 * only the recent days when the version moves; settled sums are re-read when the day rolls over, when
 * the windows change, and at the latest after {@link SETTLED_TTL_MS} (in case an operator backfills).
 */

/** Days before `today − RECENT_DAYS + 1` are settled. */
export const RECENT_DAYS = 2
/** Settled sums are re-read at least this often. */
export const SETTLED_TTL_MS = 60 * 60 * 1000

/** The first recent day for server-local day `today`. */
export const firstRecentDay = (today: number) => today - RECENT_DAYS + 1

/** Splits day windows at `cut`: the settled parts (days < cut) and the recent parts (days ≥ cut); empty parts are dropped. */
export const splitDayWindows = <W extends { fromDay: number; toDay: number }>(windows: readonly W[], cut: number) => ({
  settled: windows.filter((w) => w.fromDay < cut).map((w) => ({ ...w, toDay: Math.min(w.toDay, cut - 1) })),
  recent: windows.filter((w) => w.toDay >= cut).map((w) => ({ ...w, fromDay: Math.max(w.fromDay, cut) })),
})

/**
 * Memo of settled sums per key: reused while the signature (what was asked: windows, cut day) is the
 * same and the entry is younger than {@link SETTLED_TTL_MS}. Concurrent callers share one read.
 */
export const createSettledCache = <T>() => {
  const entries = new Map<string, { signature: string; builtAt: number; value: Promise<T> }>()
  return {
    clear: () => entries.clear(),
    get(key: string, signature: string, now: number, read: () => Promise<T>): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.signature === signature && now >= hit.builtAt && now < hit.builtAt + SETTLED_TTL_MS) return hit.value
      const value = read()
      const entry = { signature, builtAt: now, value }
      entries.set(key, entry)
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return value
    },
  }
}
