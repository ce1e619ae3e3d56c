import { describe, expect, it } from 'vitest'
import { hamming, packBits, parseHexHash, projectionRuns, resizeBinaryBilinear, trim } from './binary'
import { resizeRgbaToRgb } from './image'
import { resolveStageCode } from './stage'

describe('binary kernels', () => {
  it('packs bits most significant first and parses left-padded hex', () => {
    const bits = new Uint8Array(256)
    bits[255] = 1
    bits[0] = 1
    const words = packBits(bits)
    expect(words[0]).toBe(1n << 63n)
    expect(words[3]).toBe(1n)
    expect(hamming(words, parseHexHash('8' + '0'.repeat(62) + '1'))).toBe(0)
    expect(hamming(parseHexHash('ff'), parseHexHash('0'))).toBe(8)
  })

  it('finds projection runs and trims', () => {
    const img = { width: 6, height: 3, data: Uint8Array.from([0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].map((v) => v * 255)) }
    expect(projectionRuns(img, 'x')).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 6 },
    ])
    expect(projectionRuns(img, 'y')).toEqual([{ start: 0, end: 2 }])
    expect(trim(img)).toMatchObject({ width: 5, height: 2 })
  })

  it('keeps a solid binary image solid when resized', () => {
    const img = { width: 10, height: 10, data: new Uint8Array(100).fill(255) }
    expect([...resizeBinaryBilinear(img, 4, 4)].every((v) => v === 1)).toBe(true)
  })

  it('area-averages when downscaling', () => {
    const data = new Uint8Array(4 * 2 * 4)
    for (let i = 0; i < 8; i++) data.set(i % 2 ? [200, 100, 0, 255] : [0, 100, 200, 255], i * 4)
    expect([...resizeRgbaToRgb({ width: 4, height: 2, data }, 2, 1).data]).toEqual([100, 100, 100, 100, 100, 100])
  })
})

describe('resolveStageCode', () => {
  const read = {
    raw: '1O-7',
    chars: [
      {
        ranked: [
          { key: '1', distance: 5 },
          { key: 'I', distance: 40 },
        ],
      },
      {
        ranked: [
          { key: 'O', distance: 10 },
          { key: '0', distance: 14 },
        ],
      },
      { ranked: [{ key: '-', distance: 2 }] },
      {
        ranked: [
          { key: '7', distance: 8 },
          { key: 'T', distance: 30 },
        ],
      },
    ],
  }
  it('returns the best reading when it is in the index', () => {
    expect(resolveStageCode(read, (c) => c === '1O-7')?.code).toBe('1O-7')
  })
  it('moves to the next candidates in order of total distance', () => {
    expect(resolveStageCode(read, (c) => c === '10-7' || c === 'IO-7')).toEqual({ code: '10-7', distance: 29 })
  })
  it('gives up when nothing is in the index', () => {
    expect(resolveStageCode(read, () => false)).toBeNull()
  })
})
