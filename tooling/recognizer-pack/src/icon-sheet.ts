import { readdir, readFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'
import { ICON_CELL_SIZE } from './assets'

/**
 * Where each item sits on an icon sheet: the sheet is `cols * size` × `rows * size` pixels and the
 * icon of `itemId` fills the cell `items[itemId] = [col, row]` (its top-left corner at `col * size`, `row * size`).
 */
export interface IconSheetIndex {
  /** Side of one cell in pixels. */
  size: number
  cols: number
  rows: number
  items: Record<string, [number, number]>
}

/** A built sheet: the WebP image and its index. */
export interface IconSheet {
  image: Buffer
  index: IconSheetIndex
}

const DEFAULT_COLS = 16

/** Penguin's 183-px icons: the item circle with its rarity ring spans x, y ≈ 9.5..173.5 (centre 91.5, radius 82). */
const PENGUIN = { size: 183, centre: 91.5, radius: 82 }
/** MaaResource 105-px screenshot crops: 1 crop px = 1.54 Penguin px, Penguin's (92, 93) at the crop's centre (README). */
const MAA_SCALE = 1.54
const MAA_PENGUIN_CENTRE = { x: 92, y: 93 }
/** Smaller icons (MaaResource's 72-px act24 panel icons) are whole square icons with their own frame. */
const MIN_CIRCLE_ICON = 90

const circleMask = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 0.5}" fill="#fff"/></svg>`,
  )

/**
 * One cell, RGBA `size`×`size`. Round icons (Penguin's and MaaResource's crops) are cut to the item
 * circle and its rarity ring, transparent outside; square panel icons are scaled whole.
 */
export const renderIconCell = async (bytes: Uint8Array, size = ICON_CELL_SIZE): Promise<Buffer> => {
  const meta = await sharp(bytes).metadata()
  const w = meta.width ?? 0
  const h = meta.height ?? 0
  if (Math.min(w, h) < MIN_CIRCLE_ICON) {
    return sharp(bytes)
      .ensureAlpha()
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 }, kernel: 'lanczos3' })
      .raw()
      .toBuffer()
  }
  // The circle's box in source pixels (edge coordinates), then cut with a margin of black for crops
  // whose circle reaches past the image.
  const penguin = w === PENGUIN.size && h === PENGUIN.size
  const scale = penguin ? 1 : 1 / MAA_SCALE
  const cx = penguin ? PENGUIN.centre : (PENGUIN.centre - 0.5 - MAA_PENGUIN_CENTRE.x) * scale + w / 2
  const cy = penguin ? PENGUIN.centre : (PENGUIN.centre - 0.5 - MAA_PENGUIN_CENTRE.y) * scale + h / 2
  const side = Math.round(2 * PENGUIN.radius * scale)
  const pad = 8
  // Two pipelines: sharp runs a pipeline's extract before its extend, whatever the call order.
  const padded = await sharp(bytes)
    .removeAlpha()
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const box = await sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels: padded.info.channels } })
    .extract({ left: Math.round(cx - side / 2 + pad), top: Math.round(cy - side / 2 + pad), width: side, height: side })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return sharp(box.data, { raw: { width: box.info.width, height: box.info.height, channels: box.info.channels } })
    .resize(size, size, { kernel: 'lanczos3' })
    .ensureAlpha()
    .composite([{ input: circleMask(size), blend: 'dest-in' }])
    .raw()
    .toBuffer()
}

/**
 * Icon files of folders (`<itemId>.jpg|png`) and single files, in order; the first source of an id
 * wins (so Penguin's icons before MaaResource's supplements).
 */
export const collectIconFiles = async (dirs: string[], files: string[] = []): Promise<Map<string, string>> => {
  const out = new Map<string, string>()
  const all = [...(await Promise.all(dirs.map(async (d) => (await readdir(d)).sort().map((n) => join(d, n))))).flat(), ...files]
  for (const file of all) {
    if (!/\.(jpe?g|png)$/i.test(file)) continue
    const itemId = basename(file, extname(file))
    if (!out.has(itemId)) out.set(itemId, file)
  }
  return out
}

/**
 * Builds one WebP sheet of every icon (`itemId → file`), cells of `size` px in `cols` columns, items
 * in id order. Transparent outside each icon. `quality` is WebP's 0-100.
 */
export const buildIconSheet = async (icons: Map<string, string>, opts: { size?: number; cols?: number; quality?: number } = {}): Promise<IconSheet> => {
  const size = opts.size ?? ICON_CELL_SIZE
  const ids = [...icons.keys()].sort()
  const cols = Math.max(1, Math.min(opts.cols ?? DEFAULT_COLS, ids.length))
  const rows = Math.max(1, Math.ceil(ids.length / cols))
  const items: IconSheetIndex['items'] = {}
  const layers: OverlayOptions[] = []
  for (const [i, itemId] of ids.entries()) {
    const col = i % cols
    const row = Math.floor(i / cols)
    const cell = await renderIconCell(await readFile(icons.get(itemId)!), size)
    layers.push({ input: cell, raw: { width: size, height: size, channels: 4 }, left: col * size, top: row * size })
    items[itemId] = [col, row]
  }
  const image = await sharp({ create: { width: cols * size, height: rows * size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .webp({ quality: opts.quality ?? 75, alphaQuality: 90, effort: 6 })
    .toBuffer()
  return { image, index: { size, cols, rows, items } }
}
