import { describe, expect, it } from 'vitest'
import { MAX_FILE_AGE_MS, checkFiles } from './file-checks'

const NOW = 1_800_000_000_000
const file = (name: string, over: Partial<{ size: number; type: string; lastModified: number }> = {}) => ({
  name,
  size: 1_000_000,
  type: 'image/png',
  lastModified: NOW - 60_000,
  ...over,
})

describe('checkFiles', () => {
  it('refuses non-images, files over 50 MB and files older than 36 h, each with its reason, and sorts the rest oldest first', () => {
    const files = [
      file('b.png', { lastModified: NOW - 10_000 }),
      file('notes.txt', { type: 'text/plain' }),
      file('huge.png', { size: 50_000_001 }),
      file('exact-limit.png', { size: 50_000_000, lastModified: NOW - 20_000 }),
      file('old.jpg', { type: 'image/jpeg', lastModified: NOW - MAX_FILE_AGE_MS - 1 }),
      file('a.jpg', { type: '', lastModified: NOW - 30_000 }),
      file('unknown', { type: '' }),
    ]
    const { accepted, refused } = checkFiles(files, NOW)
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'exact-limit.png', 'b.png'])
    expect(refused).toEqual([
      { name: 'notes.txt', reason: 'notImage', sizeMb: 1, ageHours: 0 },
      { name: 'huge.png', reason: 'tooBig', sizeMb: 50, ageHours: 0 },
      { name: 'old.jpg', reason: 'tooOld', sizeMb: 1, ageHours: 36 },
      { name: 'unknown', reason: 'notImage', sizeMb: 1, ageHours: 0 },
    ])
  })

  it('takes a file exactly 36 h old', () => {
    expect(checkFiles([file('edge.png', { lastModified: NOW - MAX_FILE_AGE_MS })], NOW).accepted).toHaveLength(1)
  })
})
