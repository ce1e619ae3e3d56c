import { glyphHash, hamming, projectionRuns, subImage, trim, type Run } from './binary'
import { cropThreshold, type GrayImage } from './image'
import { refRect, type Frame } from './frame'
import type { GlyphTable, LoadedPack, Server } from './pack'

/** Ranked glyph candidates for one character. */
export interface CharCandidates {
  ranked: { key: string; distance: number }[]
}

/** Nearest glyphs of a hash, best first. */
export const rankGlyphs = (hash: bigint[], table: GlyphTable, keep = 5): CharCandidates => {
  const ranked = table.keys.map((key, i) => ({ key, distance: hamming(hash, table.hashes[i]!) }))
  ranked.sort((a, b) => a.distance - b.distance)
  return { ranked: ranked.slice(0, keep) }
}

/** Keeps the first `n` row runs of a binary image and trims it (null when empty). */
export const firstRows = (b: GrayImage, n: number, minHeight = 1): GrayImage | null => {
  const runs = projectionRuns(b, 'y').filter((r) => r.end - r.start >= minHeight)
  if (runs.length === 0) return null
  const last = runs[Math.min(n, runs.length) - 1]!
  return trim(subImage(b, { x: 0, y: runs[0]!.start, w: b.width, h: last.end - runs[0]!.start }))
}

/** Result-title check: the smallest title-hash distance over the servers, and for which server. */
export const titleDistance = (f: Frame, pack: LoadedPack): { distance: number; server: Server | null } => {
  const bin = cropThreshold(f.gray, refRect(f, 60, 169, 300, 140), 200)
  let best = { distance: 256, server: null as Server | null }
  for (const rows of [1, 2]) {
    const t = firstRows(bin, rows, 3)
    if (!t) continue
    const h = glyphHash(t, 32, 8, false)
    if (!h) continue
    for (const r of pack.resultHashes) {
      const d = hamming(h, r.hash)
      if (d < best.distance) best = { distance: d, server: r.server }
    }
  }
  return best
}

/** Splits a binary text line into character images by column runs. */
export const splitChars = (line: GrayImage, minGap = 1): { run: Run; img: GrayImage }[] => {
  const runs = projectionRuns(line, 'x')
  const merged: Run[] = []
  for (const r of runs) {
    const prev = merged[merged.length - 1]
    if (prev && r.start - prev.end < minGap) prev.end = r.end
    else merged.push({ ...r })
  }
  return merged.map((run) => ({ run, img: subImage(line, { x: run.start, y: 0, w: run.end - run.start, h: line.height }) }))
}
