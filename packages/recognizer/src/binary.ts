import type { GrayImage, Rect } from './image'

/** A half-open run [start, end) of rows or columns that hold at least one set pixel. */
export interface Run {
  start: number
  end: number
}

/** Column runs (axis 'x') or row runs (axis 'y') of set pixels in a binary image. */
export const projectionRuns = (b: GrayImage, axis: 'x' | 'y'): Run[] => {
  const len = axis === 'x' ? b.width : b.height
  const has = new Uint8Array(len)
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (b.data[y * b.width + x]) has[axis === 'x' ? x : y] = 1
    }
  }
  const runs: Run[] = []
  let start = -1
  for (let i = 0; i <= len; i++) {
    const on = i < len && has[i] === 1
    if (on && start < 0) start = i
    if (!on && start >= 0) {
      runs.push({ start, end: i })
      start = -1
    }
  }
  return runs
}

/** Bounding box of the set pixels, or null when none is set. */
export const boundingBox = (b: GrayImage): Rect | null => {
  let x0 = b.width
  let y0 = b.height
  let x1 = -1
  let y1 = -1
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (b.data[y * b.width + x]) {
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
        if (y > y1) y1 = y
      }
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
}

/** Copies a sub-rectangle (assumed inside the image). */
export const subImage = (b: GrayImage, r: Rect): GrayImage => {
  const out = new Uint8Array(r.w * r.h)
  for (let y = 0; y < r.h; y++) {
    const s = (r.y + y) * b.width + r.x
    out.set(b.data.subarray(s, s + r.w), y * r.w)
  }
  return { width: r.w, height: r.h, data: out }
}

/** Crops to the bounding box of the set pixels (null when empty). */
export const trim = (b: GrayImage): GrayImage | null => {
  const box = boundingBox(b)
  return box ? subImage(b, box) : null
}

/** Pads a binary image with black to a centred square. */
export const padSquare = (b: GrayImage): GrayImage => {
  const n = Math.max(b.width, b.height)
  const out = new Uint8Array(n * n)
  const ox = Math.floor((n - b.width) / 2)
  const oy = Math.floor((n - b.height) / 2)
  for (let y = 0; y < b.height; y++) out.set(b.data.subarray(y * b.width, (y + 1) * b.width), (y + oy) * n + ox)
  return { width: n, height: n, data: out }
}

/**
 * Bilinear resize (pixel-centre aligned, like OpenCV's INTER_LINEAR) of a binary image,
 * returning which output pixels come out non-zero. Used for the 256-bit shape hashes.
 */
export const resizeBinaryBilinear = (b: GrayImage, width: number, height: number): Uint8Array => {
  const out = new Uint8Array(width * height)
  const sx = b.width / width
  const sy = b.height / height
  for (let oy = 0; oy < height; oy++) {
    let fy = (oy + 0.5) * sy - 0.5
    if (fy < 0) fy = 0
    let y0 = Math.floor(fy)
    let wy = fy - y0
    if (y0 >= b.height - 1) {
      y0 = b.height - 1
      wy = 0
    }
    const y1 = Math.min(b.height - 1, y0 + 1)
    for (let ox = 0; ox < width; ox++) {
      let fx = (ox + 0.5) * sx - 0.5
      if (fx < 0) fx = 0
      let x0 = Math.floor(fx)
      let wx = fx - x0
      if (x0 >= b.width - 1) {
        x0 = b.width - 1
        wx = 0
      }
      const x1 = Math.min(b.width - 1, x0 + 1)
      const v =
        (b.data[y0 * b.width + x0]! * (1 - wx) + b.data[y0 * b.width + x1]! * wx) * (1 - wy) +
        (b.data[y1 * b.width + x0]! * (1 - wx) + b.data[y1 * b.width + x1]! * wx) * wy
      out[oy * width + ox] = v >= 0.5 ? 1 : 0
    }
  }
  return out
}

/** Packs 0/1 bits (row-major, first bit most significant) into 64-bit words. */
export const packBits = (bits: Uint8Array): bigint[] => {
  const words: bigint[] = []
  for (let i = 0; i < bits.length; i += 64) {
    let w = 0n
    for (let k = 0; k < 64; k++) w = (w << 1n) | (bits[i + k] ? 1n : 0n)
    words.push(w)
  }
  return words
}

/** Parses a hex hash (left-padded with zeros to `bits`) into 64-bit words. */
export const parseHexHash = (hex: string, bits = 256): bigint[] => {
  const padded = hex.padStart(bits / 4, '0')
  const words: bigint[] = []
  for (let i = 0; i < padded.length; i += 16) words.push(BigInt('0x' + padded.slice(i, i + 16)))
  return words
}

const popcount64 = (v: bigint): number => {
  let n = 0
  let x = v
  while (x) {
    x &= x - 1n
    n++
  }
  return n
}

/** Hamming distance between two hashes of the same length. */
export const hamming = (a: readonly bigint[], b: readonly bigint[]): number => {
  let d = 0
  for (let i = 0; i < a.length; i++) d += popcount64((a[i] ?? 0n) ^ (b[i] ?? 0n))
  return d
}

/** The shape hash of a binary glyph: trim, pad to a square, resize, one bit per pixel. */
export const glyphHash = (b: GrayImage, width = 16, height = 16, square = true): bigint[] | null => {
  const t = trim(b)
  if (!t) return null
  return packBits(resizeBinaryBilinear(square ? padSquare(t) : t, width, height))
}

/** 8-connected components of a binary image with their bounding boxes and pixel counts. */
export interface Component extends Rect {
  area: number
}

export const connectedComponents = (b: GrayImage): Component[] => {
  const { width, height, data } = b
  const label = new Int32Array(width * height).fill(-1)
  const comps: Component[] = []
  const stack: number[] = []
  for (let i = 0; i < width * height; i++) {
    if (!data[i] || label[i]! >= 0) continue
    const id = comps.length
    let x0 = width
    let y0 = height
    let x1 = -1
    let y1 = -1
    let area = 0
    label[i] = id
    stack.push(i)
    while (stack.length) {
      const p = stack.pop()!
      const px = p % width
      const py = (p - px) / width
      area++
      if (px < x0) x0 = px
      if (px > x1) x1 = px
      if (py < y0) y0 = py
      if (py > y1) y1 = py
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy
        if (ny < 0 || ny >= height) continue
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx
          if (nx < 0 || nx >= width) continue
          const q = ny * width + nx
          if (data[q] && label[q]! < 0) {
            label[q] = id
            stack.push(q)
          }
        }
      }
    }
    comps.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, area })
  }
  return comps
}
