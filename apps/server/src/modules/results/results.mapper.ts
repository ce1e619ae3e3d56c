import type { PatternElement } from '@dropwise/schemas'
import { patternKey, sortPatternDrops, type PatternDrop } from '@dropwise/stats'

/** The stored pattern (`drop_patterns.drops`, `[{itemId, quantity}]`) as plain entries; anything malformed is skipped. */
export const toPatternDrops = (drops: unknown): PatternDrop[] => {
  if (!Array.isArray(drops)) return []
  const out: PatternDrop[] = []
  for (const d of drops as { itemId?: unknown; quantity?: unknown }[]) {
    if (typeof d?.itemId === 'string' && typeof d.quantity === 'number' && d.quantity > 0) {
      out.push({ itemId: d.itemId, quantity: d.quantity })
    }
  }
  return out
}

/** A pattern-matrix element plus its canonical key (for deterministic tie-breaking; not sent). */
export interface KeyedPatternElement extends PatternElement {
  key: string
}

/** One pattern of a stage as sent (§5.6): drops ordered by item sortId, `end` already in wire form. */
export const toPatternElement = (
  input: { stageId: string; drops: readonly PatternDrop[]; times: number; quantity: number; start: number; end: number | null },
  sortIdOf: (itemId: string) => number | undefined,
): KeyedPatternElement => ({
  key: patternKey(input.drops),
  stageId: input.stageId,
  pattern: { drops: sortPatternDrops(input.drops, sortIdOf).map((d) => ({ itemId: d.itemId, quantity: d.quantity })) },
  times: input.times,
  quantity: input.quantity,
  start: input.start,
  end: input.end,
})

/** Drops the internal key before serialising. */
export const toWirePattern = ({ key: _key, ...element }: KeyedPatternElement): PatternElement => element
