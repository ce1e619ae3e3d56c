import type { Frame } from './frame'
import { rgbToHsv } from './image'
import { DROP_ROW, type Group, type ScreenDropType } from './underline'

/** A group with its drop type and a confidence in that type (0..1). */
export interface ClassifiedGroup extends Group {
  dropType: ScreenDropType
  confidence: number
}

/** Underline hues (degrees) of the coloured drop types. */
const HUES: { type: ScreenDropType; hue: number }[] = [
  { type: 'LMB', hue: 51 },
  { type: 'FIRST', hue: 201 },
  { type: 'SPECIAL_DROP', hue: 25 },
  { type: 'EXTRA_DROP', hue: 63 },
]

/** Hue distance beyond which a colour is no known drop type. */
const MAX_HUE_DISTANCE = 9

/**
 * Whether the item of a cell is drawn as a light square box (furniture) rather than a circle:
 * the corners of the icon square are bright and grey.
 */
const looksLikeBox = (f: Frame, cellX: number, cellW: number): boolean => {
  const cx = cellX + cellW / 2
  const cy = f.ty + DROP_ROW.itemY * f.s
  let bright = 0
  let n = 0
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
  ] as const) {
    for (let dy = 0; dy < 6; dy++) {
      for (let dx = 0; dx < 6; dx++) {
        const x = Math.round(cx + sx * (40 + dx) * f.s)
        const y = Math.round(cy + sy * (38 + dy) * f.s)
        if (x < 0 || y < 0 || x >= f.rgb.width || y >= f.rgb.height) continue
        const p = (y * f.rgb.width + x) * f.rgb.stride
        const { s, v } = rgbToHsv(f.rgb.data[p]!, f.rgb.data[p + 1]!, f.rgb.data[p + 2]!)
        n++
        if (v > 0.6 && s < 0.2) bright++
      }
    }
  }
  return n > 0 && bright / n > 0.6
}

/**
 * Drop type of each group from its underline colour: grey is NORMAL_DROP (white is SANITY),
 * otherwise the nearest hue. Orange is FURNITURE when the icon is a light box or the group comes
 * before the NORMAL_DROP group, else SPECIAL_DROP. Adjacent groups of the same type are merged
 * (a break in the line cannot create a real group).
 */
export const classifyGroups = (f: Frame, groups: Group[]): ClassifiedGroup[] => {
  const out: ClassifiedGroup[] = []
  for (const g of groups) {
    const { h, s, v } = rgbToHsv(...g.colour)
    let dropType: ScreenDropType = 'UNDEFINED'
    let confidence = g.coverage
    if (s < 0.25) {
      dropType = v > 0.85 ? 'SANITY' : 'NORMAL_DROP'
    } else {
      let best = { type: 'UNDEFINED' as ScreenDropType, d: 360 }
      for (const c of HUES) {
        const d = Math.min(Math.abs(h - c.hue), 360 - Math.abs(h - c.hue))
        if (d < best.d) best = { type: c.type, d }
      }
      if (best.d <= MAX_HUE_DISTANCE) {
        dropType = best.type
        confidence *= 1 - best.d / (2 * MAX_HUE_DISTANCE)
      }
    }
    out.push({ ...g, dropType, confidence })
  }
  const normalAt = out.findIndex((g) => g.dropType === 'NORMAL_DROP')
  out.forEach((g, i) => {
    if (g.dropType !== 'SPECIAL_DROP') return
    const box = g.cells.length === 1 && looksLikeBox(f, g.cells[0]!, g.cellW)
    if (box || (normalAt >= 0 && i < normalAt)) g.dropType = 'FURNITURE'
  })
  const merged: ClassifiedGroup[] = []
  for (const g of out) {
    const prev = merged[merged.length - 1]
    if (prev && prev.dropType === g.dropType && g.dropType !== 'UNDEFINED') {
      prev.cells.push(...g.cells)
      prev.confidence = Math.min(prev.confidence, g.confidence)
    } else merged.push({ ...g, cells: g.cells.slice() })
  }
  return merged
}
