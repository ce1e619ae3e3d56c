// Rasterises the app icon (the favicon's drop on a blue tile) to the PNG sizes a PWA manifest
// needs, with node:zlib only. Run: `npx tsx apps/web/scripts/generate-icons.ts`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}

const inside = (u: number, v: number) => {
  // unit square coordinates 0..64 like favicon.svg; the drop: circle r16 at (32,39) plus a cone to (32,10)
  const inCircle = (u - 32) ** 2 + (v - 39) ** 2 <= 16 ** 2
  const inCone = v >= 10 && v <= 39 && Math.abs(u - 32) <= ((v - 10) / 29) * 15.5
  const hole = (u - 32) ** 2 + (v - 40) ** 2 <= 6 ** 2
  return (inCircle || inCone) && !hole
}

export const renderIcon = (size: number) => {
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) {
      const u = ((x + 0.5) / size) * 64
      const v = ((y + 0.5) / size) * 64
      const white = inside(u, v)
      const o = 1 + x * 4
      row[o] = white ? 255 : 0x00
      row[o + 1] = white ? 255 : 0x5e
      row[o + 2] = white ? 255 : 0xb6
      row[o + 3] = 255
    }
    rows.push(row)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../public/icons/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  for (const size of [192, 512]) writeFileSync(`${dir}icon-${size}.png`, renderIcon(size))
  console.log(`wrote icons to ${dir}`)
}
