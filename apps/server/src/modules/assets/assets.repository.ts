import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { AssetFile } from '@dropwise/recognizer-pack/assets'
import { BuildStampSchema, type BuildStamp } from './assets.schema'

/** The result of checking a file against its manifest entry. */
export type Verdict = { ok: true } | { ok: false; reason: 'missing' } | { ok: false; reason: 'mismatch'; detail: string }

/** A downloaded body that does not match its manifest entry; the partial file is already deleted. */
export class AssetMismatchError extends Error {
  override name = 'AssetMismatchError'
}

/** `<owner>/<repo>/<commit>/<path>`: the layout of the cache, of `ASSETS_DIR` and of the download URLs. */
export const assetKey = (f: Pick<AssetFile, 'repo' | 'commit' | 'path'>) => `${f.repo}/${f.commit}/${f.path}`

const sha256OfFile = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })

const short = (hex: string) => `${hex.slice(0, 12)}…`

export interface AssetsRepositoryOptions {
  /** `DATA_DIR/assets`: downloads and built outputs. */
  cacheDir: string
  /** `ASSETS_DIR`: files already on disk in the same layout, read (and verified) but never written. */
  sourceDir?: string | undefined
}

/**
 * The asset module's storage is the file system: pinned source files under
 * `<cacheDir or sourceDir>/<owner>/<repo>/<commit>/<path>`, built outputs under `<cacheDir>/built/`
 * with `stamp.json` naming what they were built from.
 */
export const createAssetsRepository = ({ cacheDir, sourceDir }: AssetsRepositoryOptions) => {
  const builtDir = join(cacheDir, 'built')
  const stampPath = join(builtDir, 'stamp.json')
  return {
    builtDir,
    /** Where a pinned file is read from. */
    sourcePath: (f: AssetFile) => join(sourceDir ?? cacheDir, ...assetKey(f).split('/')),

    /** Size first (cheap), then SHA-256. */
    async verify(path: string, f: AssetFile): Promise<Verdict> {
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) return { ok: false, reason: 'missing' }
      if (info.size !== f.bytes) return { ok: false, reason: 'mismatch', detail: `${info.size} bytes instead of ${f.bytes}` }
      const sha = await sha256OfFile(path)
      return sha === f.sha256 ? { ok: true } : { ok: false, reason: 'mismatch', detail: `sha256 ${short(sha)} instead of ${short(f.sha256)}` }
    },

    remove: (path: string) => rm(path, { force: true }),

    /**
     * Writes a downloaded body into the cache: to a temporary file, hashed on the way, cut off as soon
     * as it passes the expected size, and moved into place only when size and SHA-256 match. A body
     * that does not match is deleted and rejected with AssetMismatchError. Returns the bytes written.
     */
    async store(f: AssetFile, body: AsyncIterable<Uint8Array>): Promise<number> {
      const target = join(cacheDir, ...assetKey(f).split('/'))
      await mkdir(dirname(target), { recursive: true })
      const part = `${target}.${process.pid}-${randomBytes(3).toString('hex')}.part`
      const hash = createHash('sha256')
      let bytes = 0
      const handle = await open(part, 'w')
      try {
        for await (const chunk of body) {
          bytes += chunk.byteLength
          if (bytes > f.bytes) throw new AssetMismatchError(`more than the expected ${f.bytes} bytes: file rejected`)
          hash.update(chunk)
          await handle.write(chunk)
        }
        if (bytes !== f.bytes) throw new AssetMismatchError(`${bytes} bytes instead of ${f.bytes}: file rejected`)
        const sha = hash.digest('hex')
        if (sha !== f.sha256) throw new AssetMismatchError(`sha256 mismatch (got ${short(sha)}, expected ${short(f.sha256)}): file rejected`)
        await handle.close()
        await rename(part, target)
        return bytes
      } catch (err) {
        await handle.close().catch(() => {})
        await rm(part, { force: true })
        throw err
      }
    },

    /** Where a template fetched at a branch head is kept: `<cacheDir>/head/<owner>/<repo>/<branch>/<path>` (or read from `ASSETS_DIR/<same key>`). */
    headPath: (key: string) => join(sourceDir ?? join(cacheDir, 'head'), ...key.split('/')),

    /**
     * Writes a template fetched at a branch head: hashed on the way, cut off past `maxBytes`, checked by
     * `check` (the whole body: image type and size), moved into place only when it passes. Returns its
     * size and SHA-256; a body that fails is deleted and rejected with AssetMismatchError.
     */
    async storeHead(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number, check: (bytes: Buffer) => string | null) {
      const target = join(cacheDir, 'head', ...key.split('/'))
      await mkdir(dirname(target), { recursive: true })
      const chunks: Uint8Array[] = []
      let bytes = 0
      for await (const chunk of body) {
        bytes += chunk.byteLength
        if (bytes > maxBytes) throw new AssetMismatchError(`more than ${maxBytes} bytes: file rejected`)
        chunks.push(chunk)
      }
      const all = Buffer.concat(chunks)
      const problem = check(all)
      if (problem) throw new AssetMismatchError(`${problem}: file rejected`)
      const part = `${target}.${process.pid}-${randomBytes(3).toString('hex')}.part`
      await writeFile(part, all)
      await rename(part, target)
      return { bytes, sha256: createHash('sha256').update(all).digest('hex') }
    },

    /** A head template already on disk that still passes `check`: its size and SHA-256; else null. */
    async readHead(key: string, maxBytes: number, check: (bytes: Buffer) => string | null) {
      const path = join(sourceDir ?? join(cacheDir, 'head'), ...key.split('/'))
      const info = await stat(path).catch(() => null)
      if (!info?.isFile() || info.size > maxBytes) return null
      const all = await readFile(path)
      return check(all) === null ? { bytes: all.length, sha256: createHash('sha256').update(all).digest('hex') } : null
    },

    async readStamp(): Promise<BuildStamp | null> {
      const text = await readFile(stampPath, 'utf8').catch(() => null)
      if (text === null) return null
      try {
        return BuildStampSchema.parse(JSON.parse(text))
      } catch {
        return null
      }
    },

    async writeStamp(stamp: BuildStamp) {
      await mkdir(builtDir, { recursive: true })
      const tmp = `${stampPath}.${process.pid}.tmp`
      await writeFile(tmp, JSON.stringify(stamp, null, 1))
      await rename(tmp, stampPath)
    },

    /** Every output the stamp names is there with its size. */
    async outputsPresent(stamp: BuildStamp): Promise<boolean> {
      for (const f of stamp.files) {
        const info = await stat(join(builtDir, f.path)).catch(() => null)
        if (info?.size !== f.bytes) return false
      }
      return true
    },

    /** Creates the folders served as static files (they must exist before the server serves them). */
    async ensureServedDirs(dirs: readonly string[]) {
      for (const d of dirs) await mkdir(join(builtDir, d), { recursive: true })
    },
  }
}
export type AssetsRepository = ReturnType<typeof createAssetsRepository>
