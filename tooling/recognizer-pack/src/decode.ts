import sharp from 'sharp'

/** A decoded image, RGBA 8-bit, the same shape as the recogniser's `RgbaImage`. */
export interface DecodedImage {
  width: number
  height: number
  data: Uint8Array
}

// One libvips thread: the recogniser runs one image at a time, and the machines are small.
sharp.concurrency(1)

/** Decodes PNG/JPEG bytes to RGBA with sharp (libvips, prebuilt binary from npm). */
export const decodeImage = async (bytes: Uint8Array): Promise<DecodedImage> => {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
}
