import type { Frame } from './frame'

/** Drop types the result screen can show, in the order the game draws them. */
export type ScreenDropType = 'SANITY' | 'FIRST' | 'LMB' | 'FURNITURE' | 'NORMAL_DROP' | 'SPECIAL_DROP' | 'EXTRA_DROP' | 'UNDEFINED'

/** Reference geometry of the drop row (1280×720 reference pixels). */
export const DROP_ROW = {
  /** Where the first group starts. */
  startX: 60,
  /** Width of one item cell inside a group. */
  cellW: 137.5,
  /** Gap between two groups. */
  gapW: 15,
  /** Expected underline row, searched ±8 around it. */
  lineY: 636.5,
  /** Centre row of the item circles. */
  itemY: 573,
}

/** A drop-type group found on the underline: its cells and its line colour. */
export interface Group {
  /** Working-pixel x of each item cell's left edge. */
  cells: number[]
  cellW: number
  /** Median line colour (RGB). */
  colour: [number, number, number]
  /** Share of the group's columns where the line was seen (0..1). */
  coverage: number
}

const dist = (d: Uint8Array, p: number, q: number): number => Math.abs(d[p]! - d[q]!) + Math.abs(d[p + 1]! - d[q + 1]!) + Math.abs(d[p + 2]! - d[q + 2]!)

/**
 * Per-column line evidence on row `y` (working pixels): the pixel is not near-black and differs
 * from the pixels 3 reference px above and below (both when `strict`, either otherwise). Works
 * for the 2-px line and for the 1-px line of screenshots scaled by the game.
 */
const lineColumns = (f: Frame, y: number, strict: boolean): Uint8Array => {
  const { width, data, stride } = f.rgb
  const out = new Uint8Array(width)
  const off = Math.max(3, Math.round(3 * f.s))
  if (y - off < 0 || y + off >= f.rgb.height) return out
  for (let x = 0; x < width; x++) {
    const a = ((y - off) * width + x) * stride
    const c = (y * width + x) * stride
    const b = ((y + off) * width + x) * stride
    if (data[c]! + data[c + 1]! + data[c + 2]! < 60) continue
    const up = dist(data, c, a) > 24
    const down = dist(data, c, b) > 24
    if (strict ? up && down : up || down) out[x] = 1
  }
  return out
}

/** Finds the underline's upper row near the expected position: the row with the most line evidence. */
export const findLineRow = (f: Frame): { y: number; columns: Uint8Array } => {
  const y0 = Math.round(f.ty + DROP_ROW.lineY * f.s)
  let best = { y: y0, score: -1 }
  for (let y = y0 - Math.round(8 * f.s); y <= y0 + Math.round(8 * f.s); y++) {
    const columns = lineColumns(f, y, true)
    let score = 0
    for (let x = 0; x < columns.length; x++) score += columns[x]!
    if (score > best.score) best = { y, score }
  }
  return { y: best.y, columns: lineColumns(f, best.y, false) }
}

const median = (v: number[]): number => {
  if (v.length === 0) return 0
  const s = v.slice().sort((a, b) => a - b)
  return s[s.length >> 1]!
}

/**
 * Segments the underline into groups of item cells. The layout is a sequence of groups starting
 * at DROP_ROW.startX, each a run of equal cells, separated by a 15-px gap. Cells are walked left
 * to right; after each cell the gap zone decides whether the same group continues (the line goes
 * on in the same colour) or a new group starts (a gap; the next start is re-synchronised on the
 * line). The walk stops at the first cell without line.
 */
export const segmentGroups = (f: Frame, lineY: number, columns: Uint8Array): Group[] => {
  const { width, data, stride } = f.rgb
  const cw = DROP_ROW.cellW * f.s
  const gap = DROP_ROW.gapW * f.s
  const colourAt = (x: number): [number, number, number] => {
    const p = (lineY * width + x) * stride
    return [data[p]!, data[p + 1]!, data[p + 2]!]
  }
  const frac = (a: number, b: number, colour?: [number, number, number]): number => {
    let n = 0
    let on = 0
    for (let x = Math.max(0, Math.round(a)); x < Math.min(width, Math.round(b)); x++) {
      n++
      if (!columns[x]) continue
      if (colour) {
        const c = colourAt(x)
        if (Math.abs(c[0] - colour[0]) + Math.abs(c[1] - colour[1]) + Math.abs(c[2] - colour[2]) > 45) continue
      }
      on++
    }
    return n === 0 ? 0 : on / n
  }
  const cellColour = (a: number, b: number): [number, number, number] => {
    const rs: number[] = []
    const gs: number[] = []
    const bs: number[] = []
    for (let x = Math.max(0, Math.round(a)); x < Math.min(width, Math.round(b)); x++) {
      if (!columns[x]) continue
      const c = colourAt(x)
      rs.push(c[0])
      gs.push(c[1])
      bs.push(c[2])
    }
    return [median(rs), median(gs), median(bs)]
  }
  // Re-synchronise a group start on the first column of a line run near the expected x.
  const resync = (expected: number, after = 6): number => {
    const r = Math.round(6 * f.s)
    for (let x = Math.round(expected - r); x <= Math.round(expected + after * f.s); x++) {
      if (x < 1) continue
      if (columns[x] && columns[x + 1] && columns[x + 2] && !columns[x - 1]) return x
    }
    return expected
  }

  const groups: Group[] = []
  let current: Group | null = null
  let x = resync(f.tx + DROP_ROW.startX * f.s)
  while (x + cw <= width + 2) {
    const inner = frac(x + 4 * f.s, x + cw - 4 * f.s)
    if (inner < 0.35) break
    const colour = cellColour(x + 4 * f.s, x + cw - 4 * f.s)
    if (current) {
      const c = current.colour
      if (Math.abs(c[0] - colour[0]) + Math.abs(c[1] - colour[1]) + Math.abs(c[2] - colour[2]) > 60) current = null
    }
    if (!current) {
      current = { cells: [], cellW: cw, colour, coverage: 0 }
      groups.push(current)
    }
    current.cells.push(x)
    current.coverage += inner
    const gapOn = frac(x + cw + 2 * f.s, x + cw + gap - 2 * f.s, colour)
    if (gapOn > 0.5) {
      x += cw
    } else {
      current = null
      x = resync(x + cw + gap, 18)
    }
  }
  for (const g of groups) {
    g.coverage /= g.cells.length
    g.colour = cellColour(g.cells[0]! + 4 * f.s, g.cells[g.cells.length - 1]! + cw - 4 * f.s)
  }
  return groups
}
