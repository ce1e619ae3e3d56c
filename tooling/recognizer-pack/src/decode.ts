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
    const meta = await pipeline.metadata()
    if ((meta.height ?? 0) > options.maxHeight) pipeline = pipeline.resize({ height: options.maxHeight, kernel: KERNEL })
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}
