import sharp from 'sharp'

/** A decoded image, RGBA 8-bit, the same shape as the recogniser's `RgbaImage`. */
export interface DecodedImage {
  width: number
  height: number
  data: Uint8Array
}

// One libvips thread: the recogniser runs one image at a time, and the machines are small.
sharp.concurrency(1)

// Triangle filter over the reduction window: measured on the dev set, it keeps every result of the JS
// box downscale (cubic and lanczos sharpen digits enough to misread a quantity).
const KERNEL = 'linear'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A PNG's height from its IHDR chunk (saves libvips a metadata round trip); null for other bytes. */
export const pngHeight = (b: Uint8Array): number | null => {
  if (b.length < 24 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength)
  return dv.getUint32(12) === 0x49484452 ? dv.getUint32(20) : null
}

/**
 * Decodes PNG/JPEG bytes to RGBA with sharp (libvips, prebuilt binary from npm). With `maxHeight`,
 * taller images are reduced to that height while decoding (libvips shrinks JPEGs on load and
 * box-reduces the rest natively), which spares the recogniser its own JS downscale: the recogniser
 * works at 720 px high (`WORK_HEIGHT`) anyway. The browser does the same with
 * `createImageBitmap(blob, { resizeHeight, resizeQuality })`.
 */
export const decodeImage = async (bytes: Uint8Array, options: { maxHeight?: number } = {}): Promise<DecodedImage> => {
  let pipeline = sharp(bytes)
  if (options.maxHeight !== undefined) {
    const height = pngHeight(bytes) ?? (await pipeline.metadata()).height ?? 0
    if (height > options.maxHeight) pipeline = pipeline.resize({ height: options.maxHeight, kernel: KERNEL })
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}
