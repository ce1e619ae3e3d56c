import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zipSync, type Zippable } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { extractZip, UnsafeZipError, unsafeEntryName } from './safe-unzip'

const root = mkdtempSync(join(tmpdir(), 'dropwise-unzip-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let n = 0
/** Writes a zip built with fflate (which, unlike the reader, lets a test write hostile names) and returns its path and a fresh target folder. */
const zipFile = (entries: Zippable) => {
  const dir = join(root, `case-${++n}`)
  const zip = join(root, `case-${n}.zip`)
  writeFileSync(zip, zipSync(entries))
  return { zip, dir: join(dir, 'out'), parent: dir }
}
const bytes = (s: string) => new TextEncoder().encode(s)
/** External attributes of a Unix entry with this mode (made by Unix = os 3). */
const unix = (mode: number) => ({ os: 3, attrs: (mode << 16) >>> 0 })

describe('extractZip', () => {
  it('unpacks plain entries and folders', async () => {
    const { zip, dir } = zipFile({ '2001.jpg': bytes('icon'), 'sub/3003.jpg': bytes('other'), 'mode.jpg': [bytes('m'), unix(0o100644)] })
    expect((await extractZip(zip, dir)).sort()).toEqual(['2001.jpg', 'mode.jpg', 'sub/3003.jpg'])
    expect(readFileSync(join(dir, 'sub', '3003.jpg'), 'utf8')).toBe('other')
  })

  it('refuses an entry that climbs out with ../ and writes nothing at all', async () => {
    const { zip, dir, parent } = zipFile({ 'ok.jpg': bytes('fine'), '../evil.txt': bytes('pwned') })
    const refused = extractZip(zip, dir)
    await expect(refused).rejects.toThrow(UnsafeZipError)
    await expect(refused).rejects.toThrow(/relative path|escapes the target folder/)
    expect(existsSync(join(parent, 'evil.txt'))).toBe(false)
    expect(existsSync(join(dir, 'ok.jpg'))).toBe(false)
  })

  it('refuses ../ hidden inside a path', async () => {
    const { zip, dir, parent } = zipFile({ 'a/../../evil.txt': bytes('pwned') })
    await expect(extractZip(zip, dir)).rejects.toThrow(UnsafeZipError)
    expect(existsSync(join(parent, 'evil.txt'))).toBe(false)
  })

  it('refuses absolute paths', async () => {
    const target = join(root, 'absolute-target.txt')
    const { zip, dir } = zipFile({ [target]: bytes('pwned') })
    await expect(extractZip(zip, dir)).rejects.toThrow(/absolute path/)
    expect(existsSync(target)).toBe(false)
  })

  it('refuses symbolic links', async () => {
    const { zip, dir } = zipFile({ 'link.jpg': [bytes('/etc/passwd'), unix(0o120777)] })
    await expect(extractZip(zip, dir)).rejects.toThrow(/symbolic link/)
  })

  it('refuses an archive past its size limit', async () => {
    const { zip, dir } = zipFile({ 'big.bin': new Uint8Array(10_000) })
    await expect(extractZip(zip, dir, { maxEntries: 10, maxTotalBytes: 5_000 })).rejects.toThrow(/more than 5000 bytes/)
  })

  it('refuses a file that is not a zip', async () => {
    const path = join(root, 'not.zip')
    writeFileSync(path, 'hello')
    await expect(extractZip(path, join(root, 'not-out'))).rejects.toThrow(UnsafeZipError)
  })
})

describe('unsafeEntryName', () => {
  it.each([
    ['2001.jpg', null],
    ['sub/dir/', null],
    ['../x', 'escapes the target folder'],
    ['a/../../x', 'escapes the target folder'],
    ['/etc/passwd', 'absolute path'],
    ['C:/x', 'absolute path'],
    ['a\\..\\x', 'backslash or NUL in the name'],
    ['a//b', 'not a normalised path'],
    ['./a', 'not a normalised path'],
  ])('%j → %s', (name, why) => expect(unsafeEntryName('/srv/out', name)).toBe(why))
})
