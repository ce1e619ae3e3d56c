/**
 * Random backgrounds (spec 000 §4): a new one every 300 s (1800 s in low-data mode), a 0.2 %
 * chance of the rare one, and at most 3 ids per calendar day, reused at random once 3 are drawn.
 * The artwork is generated from the id by the project (see components/random-background.tsx).
 */
export const MAX_BACKGROUND_ID = 446
export const IDS_PER_DAY = 3
export const RARE_CHANCE = 0.002
export const RARE_BACKGROUND = -1

export interface BackgroundMemo {
  last: string
  ids: number[]
}

export const dayKey = (now: Date) => `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`

export const pickBackground = (memo: BackgroundMemo, now: Date, random: () => number): { id: number; memo: BackgroundMemo } => {
  const today = dayKey(now)
  const ids = memo.last === today ? memo.ids : []
  if (random() < RARE_CHANCE) return { id: RARE_BACKGROUND, memo: { last: today, ids } }
  if (ids.length >= IDS_PER_DAY) return { id: ids[Math.floor(random() * ids.length)]!, memo: { last: today, ids } }
  const id = Math.floor(random() * (MAX_BACKGROUND_ID + 1))
  return { id, memo: { last: today, ids: [...ids, id] } }
}
