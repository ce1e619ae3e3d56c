import { glyphHash, projectionRuns, subImage } from './binary'
import { clipRect, cropThreshold, rgbToHsv } from './image'
import { refPixel, refRect, type Frame } from './frame'
import { rankGlyphs, splitChars, type CharCandidates } from './text'
import type { Difficulty, LoadedPack } from './pack'

/** Characters of the stage code as read, each with its ranked candidates. */
export interface StageRead {
  chars: CharCandidates[]
  /** The best reading, character by character. */
  raw: string
  /** Where the code's characters are (working pixels). */
  box: { x: number; y: number; w: number; h: number }
}

/** Reads the stage code right of the small "OPERATION" word (null when there is no text). */
export const readStageCode = (f: Frame, pack: LoadedPack): StageRead | null => {
  const area = refRect(f, 140, 60, 560, 58)
  const origin = clipRect(area, f.gray.width, f.gray.height)
  const bin = cropThreshold(f.gray, area, 200)
  const rows = projectionRuns(bin, 'y').filter((r) => r.end - r.start >= 12 * f.s)
  const row = rows[0]
  if (!row) return null
  const line = subImage(bin, { x: 0, y: row.start, w: bin.width, h: row.end - row.start })
  const chars: CharCandidates[] = []
  let lastEnd = -1
  let firstStart = -1
  for (const { run, img } of splitChars(line)) {
    // The code is one word: a wide gap ends it (the stage name never shares this line, but be safe).
    if (lastEnd >= 0 && run.start - lastEnd > 30 * f.s) break
    lastEnd = run.end
    if (firstStart < 0) firstStart = run.start
    const h = glyphHash(img)
    if (!h) continue
    chars.push(rankGlyphs(h, pack.stageGlyphs))
  }
  if (chars.length === 0) return null
  const box = { x: origin.x + firstStart, y: origin.y + row.start, w: lastEnd - firstStart, h: row.end - row.start }
  return { chars, raw: chars.map((c) => c.ranked[0]!.key).join(''), box }
}

/**
 * Resolves a read code against the stage index: the best reading first, then alternatives in
 * order of total Hamming distance (one character moved to a worse candidate at a time), up to
 * `tries` codes. Returns the first code in the index.
 */
export const resolveStageCode = (read: Pick<StageRead, 'chars' | 'raw'>, has: (code: string) => boolean, tries = 24): { code: string; distance: number } | null => {
  const n = read.chars.length
  const seen = new Set<string>()
  const queue: { picks: number[]; cost: number }[] = [{ picks: new Array<number>(n).fill(0), cost: 0 }]
  const cost = (picks: number[]) => picks.reduce((s, p, i) => s + read.chars[i]!.ranked[p]!.distance, 0)
  queue[0]!.cost = cost(queue[0]!.picks)
  let tried = 0
  while (queue.length && tried < tries) {
    queue.sort((a, b) => a.cost - b.cost)
    const cur = queue.shift()!
    const key = cur.picks.join(',')
    if (seen.has(key)) continue
    seen.add(key)
    tried++
    const code = cur.picks.map((p, i) => read.chars[i]!.ranked[p]!.key).join('')
    if (has(code)) return { code, distance: cur.cost }
    for (let i = 0; i < n; i++) {
      if (cur.picks[i]! + 1 >= read.chars[i]!.ranked.length) continue
      const picks = cur.picks.slice()
      picks[i]! += 1
      queue.push({ picks, cost: cost(picks) })
    }
  }
  return null
}

/**
 * Difficulty from the icon behind "OPERATION": red (3 bars) is TOUGH, blue is NORMAL.
 * Returns the difficulty and the share of red among the coloured pixels.
 */
export const readDifficulty = (f: Frame): { difficulty: Difficulty; redShare: number } => {
  let red = 0
  let blue = 0
  for (let y = 62; y < 100; y += 1) {
    for (let x = 60; x < 140; x += 1) {
      const [r, g, b] = refPixel(f, x, y)
      const { h, s, v } = rgbToHsv(r, g, b)
      if (s < 0.5 || v < 0.35) continue
      if (h < 20 || h > 340) red++
      else if (h > 190 && h < 250) blue++
    }
  }
  const redShare = red + blue === 0 ? 0 : red / (red + blue)
  return { difficulty: red >= 25 && redShare > 0.6 ? 'TOUGH' : 'NORMAL', redShare }
}

/**
 * Star row: for each of the three star slots, whether it is lit (bright cyan) or shown at all
 * (an unlit grey star). `shown` 0 means there is no star row (annihilation and similar).
 */
export const readStars = (f: Frame): { lit: number; shown: number } => {
  let lit = 0
  let shown = 0
  for (const cx of [101, 175, 248]) {
    let cyan = 0
    let grey = 0
    let n = 0
    for (let y = 300; y < 342; y += 2) {
      for (let x = cx - 22; x < cx + 22; x += 2) {
        const [r, g, b] = refPixel(f, x, y)
        const { h, s, v } = rgbToHsv(r, g, b)
        n++
        if (s > 0.45 && v > 0.6 && h > 170 && h < 210) cyan++
        else if (s < 0.2 && v > 0.3) grey++
      }
    }
    if (cyan / n > 0.12) lit++
    if (cyan / n > 0.12 || grey / n > 0.12) shown++
  }
  return { lit, shown }
}

/**
 * The 2023 multi-run ("已成功连续代理作战N次") line under the stars: a text line in a band where
 * a single-run screen has nothing. Returns the number of text-like column runs found there.
 */
export const multiRunTextRuns = (f: Frame): number => {
  const bin = cropThreshold(f.gray, refRect(f, 66, 374, 560, 26), 170)
  const cols = projectionRuns(bin, 'x').filter((r) => r.end - r.start >= 2)
  return cols.length
}
