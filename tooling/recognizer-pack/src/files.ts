import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { PackManifest } from '@dropwise/recognizer'
import { DEFAULT_SEED_DIR } from './assets'
import { buildPack, type BuiltPack } from './build'

/** Writes `pack.json` and `templates.bin` into `dir`. */
export const writePack = async (dir: string, pack: BuiltPack): Promise<void> => {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'pack.json'), JSON.stringify(pack.manifest))
  await writeFile(join(dir, 'templates.bin'), pack.templates)
}

/** Reads a pack written by `writePack`. */
export const readPack = async (dir: string): Promise<BuiltPack> => ({
  manifest: JSON.parse(await readFile(join(dir, 'pack.json'), 'utf8')) as PackManifest,
  templates: new Uint8Array(await readFile(join(dir, 'templates.bin'))),
})

export { DEFAULT_SEED_DIR }

/**
 * Loads resources from a folder that is either a built pack (has pack.json) or a raw
 * recognition resource folder laid out like shared/data/recognition/resources (items/,
 * supplement/maa-item-templates/, json/hash_index.json), which is built in memory with the stage
 * index of Dropwise's seed (`DEFAULT_SEED_DIR`). `stages` overrides the stage source (a seed folder
 * or a Penguin-shaped index file such as `supplement/stage_index_augmented.json`).
 */
export const resolveResources = async (dir: string, stages?: string): Promise<BuiltPack> => {
  if (existsSync(join(dir, 'pack.json'))) return readPack(dir)
  const icons = [join(dir, 'items'), join(dir, 'supplement', 'maa-item-templates')].filter((d) => existsSync(d))
  return buildPack({ icons, glyphs: join(dir, 'json', 'hash_index.json'), stages: stages ?? DEFAULT_SEED_DIR })
}
