import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * What one pinned file is for:
 * - `item-icons-zip`: a zip of `<itemId>.jpg` icons in Penguin's 183-px geometry (penguin-statistics/recognizer's items.zip);
 * - `item-icon`: one icon named `<itemId>.png|jpg` (a MaaResource template: a 105-px screenshot crop or a 72-px act24 icon);
 * - `glyphs`: a Penguin-shaped `hash_index.json` (title, stage-code and digit hashes).
 */
export type AssetRole = 'item-icons-zip' | 'item-icon' | 'glyphs'

/** One file of a public repository at a pinned commit, with the size and hash it must have. */
export interface AssetFile {
  /** `owner/name` on GitHub. */
  repo: string
  /** Full 40-hex commit the file is taken from. */
  commit: string
  /** Path inside the repository (forward slashes). */
  path: string
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: string
  /** Exact size in bytes; a download is cut off past it. */
  bytes: number
  role: AssetRole
}

/** `data/assets/manifest.json`: every file of game art and recogniser data the server fetches at run time. */
export interface AssetManifest {
  format: 'dropwise-assets'
  version: 1
  files: AssetFile[]
}

/** The repository's committed manifest. */
export const DEFAULT_ASSET_MANIFEST = fileURLToPath(new URL('../../../data/assets/manifest.json', import.meta.url))

/** The pinned sources (shared/data/recognition/README.md, "Provenance"). */
export const ASSET_SOURCES = {
  recognizer: { repo: 'penguin-statistics/recognizer', commit: 'c40a47b89183d18910e2d446b4c73814e22ac885' },
  maaResource: { repo: 'MaaAssistantArknights/MaaResource', commit: '20e5566df3d0386f060ca57732a62c278a899e2d' },
} as const

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Where a pinned file's copy sits in a folder laid out like shared/data/recognition/resources (its
 * README's "Provenance" table), or null when that folder has no copy of it.
 */
export const resourcesCopyPath = (f: Pick<AssetFile, 'repo' | 'path'>): string | null => {
  if (f.repo === ASSET_SOURCES.recognizer.repo) {
    if (f.path === 'resources/icon/items.zip') return 'items.zip'
    if (f.path.startsWith('resources/json/')) return `json/${f.path.slice('resources/json/'.length)}`
    if (f.path.startsWith('resources/icon/background/')) return `background/${f.path.slice('resources/icon/background/'.length)}`
  }
  if (f.repo === ASSET_SOURCES.maaResource.repo && f.path.startsWith('resource/template/items/')) {
    return `supplement/maa-item-templates/${f.path.slice('resource/template/items/'.length)}`
  }
  return null
}

/**
 * The manifest of a local copy laid out like shared/data/recognition/resources: `items.zip`
 * (= recognizer `resources/icon/items.zip`), `json/hash_index.json` (= recognizer `resources/json/hash_index.json`)
 * and `supplement/maa-item-templates/<id>.png` (= MaaResource `resource/template/items/<id>.png`).
 * Only what the server builds from is listed: the pack's stage index comes from Dropwise's seed, and
 * neither the backgrounds, `item_index.json`, `stage_index.json` nor MaaResource's `stages.json` are needed.
 */
export const manifestFromResources = async (dir: string): Promise<AssetManifest> => {
  const files: AssetFile[] = []
  const add = async (source: { repo: string; commit: string }, path: string, role: AssetRole) => {
    const bytes = await readFile(join(dir, resourcesCopyPath({ repo: source.repo, path })!))
    files.push({ repo: source.repo, commit: source.commit, path, sha256: sha256(bytes), bytes: bytes.length, role })
  }
  await add(ASSET_SOURCES.recognizer, 'resources/icon/items.zip', 'item-icons-zip')
  await add(ASSET_SOURCES.recognizer, 'resources/json/hash_index.json', 'glyphs')
  const maaDir = join(dir, 'supplement', 'maa-item-templates')
  if (existsSync(maaDir)) {
    for (const name of (await readdir(maaDir)).filter((n) => /\.(png|jpe?g)$/i.test(n)).sort()) {
      await add(ASSET_SOURCES.maaResource, `resource/template/items/${basename(name)}`, 'item-icon')
    }
  }
  files.sort((a, b) => a.repo.localeCompare(b.repo) || a.path.localeCompare(b.path))
  return { format: 'dropwise-assets', version: 1, files }
}

/** The manifest as committed: stable key order, one file per line, trailing newline. */
export const formatManifest = (m: AssetManifest): string =>
  `{\n  "format": ${JSON.stringify(m.format)},\n  "version": ${m.version},\n  "files": [\n${m.files
    .map((f) => `    ${JSON.stringify({ repo: f.repo, commit: f.commit, path: f.path, sha256: f.sha256, bytes: f.bytes, role: f.role })}`)
    .join(',\n')}\n  ]\n}\n`
