// Draws the project's own item-icon sprite sheet: one abstract glyph per sprite cell, in the same
// grid as Penguin Statistics' sheet (6 columns × 19 rows), so each item's `spriteCoord` addresses
// a cell. No game art is involved. Run: `npx tsx apps/web/scripts/generate-item-sprite.ts`.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const COLS = 6
export const ROWS = 19
const CELL = 64

// A small deterministic generator (mulberry32) seeded by the cell index.
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const polygon = (cx: number, cy: number, r: number, sides: number, rot: number) =>
  Array.from({ length: sides }, (_, i) => {
    const a = rot + (i * 2 * Math.PI) / sides
    return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`
  }).join(' ')

const glyph = (x: number, y: number) => {
  const r = rng(y * COLS + x + 1)
  const ox = x * CELL
  const oy = y * CELL
  const cx = ox + CELL / 2
  const cy = oy + CELL / 2
  const sides = 3 + Math.floor(r() * 6)
  const rot = r() * Math.PI
  const inner = Math.floor(r() * 3)
  const parts = [`<polygon points="${polygon(cx, cy, 22, sides, rot)}" fill="#fff" fill-opacity="0.92" stroke="#1b1b1f" stroke-opacity="0.55" stroke-width="2"/>`]
  if (inner === 0) parts.push(`<circle cx="${cx}" cy="${cy}" r="${6 + Math.floor(r() * 6)}" fill="#1b1b1f" fill-opacity="0.55"/>`)
  if (inner === 1) parts.push(`<polygon points="${polygon(cx, cy, 10, 4, rot / 2)}" fill="#1b1b1f" fill-opacity="0.55"/>`)
  if (inner === 2)
    parts.push(
      `<rect x="${cx - 12}" y="${cy - 3}" width="24" height="6" rx="3" fill="#1b1b1f" fill-opacity="0.55" transform="rotate(${Math.round(rot * 57)} ${cx} ${cy})"/>`,
    )
  return parts.join('')
}

export const generateSprite = () => {
  const cells: string[] = []
  for (let y = 0; y < ROWS; y++) for (let x = 0; x < COLS; x++) cells.push(glyph(x, y))
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COLS * CELL} ${ROWS * CELL}" width="${COLS * CELL}" height="${ROWS * CELL}">${cells.join('')}</svg>\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('../public/sprite/items.svg', import.meta.url))
  writeFileSync(out, generateSprite())
  console.log(`wrote ${out}`)
}
