/**
 * Pixel buffers and the few image kernels the recogniser needs. Everything works on plain typed
 * arrays so the same code runs in a Web Worker and in Node.
 */

/** A decoded image as the browser's `ImageData` gives it: RGBA, 4 bytes per pixel, row-major. */
export interface RgbaImage {
  width: number
  height: number
  data: Uint8ClampedArray | Uint8Array
}

/**
 * A colour image, row-major: pixel i's red, green and blue at data[i·stride + 0..2]. The stride is
 * 3 for packed RGB, or 4 for RGBA pixels used as they are (the alpha byte is ignored).
 */
export interface RgbImage {
  width: number
  height: number
  data: Uint8Array
  stride: 3 | 4
}

/** A single-channel 8-bit image (grey level or binary 0/255). */
export interface GrayImage {
  width: number
  height: number
  data: Uint8Array
}

/** A rectangle in pixels: [x, x+w) × [y, y+h). */
export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

/**
 * Resamples an RGBA image to an RGB image of the given size by area averaging (like OpenCV's
 * INTER_AREA for downscaling; for upscaling it falls back to nearest sampling of the box).
 */
export const resizeRgbaToRgb = (src: RgbaImage, width: number, height: number): RgbImage => {
  const out = new Uint8Array(width * height * 3)
  const sx = src.width / width
  const sy = src.height / height
  const s = src.data
  const sw = src.width
  if (sx === 1 && sy === 1) {
    for (let i = 0, j = 0; i < width * height; i++, j += 4) {
      out[i * 3] = s[j]!
      out[i * 3 + 1] = s[j + 1]!
      out[i * 3 + 2] = s[j + 2]!
    }
    return { width, height, data: out, stride: 3 }
  }
  // Separable box filter with fractional edge weights.
  const xw = boxWeights(src.width, width)
  const yw = boxWeights(src.height, height)
  const row = new Float32Array(width * 3)
  for (let oy = 0; oy < height; oy++) {
    row.fill(0)
    const ys = yw[oy]!
    for (let k = 0; k < ys.idx.length; k++) {
      const yy = ys.idx[k]!
      const wy = ys.w[k]!
      const base = yy * sw * 4
      for (let ox = 0; ox < width; ox++) {
        const xs = xw[ox]!
        let r = 0
        let g = 0
        let b = 0
        for (let m = 0; m < xs.idx.length; m++) {
          const p = base + xs.idx[m]! * 4
          const w = xs.w[m]!
          r += s[p]! * w
          g += s[p + 1]! * w
          b += s[p + 2]! * w
        }
        row[ox * 3] = row[ox * 3]! + r * wy
        row[ox * 3 + 1] = row[ox * 3 + 1]! + g * wy
        row[ox * 3 + 2] = row[ox * 3 + 2]! + b * wy
      }
    }
    const o = oy * width * 3
    for (let i = 0; i < width * 3; i++) out[o + i] = Math.round(row[i]!)
  }
  return { width, height, data: out, stride: 3 }
}

interface BoxWeights {
  idx: number[]
  w: number[]
}

const boxWeights = (srcLen: number, dstLen: number): BoxWeights[] => {
  const scale = srcLen / dstLen
  const res: BoxWeights[] = []
  for (let o = 0; o < dstLen; o++) {
    if (scale <= 1) {
      res.push({ idx: [Math.min(srcLen - 1, Math.floor((o + 0.5) * scale))], w: [1] })
      continue
    }
    const a = o * scale
    const b = a + scale
    const idx: number[] = []
    const w: number[] = []
    for (let i = Math.floor(a); i < Math.min(srcLen, Math.ceil(b)); i++) {
      const lo = Math.max(a, i)
      const hi = Math.min(b, i + 1)
      if (hi > lo) {
        idx.push(i)
        w.push((hi - lo) / scale)
      }
    }
    res.push({ idx, w })
  }
  return res
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

/**
 * Grey level with the usual 0.299/0.587/0.114 weights. Writes into `into` when it is given and
 * large enough (the result then shares its memory), else into a new buffer.
 */
export const toGray = (img: RgbImage, into?: Uint8Array): GrayImage => {
  const n = img.width * img.height
  const out = into && into.length >= n ? into.subarray(0, n) : new Uint8Array(n)
  const d = img.data
  if (img.stride === 4 && LITTLE_ENDIAN && d.byteOffset % 4 === 0) {
    // One 32-bit load per RGBA pixel.
    const px = new Uint32Array(d.buffer, d.byteOffset, n)
    for (let i = 0; i < n; i++) {
      const v = px[i]!
      out[i] = ((v & 255) * 4899 + ((v >>> 8) & 255) * 9617 + ((v >>> 16) & 255) * 1868 + 8192) >> 14
    }
  } else {
    const step = img.stride
    for (let i = 0, j = 0; i < n; i++, j += step) {
      out[i] = (d[j]! * 4899 + d[j + 1]! * 9617 + d[j + 2]! * 1868 + 8192) >> 14
    }
  }
  return { width: img.width, height: img.height, data: out }
}

/** Clips a rectangle to the image bounds (may give w or h 0). */
export const clipRect = (r: Rect, width: number, height: number): Rect => {
  const x0 = Math.max(0, Math.min(width, Math.round(r.x)))
  const y0 = Math.max(0, Math.min(height, Math.round(r.y)))
  const x1 = Math.max(x0, Math.min(width, Math.round(r.x + r.w)))
  const y1 = Math.max(y0, Math.min(height, Math.round(r.y + r.h)))
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
}

/** Copies a rectangle of a grey image, thresholded: value > level becomes 255, else 0. */
export const cropThreshold = (g: GrayImage, r: Rect, level: number): GrayImage => {
  const c = clipRect(r, g.width, g.height)
  const out = new Uint8Array(c.w * c.h)
  for (let y = 0; y < c.h; y++) {
    const base = (c.y + y) * g.width + c.x
    for (let x = 0; x < c.w; x++) out[y * c.w + x] = g.data[base + x]! > level ? 255 : 0
  }
  return { width: c.w, height: c.h, data: out }
}

/** Hue (degrees), saturation and value (0..1) of an RGB colour. */
export const rgbToHsv = (r: number, g: number, b: number): { h: number; s: number; v: number } => {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const d = max - min
  let h = 0
  if (d > 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6)
    else if (max === g) h = 60 * ((b - r) / d + 2)
    else h = 60 * ((r - g) / d + 4)
  }
  if (h < 0) h += 360
  return { h, s: max === 0 ? 0 : d / max, v: max / 255 }
}
