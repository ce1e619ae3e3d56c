/** The image formats a defect screenshot may have, by the content types that declare them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif'

export const FORMAT_OF_TYPE: Readonly<Record<string, ImageFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heif': 'heif',
  'image/heic': 'heif',
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** ISO base media major brands of HEIF still images and sequences (HEIC and others). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'])

/** What the first bytes say the image is (magic numbers), or null when they name none of the formats. */
export const sniffImage = (bytes: Buffer): ImageFormat | null => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'heif'
  return null
}
