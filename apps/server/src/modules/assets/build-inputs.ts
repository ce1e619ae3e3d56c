import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { ICON_CELL_SIZE, type AssetManifest } from '@dropwise/recognizer-pack/assets'
import { duration } from './asset-download'
import { AssetManifestSchema, type HeadTemplate } from './assets.schema'
import type { HeadResult } from './head-templates'
import { zipFileNames } from './safe-unzip'

/** Bump when the build's output changes for the same inputs: every server then rebuilds once. */
const BUILDER_VERSION = 2

/** `data/assets/manifest.json`, parsed; fails with an operator-facing message. */
export const readManifest = async (path: string): Promise<{ manifest: AssetManifest; manifestBytes: Buffer }> => {
  const manifestBytes = await readFile(path).catch(() => {
    throw new Error(`cannot read the asset manifest ${path}`)
  })
  try {
    return { manifest: AssetManifestSchema.parse(JSON.parse(manifestBytes.toString('utf8'))), manifestBytes }
  } catch (err) {
    throw new Error(`the asset manifest ${path} is not valid: ${(err as Error).message.slice(0, 200)}`)
  }
}

/** Names the built outputs: the builder, the manifest, the stage data's hash and the head templates taken (id and SHA-256). */
export const buildKey = (manifestBytes: Buffer, stageHash: string, head: readonly HeadTemplate[]) => {
  const manifest = createHash('sha256').update(manifestBytes).digest('hex')
  const heads = head.map((h) => `${h.itemId}:${h.sha256}`).join(',')
  return createHash('sha256').update(`${BUILDER_VERSION}\n${ICON_CELL_SIZE}\n${manifest}\n${stageHash}\n${heads}`).digest('hex').slice(0, 16)
}

/** Item ids the pinned files give a template for: the zip's `<itemId>.jpg` entries and the single icons. */
export const pinnedItemIds = async (zip: string, icons: readonly string[]) => new Set([...(await zipFileNames(zip)), ...icons].map((f) => basename(f, extname(f))))

/** The operator-facing reason when head templates failed (not when MaaResource simply has none yet). */
export const headReason = (head: HeadResult, retryMs: number) =>
  head.failed.length === 0 ? null : `templates of ${head.failed.length} item(s) could not be fetched (${head.failed[0]!.reason}); retrying in ${duration(retryMs)}`
