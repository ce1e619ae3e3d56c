/**
 * Draws synthetic result screens and a matching synthetic pack, so that tests run on a fresh
 * clone without any game data. Glyphs and item icons are made-up patterns; the geometry is the
 * reference layout the recogniser reads.
 */
import { glyphHash, packBits } from '../binary'
import type { GrayImage, RgbaImage } from '../image'
import { TEMPLATE_SIZE, type PackManifest } from '../pack'

/** A small deterministic PRNG (mulberry32). */
export const rng = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5)
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** A binary glyph: a w×h block with a solid border and random holes inside (one component). */
export const makeGlyph = (w: number, h: number, seed: number): GrayImage => {
  const r = rng(seed)
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const border = x === 0 || y === 0 || x === w - 1 || y === h - 1
      data[y * w + x] = border || r() < 0.5 ? 255 : 0
    }
  }
  return { width: w, height: h, data }
}

const hex = (g: GrayImage, w: number, h: number, square: boolean): string =>
  glyphHash(g, w, h, square)!
    .map((v) => v.toString(16).padStart(16, '0'))
    .join('')

/** A canvas to draw a 1280×720 (or scaled) screen on. */
export class Canvas {
  readonly data: Uint8ClampedArray
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4)
    for (let i = 3; i < this.data.length; i += 4) this.data[i] = 255
  }
  rect(x: number, y: number, w: number, h: number, c: [number, number, number]): void {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) {
        const p = (yy * this.width + xx) * 4
        this.data[p] = c[0]
        this.data[p + 1] = c[1]
        this.data[p + 2] = c[2]
      }
    }
  }
  /** Draws a binary glyph scaled by (sx, sy) in white. */
  glyph(g: GrayImage, x: number, y: number, sx: number, sy: number, c: [number, number, number] = [255, 255, 255]): void {
    for (let gy = 0; gy < g.height; gy++) {
      for (let gx = 0; gx < g.width; gx++) {
        if (g.data[gy * g.width + gx]) this.rect(Math.round(x + gx * sx), Math.round(y + gy * sy), Math.ceil(sx), Math.ceil(sy), c)
      }
    }
  }
  /** Draws an RGB template (TEMPLATE_SIZE²) scaled to `side` px, centred at (cx, cy), inside its circle. */
  icon(rgb: Uint8Array, cx: number, cy: number, side: number): void {
    const k = TEMPLATE_SIZE / side
    const r = (side * 163) / 183 / 2
    for (let y = Math.round(cy - side / 2); y < cy + side / 2; y++) {
      for (let x = Math.round(cx - side / 2); x < cx + side / 2; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue
        const u = Math.min(TEMPLATE_SIZE - 1, Math.max(0, Math.floor((x - (cx - side / 2)) * k)))
        const v = Math.min(TEMPLATE_SIZE - 1, Math.max(0, Math.floor((y - (cy - side / 2)) * k)))
        const p = (v * TEMPLATE_SIZE + u) * 3
        this.rect(x, y, 1, 1, [rgb[p]!, rgb[p + 1]!, rgb[p + 2]!])
      }
    }
  }
  image(): RgbaImage {
    return { width: this.width, height: this.height, data: this.data }
  }
}

/** A smooth random colour texture as an item template. */
export const makeIcon = (seed: number): Uint8Array => {
  const r = rng(seed)
  const out = new Uint8Array(TEMPLATE_SIZE * TEMPLATE_SIZE * 3)
  const waves = Array.from({ length: 3 }, () => [r() * 0.5, r() * 0.5, r() * 6, 60 + r() * 120])
  for (let y = 0; y < TEMPLATE_SIZE; y++) {
    for (let x = 0; x < TEMPLATE_SIZE; x++) {
      for (let c = 0; c < 3; c++) {
        const [fx, fy, ph, amp] = waves[c]!
        out[(y * TEMPLATE_SIZE + x) * 3 + c] = Math.round(128 + (amp! / 2) * Math.sin(x * fx! + y * fy! + ph!))
      }
    }
  }
  return out
}

export const TITLE = makeGlyph(32, 8, 11)
export const STAGE_CHARS: Record<string, GrayImage> = Object.fromEntries(['1', '-', '7', 'O', '0'].map((k, i) => [k, makeGlyph(12, 16, 100 + i)]))
/** Digit glyphs: a 9×13 frame with a bar whose row and length encode the digit (easy to tell apart). */
const digitGlyph = (d: number): GrayImage => {
  const w = 9
  const h = 13
  const data = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const frame = x < 2 || y < 2 || y >= h - 2 || (d % 2 === 0 && x >= w - 2)
      const bar = y === 3 + (d >> 1) * 2 && x < 3 + (d % 5)
      data[y * w + x] = frame || bar ? 255 : 0
    }
  }
  return { width: w, height: h, data }
}
export const DIGITS: Record<string, GrayImage> = Object.fromEntries(Array.from({ length: 10 }, (_, d) => [String(d), digitGlyph(d)]))
export const ICONS: Record<string, Uint8Array> = { itemA: makeIcon(1), itemB: makeIcon(2), itemC: makeIcon(3), eventX: makeIcon(4) }

/** The synthetic pack matching the drawings above. */
export const syntheticPack = (): { manifest: PackManifest; templates: Uint8Array } => {
  const ids = Object.keys(ICONS)
  const bytes = TEMPLATE_SIZE * TEMPLATE_SIZE * 3
  const templates = new Uint8Array(ids.length * bytes)
  ids.forEach((id, i) => templates.set(ICONS[id]!, i * bytes))
  const stage = (stageId: string, drops: string[]) => ({ NORMAL: { stageId, drops, recognitionOnly: [], existence: true } })
  return {
    manifest: {
      format: 'dropwise-recognizer-pack',
      version: 1,
      templateSize: TEMPLATE_SIZE,
      items: ids.map((itemId, i) => ({ itemId, offset: i * bytes })),
      glyphs: {
        result: { CN: hex(TITLE, 32, 8, false) },
        stage: Object.fromEntries(Object.entries(STAGE_CHARS).map(([k, g]) => [k, hex(g, 16, 16, true)])),
        digits: { CN: Object.fromEntries(Object.entries(DIGITS).map(([k, g]) => [k, hex(g, 16, 16, true)])) },
      },
      stages: { CN: { '1-7': stage('main_01-07', ['itemA', 'itemB', 'itemC']), 'O-1': stage('zero_01', []) } },
    },
    templates,
  }
}

/** What to draw on a synthetic screen. */
export interface Scene {
  code?: string
  litStars?: number
  groups?: { colour: [number, number, number]; items: { id: string; quantity: number }[] }[]
  /** An item drawn after the last group without an underline (a lost group). */
  strayItem?: { id: string; quantity: number }
  /** Output scale (1 = 1280×720). */
  scale?: number
}

/** Underline colours as the game draws them. */
export const LINE = {
  LMB: [253, 214, 0] as [number, number, number],
  NORMAL: [175, 175, 175] as [number, number, number],
  SPECIAL: [243, 101, 0] as [number, number, number],
  EXTRA: [218, 227, 53] as [number, number, number],
  UNKNOWN: [160, 40, 200] as [number, number, number],
}

const drawItem = (c: Canvas, id: string, quantity: number, cx: number, cy: number, k: number) => {
  c.icon(ICONS[id] ?? makeIcon(99), cx, cy, 114 * k)
  // The game prints the quantity on a dark box.
  const digitsW = String(quantity).length * 11 * k
  c.rect(Math.round(cx + 31 * k - digitsW - 3 * k), Math.round(cy + 23 * k), Math.round(digitsW + 12 * k), Math.round(22 * k), [30, 30, 30])
  let right = cx + 31 * k
  for (const ch of String(quantity).split('').reverse()) {
    const g = DIGITS[ch]!
    c.glyph(g, right - g.width * k, cy + 27 * k, k, k)
    right -= (g.width + 2) * k
  }
}

/** Draws a synthetic result screen. */
export const drawScene = (scene: Scene): RgbaImage => {
  const k = scene.scale ?? 1
  const c = new Canvas(Math.round(1280 * k), Math.round(720 * k))
  const R = (v: number) => Math.round(v * k)
  c.rect(R(46), R(169), R(8), R(8), [255, 255, 255])
  c.rect(R(46), R(363), R(8), R(8), [255, 255, 255])
  c.glyph(TITLE, R(64), R(182), 9 * k, 9 * k)
  let x = R(150)
  for (const ch of (scene.code ?? '1-7').split('')) {
    c.glyph(STAGE_CHARS[ch]!, x, R(74), 2 * k, 2 * k)
    x += R(24 + 8)
  }
  const lit = scene.litStars ?? 3
  ;[101, 175, 248].forEach((sx, i) => c.rect(R(sx - 18), R(302), R(36), R(36), i < lit ? [40, 220, 240] : [90, 90, 90]))
  let gx = 60
  for (const g of scene.groups ?? []) {
    const w = g.items.length * 137.5
    c.rect(R(gx), R(636), R(w), Math.max(2, R(2)), g.colour)
    g.items.forEach((it, i) => drawItem(c, it.id, it.quantity, k * (gx + 137.5 * i + 68.75), k * 573, k))
    gx += w + 15
  }
  if (scene.strayItem) drawItem(c, scene.strayItem.id, scene.strayItem.quantity, k * (gx + 68.75), k * 573, k)
  return c.image()
}

export { packBits }
