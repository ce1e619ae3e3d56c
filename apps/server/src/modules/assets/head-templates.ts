import { SOURCE_FILES } from '@dropwise/importer/sources'
import { ASSET_SOURCES } from '@dropwise/recognizer-pack/assets'
import { duration, eachLimited } from './asset-download'
import { AssetMismatchError, type AssetsRepository } from './assets.repository'
import type { HeadTemplate } from './assets.schema'

const MAA = ASSET_SOURCES.maaResource.repo
/** The branch the game-data sync follows MaaResource at (the importer's one map of sources). */
const MAA_BRANCH = SOURCE_FILES.find((f) => f.repo === MAA && f.mode === 'follow')?.ref ?? 'main'
/** MaaResource's item templates: `<itemId>.png` (its `item_index.json` names every icon so). */
const TEMPLATE_DIR = 'resource/template/items'
/** Templates are 105-px PNG crops of 15-20 KB: anything past this is not one. */
export const MAX_TEMPLATE_BYTES = 256 * 1024
const MIN_SIDE = 90
const MAX_SIDE = 512
const TIMEOUT_MS = 30_000
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Item ids become a file name and a URL segment: plain names only. */
const SAFE_ID = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,100}$/

/** `<owner>/<repo>/<branch>/<path>` of an item's template at the head (the raw layout, like the sync's files). */
export const headKey = (itemId: string) => `${MAA}/${MAA_BRANCH}/${TEMPLATE_DIR}/${itemId}.png`

/**
 * Why `bytes` is not an item template, or null when it is one: a PNG (signature and IHDR read, not
 * trusted from the URL or a header) of 90-512 px a side. The builder decodes it later; this keeps
 * error pages, other formats and huge images out before they reach it.
 */
export const templateProblem = (bytes: Buffer): string | null => {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return 'not a PNG image'
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE) return `${width}×${height} px, not an item template`
  return null
}

export interface HeadDeps {
  baseUrl: string
  fetch: typeof fetch
  repository: AssetsRepository
  /** `ASSETS_DIR` is set: templates are taken from there when present, never downloaded. */
  localOnly: boolean
  clock: () => number
}

/** What following the head gave: templates on disk, items the head has none for (404), failures to retry. */
export interface HeadResult {
  found: HeadTemplate[]
  missing: string[]
  failed: { itemId: string; reason: string }[]
  /** Bytes downloaded. */
  fetched: number
}

/**
 * Templates at MaaResource's head for items no pinned file covers: one already on disk (fetched by an
 * earlier attempt, or by another process sharing the folder) is reused; else it is downloaded, checked
 * (`templateProblem`, `MAX_TEMPLATE_BYTES`) and kept with its SHA-256. Nothing here throws: a 404 means
 * MaaResource has no template yet, anything else is a failure to retry later.
 */
export const followHeadTemplates = async (deps: HeadDeps, itemIds: readonly string[], signal: AbortSignal): Promise<HeadResult> => {
  const result: HeadResult = { found: [], missing: [], failed: [], fetched: 0 }
  const base = deps.baseUrl.replace(/\/+$/, '')
  await eachLimited(itemIds, 4, async (itemId) => {
    if (!SAFE_ID.test(itemId)) return void result.missing.push(itemId)
    const key = headKey(itemId)
    const entry = (got: { bytes: number; sha256: string }): HeadTemplate => ({ itemId, key, sha256: got.sha256, bytes: got.bytes, fetchedAt: deps.clock() })
    const url = `${base}/${key.split('/').map(encodeURIComponent).join('/')}`
    try {
      const onDisk = await deps.repository.readHead(key, MAX_TEMPLATE_BYTES, templateProblem)
      if (onDisk) return void result.found.push(entry(onDisk))
      if (deps.localOnly) return void result.missing.push(itemId)
      const res = await deps.fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]), redirect: 'follow' })
      if (res.status === 404) {
        await res.body?.cancel().catch(() => {})
        return void result.missing.push(itemId)
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => {})
        return void result.failed.push({ itemId, reason: `${url} answered ${res.status}` })
      }
      const got = await deps.repository.storeHead(key, res.body as unknown as AsyncIterable<Uint8Array>, MAX_TEMPLATE_BYTES, templateProblem)
      result.fetched += got.bytes
      result.found.push(entry(got))
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } }
      const why = err instanceof AssetMismatchError ? e.message : e.name === 'TimeoutError' ? `no answer within ${duration(TIMEOUT_MS)}` : (e.cause?.code ?? e.message)
      result.failed.push({ itemId, reason: `${url}: ${why}` })
    }
  })
  result.found.sort((a, b) => (a.itemId < b.itemId ? -1 : 1))
  result.missing.sort()
  return result
}
