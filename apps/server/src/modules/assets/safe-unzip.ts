import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, isAbsolute, posix, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'

/** Limits against zip bombs; the defaults are far above what items.zip holds (151 entries, 405 KB). */
export interface ZipLimits {
  maxEntries: number
  maxTotalBytes: number
}
const DEFAULT_LIMITS: ZipLimits = { maxEntries: 5000, maxTotalBytes: 64 * 1024 * 1024 }

const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000

/** Why an archive was refused; nothing of it should be used. */
export class UnsafeZipError extends Error {
  override name = 'UnsafeZipError'
}

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((ok, fail) =>
    // strictFileNames: a backslash is an error, not a separator; decodeStrings (default) makes yauzl
    // refuse absolute and `..` names itself; validateEntrySizes checks the real size against the header.
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true } as yauzl.Options, (err, zip) =>
      err || !zip ? fail(err ?? new Error('cannot open')) : ok(zip),
    ),
  )

const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((ok, fail) => zip.openReadStream(entry, (err, stream) => (err || !stream ? fail(err ?? new Error('cannot read')) : ok(stream))))

/**
 * Why `name` may not be written under the target folder, or null when it may: relative, already
 * normalised, no `..` segment, no drive letter, and resolving inside `root`.
 */
export const unsafeEntryName = (root: string, name: string): string | null => {
  if (name.length === 0) return 'empty name'
  if (name.includes('\\') || name.includes('\0')) return 'backslash or NUL in the name'
  if (isAbsolute(name) || posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return 'absolute path'
  if (name.split('/').includes('..')) return 'escapes the target folder'
  if (posix.normalize(name) !== name && posix.normalize(name) + '/' !== name) return 'not a normalised path'
  const target = resolve(root, name)
  if (!target.startsWith(resolve(root) + sep)) return 'escapes the target folder'
  return null
}

/** All entries of the central directory (yauzl has already validated names and sizes while reading them). */
const listEntries = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = []
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(entries))
    zip.once('error', reject)
    zip.readEntry()
  })

/** Opens a zip for reading its entries; a file that is no zip, or one of more entries than the limit, is refused (closed again). */
const openChecked = async (zipPath: string, limits: ZipLimits): Promise<yauzl.ZipFile> => {
  let zip: yauzl.ZipFile
  try {
    zip = await open(zipPath)
  } catch (err) {
    throw new UnsafeZipError(`refused: ${(err as Error).message}`)
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close()
    throw new UnsafeZipError(`refused: ${zip.entryCount} entries (limit ${limits.maxEntries})`)
  }
  return zip
}

/**
 * Unpacks a zip file into `destDir` (created if missing) and returns the names of the files written.
 * Every entry is checked before anything is written; the whole archive is refused (UnsafeZipError)
 * when an entry would escape the folder (`../`, absolute paths, backslashes), is a symbolic link or
 * another special file, or the archive exceeds the limits. Files are created exclusively (`wx`): an
 * entry never overwrites another.
 */
export const extractZip = async (zipPath: string, destDir: string, limits: ZipLimits = DEFAULT_LIMITS): Promise<string[]> => {
  const root = resolve(destDir)
  const zip = await openChecked(zipPath, limits)
  try {
    const entries = await listEntries(zip).catch((err: Error) => {
      throw new UnsafeZipError(`refused: ${err.message}`)
    })
    let total = 0
    for (const entry of entries) {
      const name = entry.fileName
      const why = unsafeEntryName(root, name)
      if (why) throw new UnsafeZipError(`entry "${name}" refused: ${why}`)
      // Unix mode in the upper 16 bits (archives made on Unix); 0 when the archiver stored none.
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
      if (mode !== 0 && mode !== (name.endsWith('/') ? S_IFDIR : S_IFREG)) {
        throw new UnsafeZipError(`entry "${name}" refused: ${mode === 0o120000 ? 'symbolic link' : 'not a regular file'}`)
      }
      total += entry.uncompressedSize
      if (total > limits.maxTotalBytes) throw new UnsafeZipError(`refused: more than ${limits.maxTotalBytes} bytes unpacked`)
    }
    await mkdir(root, { recursive: true })
    const written: string[] = []
    for (const entry of entries) {
      const target = resolve(root, entry.fileName)
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true })
        continue
      }
      await mkdir(dirname(target), { recursive: true })
      // validateEntrySizes: the stream errors when the data is longer or shorter than the header says.
      await pipeline(await openStream(zip, entry), createWriteStream(target, { flags: 'wx' }))
      written.push(entry.fileName)
    }
    return written
  } catch (err) {
    throw err instanceof UnsafeZipError ? err : new UnsafeZipError(`refused: ${(err as Error).message}`)
  } finally {
    zip.close()
  }
}

/** The names of a zip's file entries, from its central directory (nothing is unpacked). */
export const zipFileNames = async (zipPath: string, limits: ZipLimits = DEFAULT_LIMITS): Promise<string[]> => {
  const zip = await openChecked(zipPath, limits)
  try {
    return (await listEntries(zip)).map((e) => e.fileName).filter((n) => !n.endsWith('/'))
  } finally {
    zip.close()
  }
}
