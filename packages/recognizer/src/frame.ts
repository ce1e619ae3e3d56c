import { connectedComponents } from './binary'
import { cropThreshold, resizeRgbaToRgb, toGray, type GrayImage, type Rect, type RgbImage, type RgbaImage } from './image'

/** Height (px) of the working copy every screenshot is resampled to. */
export const WORK_HEIGHT = 720

/**
 * Reference layout: a 1280×720 result screen. The two small white "baseline" squares left of
 * the title sit at x = 46, y = 169 (top of the upper one) and y = 371 (bottom of the lower one).
 * Every other position is written in these reference pixels and mapped through the anchor.
 */
export const REF_ANCHOR = { x: 46, top: 169, bottom: 371 }

/** A working copy of the screenshot plus the mapping from reference to working pixels. */
export interface Frame {
  rgb: RgbImage
  gray: GrayImage
  /** Working pixels per reference pixel. */
  s: number
  tx: number
  ty: number
}

// The grey working copy's memory, reused from one call to the next: recognition is synchronous and
// no result keeps a Frame, so one screenshot at a time uses it.
let grayScratch = new Uint8Array(0)

/**
 * The screenshot at WORK_HEIGHT (keeps the aspect ratio): resampled, or, when it is that high
 * already, its own RGBA pixels, not copied.
 */
export const toWorking = (img: RgbaImage): { rgb: RgbImage; gray: GrayImage } => {
  const rgb: RgbImage =
    img.height === WORK_HEIGHT
      ? { width: img.width, height: img.height, data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.width * img.height * 4), stride: 4 }
      : resizeRgbaToRgb(img, Math.max(1, Math.round((img.width * WORK_HEIGHT) / img.height)), WORK_HEIGHT)
  if (grayScratch.length < rgb.width * rgb.height) grayScratch = new Uint8Array(rgb.width * rgb.height)
  return { rgb, gray: toGray(rgb, grayScratch) }
}

/**
 * Finds the anchor (two small white squares stacked vertically at the left of the title) and
 * returns the reference→working mapping, or null when there is none (not a result screen).
 */
export const findFrame = (rgb: RgbImage, gray: GrayImage): Frame | null => {
  const region: Rect = { x: 0, y: Math.round(0.15 * gray.height), w: Math.round(0.2 * gray.width), h: Math.round(0.5 * gray.height) }
  const bin = cropThreshold(gray, region, 120)
  const squares = connectedComponents(bin).filter((c) => c.w >= 4 && c.w <= 16 && Math.abs(c.w - c.h) <= 1 && c.area >= 0.85 * c.w * c.h)
  let best: Frame | null = null
  let bestErr = Infinity
  for (const a of squares) {
    for (const b of squares) {
      if (b.y <= a.y + 50 || Math.abs(a.x - b.x) > 2 || Math.abs(a.w - b.w) > 2) continue
      const span = b.y + b.h - a.y
      const s = span / (REF_ANCHOR.bottom - REF_ANCHOR.top)
      // The squares are about 8 reference px wide; reject pairs whose size does not fit the span.
      const err = Math.abs((a.w + b.w) / 2 / s - 8.5) + Math.abs(s - 1) * 4
      if (err < bestErr && s > 0.6 && s < 1.6) {
        bestErr = err
        best = { rgb, gray, s, tx: a.x + region.x - REF_ANCHOR.x * s, ty: a.y + region.y - REF_ANCHOR.top * s }
      }
    }
  }
  return best
}

/** Maps a reference rectangle to working pixels. */
export const refRect = (f: Frame, x: number, y: number, w: number, h: number): Rect => ({
  x: f.tx + x * f.s,
  y: f.ty + y * f.s,
  w: w * f.s,
  h: h * f.s,
})

/** RGB of the working pixel at reference coordinates (nearest), or [0,0,0] outside. */
export const refPixel = (f: Frame, x: number, y: number): [number, number, number] => {
  const X = Math.round(f.tx + x * f.s)
  const Y = Math.round(f.ty + y * f.s)
  if (X < 0 || Y < 0 || X >= f.rgb.width || Y >= f.rgb.height) return [0, 0, 0]
  const p = (Y * f.rgb.width + X) * f.rgb.stride
  return [f.rgb.data[p]!, f.rgb.data[p + 1]!, f.rgb.data[p + 2]!]
}

/** Right edge of the screen in reference pixels. */
export const refRight = (f: Frame): number => (f.rgb.width - f.tx) / f.s
