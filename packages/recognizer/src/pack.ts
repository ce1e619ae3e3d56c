import { parseHexHash } from './binary'

/** Game servers a pack can describe. */
export type Server = 'CN' | 'US' | 'JP' | 'KR'

/** Stage difficulty as shown by the icon left of the stage code. */
export type Difficulty = 'NORMAL' | 'TOUGH'

/** Side length (px) of every item template in a pack. */
export const TEMPLATE_SIZE = 48

/**
 * Template geometry: each template is a TEMPLATE_SIZE² RGB image of an item icon drawn the way
 * the result screen draws it, in the geometry of Penguin's 183×183 icons: the item circle is
 * 163/183 of the side, centred.
 */
export const TEMPLATE_CIRCLE_RATIO = 163 / 183

/** One (stage code, difficulty) entry of a server's stage index. */
export interface PackStage {
  stageId: string
  /** Items that the stage's drop infos list (furniture excluded). */
  drops: string[]
  /** Items that may appear on the result screen but are not reported (events, crates). */
  recognitionOnly: string[]
  /** Whether the stage is open on this server. */
  existence: boolean
  /** When the stage opened / closed on this server (ms since epoch), when the stage source knows. */
  openTime?: number | null
  closeTime?: number | null
  /**
   * Other stages with the same code and difficulty (an event's re-run and permanent versions).
   * The recogniser matches the union of their items and reports the stage whose window contains
   * the screenshot's time (`RecognizeOptions.at`), else the one whose drop list explains the most
   * recognised items, else this entry.
   */
  alternatives?: PackStage[]
}

/**
 * The JSON part of a resource pack (`pack.json`). Together with `templates.bin` (raw RGB bytes,
 * one TEMPLATE_SIZE² template per `items` entry at `offset`) it is everything the recogniser
 * needs. See tooling/recognizer-pack/README.md for how it is built.
 */
export interface PackManifest {
  format: 'dropwise-recognizer-pack'
  version: 1
  templateSize: number
  items: { itemId: string; offset: number }[]
  glyphs: {
    /** 256-bit title hashes (32×8), hex, per server layout. */
    result: Partial<Record<Server, string>>
    /** 256-bit stage-code character hashes (16×16), hex, key = character. */
    stage: Record<string, string>
    /** 256-bit quantity digit hashes (16×16), hex, per server, key = digit. */
    digits: Partial<Record<Server, Record<string, string>>>
  }
  /** Stage index per server: code → difficulty → stage. */
  stages: Partial<Record<Server, Record<string, Partial<Record<Difficulty, PackStage>>>>>
}

/** A glyph table ready for Hamming comparisons. */
export interface GlyphTable {
  keys: string[]
  hashes: bigint[][]
}

/** An item template with its masked statistics precomputed. */
export interface ItemTemplate {
  itemId: string
  /** RGB, TEMPLATE_SIZE² × 3, zero-mean over the mask, as floats. */
  centred: Float32Array
  /** Square root of the sum of squares of `centred` over the mask. */
  norm: number
}

/** A pack parsed and prepared for recognition (build once, reuse for every image). */
export interface LoadedPack {
  manifest: PackManifest
  templates: Map<string, ItemTemplate>
  /** Mask offsets (indices into a TEMPLATE_SIZE² grid) of the pixels compared. */
  mask: Int32Array
  resultHashes: { server: Server; hash: bigint[] }[]
  stageGlyphs: GlyphTable
  digitGlyphs: Partial<Record<Server, GlyphTable>>
}

const table = (rec: Record<string, string>): GlyphTable => {
  const keys = Object.keys(rec)
  return { keys, hashes: keys.map((k) => parseHexHash(rec[k]!)) }
}

/**
 * The compared pixels of a template: a disc of 0.9 × the item radius, without the lower-right
 * corner where the game prints the quantity over the icon.
 */
export const templateMask = (size = TEMPLATE_SIZE): Int32Array => {
  const c = (size - 1) / 2
  const r = (0.9 * (TEMPLATE_CIRCLE_RATIO * size)) / 2
  const out: number[] = []
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inDisc = (x - c) ** 2 + (y - c) ** 2 <= r * r
      const inQuantity = x >= c + 0.05 * size && y >= c + 0.19 * size
      if (inDisc && !inQuantity) out.push(y * size + x)
    }
  }
  return Int32Array.from(out)
}

/**
 * Prepares a pack: parses hashes and normalises every template over the mask.
 * `templateBytes` is the content of `templates.bin`.
 */
export const loadPack = (manifest: PackManifest, templateBytes: Uint8Array): LoadedPack => {
  if (manifest.format !== 'dropwise-recognizer-pack') throw new Error('not a recognizer pack')
  const size = manifest.templateSize
  const mask = templateMask(size)
  const templates = new Map<string, ItemTemplate>()
  for (const { itemId, offset } of manifest.items) {
    const px = templateBytes.subarray(offset, offset + size * size * 3)
    templates.set(itemId, prepareTemplate(itemId, px, mask))
  }
  const resultHashes = (Object.entries(manifest.glyphs.result) as [Server, string][]).map(([server, hex]) => ({
    server,
    hash: parseHexHash(hex),
  }))
  const digitGlyphs: Partial<Record<Server, GlyphTable>> = {}
  for (const [server, rec] of Object.entries(manifest.glyphs.digits) as [Server, Record<string, string>][]) {
    digitGlyphs[server] = table(rec)
  }
  return { manifest, templates, mask, resultHashes, stageGlyphs: table(manifest.glyphs.stage), digitGlyphs }
}

/** Centres an RGB template over the mask (per channel) and computes its norm. */
export const prepareTemplate = (itemId: string, rgb: Uint8Array, mask: Int32Array): ItemTemplate => {
  const n = mask.length
  const centred = new Float32Array(n * 3)
  const mean = [0, 0, 0]
  for (let i = 0; i < n; i++) {
    const p = mask[i]! * 3
    for (let c = 0; c < 3; c++) mean[c]! += rgb[p + c]!
  }
  for (let c = 0; c < 3; c++) mean[c] = mean[c]! / n
  let ss = 0
  for (let i = 0; i < n; i++) {
    const p = mask[i]! * 3
    for (let c = 0; c < 3; c++) {
      const v = rgb[p + c]! - mean[c]!
      centred[i * 3 + c] = v
      ss += v * v
    }
  }
  return { itemId, centred, norm: Math.sqrt(ss) }
}
