import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { buildIconSheet, buildPack, collectIconFiles, stagesFromSeed, writePack } from '@dropwise/recognizer-pack'
import type { StageData } from './pack-coverage'
import { extractZip } from './safe-unzip'

// This module loads sharp (through the package's main entry): only the build worker imports it; the
// server's main thread imports its types alone, and the manifest code from '@dropwise/recognizer-pack/assets'.

/** What the build reads (verified files) and where it writes (`DATA_DIR/assets/built`). */
export interface BuildInput {
  /** Names the outputs: a hash of the manifest, the seed's stage data and the builder version. */
  key: string
  builtDir: string
  /** items.zip: `<itemId>.jpg` icons in Penguin's geometry. */
  zip: string
  /** Single icons (MaaResource templates: pinned, then those of the head), after the zip's: an id the zip has keeps the zip's icon. */
  iconFiles: string[]
  /** Penguin-shaped hash_index.json. */
  glyphs: string
  /** The current game data's stages, drop infos and items: the pack's stage index. */
  stageData: StageData
}

/** Built files, relative to `builtDir`. */
export interface BuildOutput {
  packDir: string
  sheet: string
  index: string
  templates: number
  icons: number
  /** Item ids the pack has a template for. */
  items: string[]
  files: { path: string; bytes: number }[]
}

export type BuildStep = 'pack' | 'sheet'

/**
 * `.gz` and `.br` beside a file (served to clients that accept them: pack.json 1 MB → 27 KB). Synchronous
 * on purpose: the build runs in its own low-priority worker thread, while zlib's asynchronous calls
 * would take threads of libuv's pool, which the server's file reads share.
 */
const writeCompressed = async (file: string) => {
  const body = await readFile(file)
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }))
}

/** Moves a finished file or folder into place, replacing what an earlier run of the same key left. */
const publish = async (from: string, to: string) => {
  await mkdir(join(to, '..'), { recursive: true })
  if (existsSync(to)) await rm(to, { recursive: true, force: true })
  await rename(from, to)
}

/** Removes outputs of other keys (older builds) from a folder. */
const pruneOthers = async (dir: string, key: string) => {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.includes(key)) await rm(join(dir, name), { recursive: true, force: true })
  }
}

/**
 * Unpacks items.zip (refusing entries that escape the folder), builds the recognizer pack
 * (`recognizer-pack/<key>/` with pack.json, templates.bin and .gz/.br copies) and the item icon
 * sheet (`icons/items.<key>.webp` + `.json`). CPU-heavy (≈ 160 images decoded, templates resampled,
 * WebP and brotli encoded): the server runs it in a worker thread (assets.worker.ts).
 */
export const buildAssets = async (input: BuildInput, onStep: (step: BuildStep) => void = () => {}): Promise<BuildOutput> => {
  const { key, builtDir } = input
  // Unique per run: with PostgreSQL, several server processes may share one DATA_DIR.
  const work = join(builtDir, `work-${key}-${process.pid}-${randomBytes(3).toString('hex')}`)
  await rm(work, { recursive: true, force: true })
  try {
    const itemsDir = join(work, 'items')
    await extractZip(input.zip, itemsDir).catch((err: Error) => {
      throw new Error(`items.zip ${err.message}`)
    })

    const { stages, dropInfos, items } = input.stageData
    const pack = await buildPack({ icons: [itemsDir], iconFiles: input.iconFiles, glyphs: input.glyphs, stages: stagesFromSeed(stages, dropInfos, items) })
    const packTmp = join(work, 'pack')
    await writePack(packTmp, pack)
    await writeCompressed(join(packTmp, 'pack.json'))
    await writeCompressed(join(packTmp, 'templates.bin'))
    const packDir = `recognizer-pack/${key}`
    await publish(packTmp, join(builtDir, packDir))
    onStep('pack')

    const sheet = await buildIconSheet(await collectIconFiles([itemsDir], input.iconFiles))
    const sheetPath = `icons/items.${key}.webp`
    const indexPath = `icons/items.${key}.json`
    await writeFile(join(work, 'sheet.webp'), sheet.image)
    await writeFile(join(work, 'sheet.json'), JSON.stringify(sheet.index))
    await publish(join(work, 'sheet.webp'), join(builtDir, sheetPath))
    await publish(join(work, 'sheet.json'), join(builtDir, indexPath))
    onStep('sheet')

    await Promise.all([pruneOthers(join(builtDir, 'recognizer-pack'), key), pruneOthers(join(builtDir, 'icons'), key)])
    const files = await Promise.all(
      [`${packDir}/pack.json`, `${packDir}/templates.bin`, sheetPath, indexPath].map(async (path) => ({ path, bytes: (await stat(join(builtDir, path))).size })),
    )
    return {
      packDir,
      sheet: sheetPath,
      index: indexPath,
      templates: pack.manifest.items.length,
      icons: Object.keys(sheet.index.items).length,
      items: pack.manifest.items.map((i) => i.itemId),
      files,
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
