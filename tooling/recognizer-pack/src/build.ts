import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, extname, basename } from 'node:path'
import type { Difficulty, PackManifest, PackStage, Server } from '@dropwise/recognizer'
import { TEMPLATE_SIZE } from '@dropwise/recognizer'
import { SeedDropInfoFileSchema, SERVERS, type SeedDropInfo } from '@dropwise/schemas'
import { decodeImage, type DecodedImage } from './decode'

/** Penguin icon geometry: 183×183 canvas, item circle of 163 px, centred. */
const PENGUIN_SIZE = 183
/** MaaResource item crops: 105×105 screenshot crops; 1 MAA px = 1.54 Penguin px, centre at (92, 93). */
const MAA_SCALE = 1.54
const MAA_CENTRE = { x: 92, y: 93 }

/** One channel of pixel (xx, yy), alpha-composited on black. */
const at = (img: DecodedImage, xx: number, yy: number, c: number): number => {
  const p = (yy * img.width + xx) * 4
  return (img.data[p + c]! * img.data[p + 3]!) / 255
}

/**
 * Reads one pixel channel with bilinear interpolation (edge-clamped); alpha-composited on black. Called
 * about 17 million times per build: it creates no function of its own (a closure per call, named by tsx's
 * `keepNames`, cost 9 of the build's 20 s).
 */
const sample = (img: DecodedImage, x: number, y: number, c: number): number => {
  const cx = Math.max(0, Math.min(img.width - 1, x))
  const cy = Math.max(0, Math.min(img.height - 1, y))
  const x0 = Math.floor(cx)
  const y0 = Math.floor(cy)
  const x1 = Math.min(img.width - 1, x0 + 1)
  const y1 = Math.min(img.height - 1, y0 + 1)
  const fx = cx - x0
  const fy = cy - y0
  return (at(img, x0, y0, c) * (1 - fx) + at(img, x1, y0, c) * fx) * (1 - fy) + (at(img, x0, y1, c) * (1 - fx) + at(img, x1, y1, c) * fx) * fy
}

/**
 * Renders an icon into the pack's template geometry (TEMPLATE_SIZE², Penguin's 183-px layout),
 * with 4×4 supersampling per output pixel. Icons of 183 px are taken as Penguin icons; any other
 * size as a MaaResource screenshot crop (see README). Returns RGB bytes.
 */
export const renderTemplate = (icon: DecodedImage, size = TEMPLATE_SIZE): Uint8Array => {
  const out = new Uint8Array(size * size * 3)
  const penguin = icon.width === PENGUIN_SIZE && icon.height === PENGUIN_SIZE
  const toSrc = (px: number, py: number): [number, number] =>
    penguin ? [px, py] : [(px - MAA_CENTRE.x) / MAA_SCALE + (icon.width - 1) / 2, (py - MAA_CENTRE.y) / MAA_SCALE + (icon.height - 1) / 2]
  const step = PENGUIN_SIZE / size
  const SS = 4
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      const acc = [0, 0, 0]
      for (let j = 0; j < SS; j++) {
        for (let i = 0; i < SS; i++) {
          const [sx, sy] = toSrc((u + (i + 0.5) / SS) * step - 0.5, (v + (j + 0.5) / SS) * step - 0.5)
          for (let c = 0; c < 3; c++) acc[c]! += sample(icon, sx, sy, c)
        }
      }
      for (let c = 0; c < 3; c++) out[(v * size + u) * 3 + c] = Math.round(acc[c]! / (SS * SS))
    }
  }
  return out
}

const ICON_EXTENSIONS = ['.jpg', '.jpeg', '.png']

/**
 * Adds icon files (`<itemId>.jpg|png`) to `icons`; an id already present is kept. 72-px act24 panel
 * icons use another geometry and the drop-row matcher cannot use them: they are skipped.
 */
const addIconFiles = async (icons: Map<string, DecodedImage>, files: string[]) => {
  for (const file of files) {
    const ext = extname(file).toLowerCase()
    if (!ICON_EXTENSIONS.includes(ext)) continue
    const itemId = basename(file, extname(file))
    if (icons.has(itemId)) continue
    const img = await decodeImage(await readFile(file))
    if (img.width < 90) continue
    icons.set(itemId, img)
  }
}

/** Item icons of one or more folders: `<itemId>.jpg|png`. A later folder does not override an earlier one. */
export const readIcons = async (dirs: string[]): Promise<Map<string, DecodedImage>> => {
  const icons = new Map<string, DecodedImage>()
  for (const dir of dirs)
    await addIconFiles(
      icons,
      (await readdir(dir)).sort().map((name) => join(dir, name)),
    )
  return icons
}

type StageIndex = Record<string, Partial<Record<Difficulty, PackStage>>>

interface PenguinIndexEntry {
  stageId: string
  drops: string[]
  existence: boolean
  recognitionOnly?: string[]
}

/** Stage index from a Penguin-shaped `stage_index.json` (`{code: {NORMAL|TOUGH: {...}}}`), used for every server. */
export const stagesFromPenguinIndex = (json: Record<string, Partial<Record<Difficulty, PenguinIndexEntry>>>): Partial<Record<Server, StageIndex>> => {
  const index: StageIndex = {}
  for (const [code, byDiff] of Object.entries(json)) {
    for (const diff of ['NORMAL', 'TOUGH'] as const) {
      const e = byDiff[diff]
      if (!e) continue
      ;(index[code] ??= {})[diff] = {
        stageId: e.stageId,
        drops: e.drops.filter((d) => d !== 'furni'),
        recognitionOnly: e.recognitionOnly ?? [],
        existence: e.existence,
      }
    }
  }
  return Object.fromEntries(SERVERS.map((s) => [s, index]))
}

interface SeedStageLike {
  stageId: string
  code_i18n: Record<string, string>
  existence: Partial<Record<string, { exist: boolean; openTime?: number | null; closeTime?: number | null }>>
}
/** The fields of a seed item this builder reads (`items.json`, `SeedItem`). */
interface SeedItemLike {
  itemId: string
  existence: Partial<Record<string, { exist: boolean }>>
}

const LANG: Record<Server, string> = { CN: 'zh', US: 'en', JP: 'ja', KR: 'ko' }

/**
 * Stage index per server from Dropwise's seed (`stages.json`, the flat drop infos of
 * `drop-infos.json`, `items.json`).
 *
 * - `drops`: every item the stage's drop infos ever listed on that server (all windows, closed ones
 *   included, furniture excluded). A screenshot is usually read after its event closed, so the
 *   recognition index must know what the stage dropped then; report validation uses the drop table
 *   of the report's time, not this list.
 * - `recognitionOnly`: the `RECOGNITION_ONLY` entries, and event overlays: items a permanent stage
 *   (open, no close time) dropped only in closed windows whose drop type the importer inferred
 *   (event crates, sanity potions); items already in `drops` are left out.
 * - With `items`, ids the item list does not know or marks as absent on the server are left out.
 * - TOUGH when the stage id contains `tough`. Stages sharing a code and difficulty (an event's
 *   original, re-run and permanent versions) become one entry: the first that exists on the server
 *   in seed order, with the others that exist as `alternatives` (the recogniser picks among them).
 */
export const stagesFromSeed = (
  stages: readonly SeedStageLike[],
  dropInfos: readonly (Pick<SeedDropInfo, 'server' | 'stageId' | 'itemId' | 'dropType' | 'end'> & { inferred?: readonly string[] })[],
  items?: readonly SeedItemLike[],
): Partial<Record<Server, StageIndex>> => {
  const itemById = items ? new Map(items.map((i) => [i.itemId, i])) : null
  const out: Partial<Record<Server, StageIndex>> = {}
  for (const server of SERVERS) {
    const known = (id: string) => {
      if (!itemById) return true
      const it = itemById.get(id)
      return it !== undefined && it.existence[server]?.exist !== false
    }
    const permanent = new Set(stages.filter((s) => s.existence[server]?.exist && s.existence[server]?.closeTime == null).map((s) => s.stageId))
    const drops = new Map<string, { drops: Set<string>; recognitionOnly: Set<string> }>()
    for (const d of dropInfos) {
      if (d.server !== server || !d.itemId || d.itemId === 'furni' || d.dropType === 'FURNITURE' || !known(d.itemId)) continue
      const e = drops.get(d.stageId) ?? { drops: new Set(), recognitionOnly: new Set() }
      drops.set(d.stageId, e)
      // An event overlay: a permanent stage dropping the item only in a closed window whose type the
      // importer had to infer (event crates, sanity potions). Recognised, but not a regular drop.
      const overlay = permanent.has(d.stageId) && d.end !== null && (d.inferred ?? []).includes('dropType')
      ;(d.dropType === 'RECOGNITION_ONLY' || overlay ? e.recognitionOnly : e.drops).add(d.itemId)
    }
    const byKey = new Map<string, { code: string; diff: Difficulty; entries: PackStage[] }>()
    for (const s of stages) {
      const code = s.code_i18n[LANG[server]] || s.code_i18n.en || s.code_i18n.zh
      if (!code) continue
      const diff: Difficulty = s.stageId.includes('tough') ? 'TOUGH' : 'NORMAL'
      const ex = s.existence[server]
      const e = drops.get(s.stageId)
      const entry: PackStage = {
        stageId: s.stageId,
        drops: [...(e?.drops ?? [])].sort(),
        recognitionOnly: [...(e?.recognitionOnly ?? [])].filter((i) => !e?.drops.has(i)).sort(),
        existence: ex?.exist ?? false,
        openTime: ex?.openTime ?? null,
        closeTime: ex?.closeTime ?? null,
      }
      const key = `${code}\u0000${diff}`
      const group = byKey.get(key) ?? { code, diff, entries: [] }
      byKey.set(key, group)
      group.entries.push(entry)
    }
    const index: StageIndex = {}
    for (const { code, diff, entries } of byKey.values()) {
      // The first stage of the seed that exists on the server is the primary entry (seed order:
      // an event's original stage before its re-run and permanent versions).
      const primary = entries.find((e) => e.existence) ?? entries[0]!
      const alternatives = entries.filter((e) => e !== primary && e.existence)
      ;(index[code] ??= {})[diff] = alternatives.length > 0 ? { ...primary, alternatives } : primary
    }
    out[server] = index
  }
  return out
}

/**
 * Reads `--stages`: a seed folder (`stages.json` + `drop-infos.json`, and `items.json` when present;
 * drop infos parsed with `SeedDropInfoFileSchema`) or a Penguin-shaped index file.
 */
export const readStages = async (path: string): Promise<Partial<Record<Server, StageIndex>>> => {
  if ((await stat(path)).isDirectory()) {
    const stages = JSON.parse(await readFile(join(path, 'stages.json'), 'utf8')) as SeedStageLike[]
    const dropInfos = SeedDropInfoFileSchema.parse(JSON.parse(await readFile(join(path, 'drop-infos.json'), 'utf8')))
    const itemsPath = join(path, 'items.json')
    const items = existsSync(itemsPath) ? (JSON.parse(await readFile(itemsPath, 'utf8')) as SeedItemLike[]) : undefined
    return stagesFromSeed(stages, dropInfos, items)
  }
  return stagesFromPenguinIndex(JSON.parse(await readFile(path, 'utf8')))
}

interface HashIndexLike {
  result: Partial<Record<Server, string>>
  stage_new?: Record<string, string>
  stage?: Record<string, string>
  item: Partial<Record<Server, Record<string, string>>>
}

/** Glyph data from a Penguin-shaped `hash_index.json`. */
export const glyphsFromHashIndex = (h: HashIndexLike): PackManifest['glyphs'] => ({
  result: h.result,
  stage: h.stage_new ?? h.stage ?? {},
  digits: h.item,
})

/** A built pack: the manifest and the template bytes. */
export interface BuiltPack {
  manifest: PackManifest
  templates: Uint8Array
}

/** Assembles a pack from decoded icons, glyphs and a stage index. */
export const assemblePack = (icons: Map<string, DecodedImage>, glyphs: PackManifest['glyphs'], stages: PackManifest['stages']): BuiltPack => {
  const bytesPer = TEMPLATE_SIZE * TEMPLATE_SIZE * 3
  const ids = [...icons.keys()].sort()
  const templates = new Uint8Array(ids.length * bytesPer)
  const items = ids.map((itemId, i) => {
    templates.set(renderTemplate(icons.get(itemId)!), i * bytesPer)
    return { itemId, offset: i * bytesPer }
  })
  return {
    manifest: { format: 'dropwise-recognizer-pack', version: 1, templateSize: TEMPLATE_SIZE, items, glyphs, stages },
    templates,
  }
}

/**
 * Builds a pack from files: icon folders, a hash_index.json and a stage source (a path for
 * `readStages`, or a stage index already made, e.g. by `stagesFromSeed` over the server's current data).
 * `iconFiles` adds single icon files after the folders (an id a folder already has is kept from the folder).
 */
export const buildPack = async (opts: { icons: string[]; iconFiles?: string[]; glyphs: string; stages: string | PackManifest['stages'] }): Promise<BuiltPack> => {
  const icons = await readIcons(opts.icons)
  await addIconFiles(icons, opts.iconFiles ?? [])
  const glyphs = glyphsFromHashIndex(JSON.parse(await readFile(opts.glyphs, 'utf8')))
  return assemblePack(icons, glyphs, typeof opts.stages === 'string' ? await readStages(opts.stages) : opts.stages)
}
