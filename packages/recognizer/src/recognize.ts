import { exception, type RecognitionException } from './exceptions'
import { findFrame, refRect, toWorking, WORK_HEIGHT } from './frame'
import type { RgbaImage } from './image'
import type { LoadedPack, PackStage } from './pack'
import { classifyGroups } from './drop-types'
import { checkGroups, readDrops } from './read-drops'
import { evidenceBox, type RecognitionResult, type RecognizedDrop, type RecognizeOptions } from './result'
import { multiRunTextRuns, readDifficulty, readStageCode, readStars, resolveStageCode } from './stage'
import { titleDistance } from './text'
import { findLineRow, segmentGroups } from './underline'

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

/** FNV-1a over the pixel bytes, two lanes, as 16 hex digits. */
export const fingerprint = (img: RgbaImage): string => {
  let h1 = 0x811c9dc5
  let h2 = 0x01000193 ^ img.width ^ (img.height << 16)
  const d = img.data
  let i = 0
  if (d.byteOffset % 4 === 0 && LITTLE_ENDIAN) {
    // The same byte sequence, read one 32-bit word (two bytes per lane) at a time.
    const words = new Uint32Array(d.buffer, d.byteOffset, d.length >> 2)
    for (let k = 0; k < words.length; k++) {
      const v = words[k]!
      h1 = Math.imul(h1 ^ (v & 255), 0x01000193)
      h2 = Math.imul(h2 ^ ((v >>> 8) & 255), 0x01000193)
      h1 = Math.imul(h1 ^ ((v >>> 16) & 255), 0x01000193)
      h2 = Math.imul(h2 ^ (v >>> 24), 0x01000193)
    }
    i = words.length * 4
  }
  for (; i < d.length; i += 2) {
    h1 = Math.imul(h1 ^ d[i]!, 0x01000193)
    h2 = Math.imul(h2 ^ (d[i + 1] ?? 0), 0x01000193)
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0')
}

const empty = (fp: string, exceptions: RecognitionException[], image: RgbaImage): RecognitionResult => ({
  resultScreen: false,
  stage: null,
  stars: null,
  multiRun: false,
  groups: [],
  drops: [],
  exceptions,
  fingerprint: fp,
  evidence: { width: Math.max(1, Math.round((image.width * WORK_HEIGHT) / Math.max(1, image.height))), height: WORK_HEIGHT, boxes: [] },
})

/** Title hashes farther than this from every server's title are not result screens. */
const TITLE_MAX_DISTANCE = 40

/**
 * Recognises a battle-result screenshot. Pure and synchronous: give it decoded RGBA pixels and a
 * loaded pack. Never throws on image content; problems are reported as `exceptions`.
 */
export const recognize = (image: RgbaImage, pack: LoadedPack, options: RecognizeOptions): RecognitionResult => {
  const fp = fingerprint(image)
  if (image.width < 64 || image.height < 64) return empty(fp, [exception('Result::False', 'result', 'image too small')], image)
  const { rgb, gray } = toWorking(image)
  const f = findFrame(rgb, gray)
  if (!f) return empty(fp, [exception('Result::False', 'result', 'no layout anchor')], image)
  const title = titleDistance(f, pack)
  if (title.distance > TITLE_MAX_DISTANCE) {
    return empty(fp, [exception('Result::False', 'result', `title hash ${title.distance} bits from the nearest`)], image)
  }
  const ex: RecognitionException[] = []
  const result: RecognitionResult = { ...empty(fp, ex, image), resultScreen: true }
  result.evidence = { width: rgb.width, height: rgb.height, boxes: [evidenceBox('anchor', refRect(f, 40, 165, 20, 212))] }
  const boxes = result.evidence.boxes
  boxes.push(evidenceBox('stars', refRect(f, 75, 296, 200, 50)))

  // Stars and multi-run.
  const stars = readStars(f)
  result.stars = { ...stars, confidence: stars.shown === 3 ? 1 : 0.5 }
  if (stars.shown === 0) ex.push(exception('3stars::False', 'stars', 'no star row (annihilation or another special screen)'))
  else if (stars.lit !== 3) ex.push(exception('3stars::False', 'stars', `${stars.lit} lit stars`))
  result.multiRun = multiRunTextRuns(f) >= 6
  if (result.multiRun) ex.push(exception('Result::False', 'multiRun', 'multi-run summary: drops of several runs'))

  // Stage.
  const index = pack.manifest.stages[options.server] ?? pack.manifest.stages.CN ?? {}
  const read = readStageCode(f, pack)
  const { difficulty } = readDifficulty(f)
  let stage: PackStage | null = null
  if (!read) {
    ex.push(exception('Stage::NotFound', 'stage', 'no stage code on the screen'))
  } else {
    const resolved = resolveStageCode(read, (code) => index[code] !== undefined)
    if (!resolved) {
      ex.push(exception('Stage::NotFound', 'stage', `"${read.raw}" is not in the stage index`))
    } else {
      const entry = index[resolved.code]!
      stage = entry[difficulty] ?? entry.NORMAL ?? entry.TOUGH ?? null
      boxes.push(evidenceBox('stage', { x: read.box.x - 4 * f.s, y: read.box.y - 4 * f.s, w: read.box.w + 8 * f.s, h: read.box.h + 8 * f.s }))
      if (stage) {
        const maxChar = resolved.distance / Math.max(1, read.chars.length)
        result.stage = {
          code: resolved.code,
          stageId: stage.stageId,
          difficulty: entry[difficulty] ? difficulty : stage === entry.NORMAL ? 'NORMAL' : 'TOUGH',
          confidence: Math.max(0, 1 - maxChar / 64),
        }
        if (!stage.existence) ex.push(exception('Stage::Illegal', 'stage', `${stage.stageId} is not open on ${options.server}`))
        read.chars.forEach((c, i) => {
          if ((c.ranked[0]?.distance ?? 256) > 64) ex.push(exception('StageChar::LowConfidence', `stage.chars.${i}`, 'character far from every glyph'))
        })
      }
    }
  }

  // Drop groups.
  const line = findLineRow(f)
  const groups = classifyGroups(f, segmentGroups(f, line.y, line.columns))
  result.groups = groups.map((g) => ({ dropType: g.dropType, itemCount: g.cells.length, confidence: g.confidence }))
  groups.forEach((g, i) => {
    const x = g.cells[0] ?? 0
    boxes.push(evidenceBox('group', { x, y: line.y - 3 * f.s, w: g.cells.length * g.cellW, h: 8 * f.s }, i))
  })
  if (groups.length === 0) {
    ex.push(exception('Droptypes::NotFound', 'dropArea', 'no drop-type underline found'))
    return result
  }
  checkGroups(f, groups, pack, options.server, ex)
  if (ex.some((e) => e.code === 'Droptypes::Illegal')) return result
  if (!stage) return result
  const variants = [stage, ...(stage.alternatives ?? [])]
  const matchStage: PackStage = {
    ...stage,
    drops: [...new Set(variants.flatMap((v) => v.drops))],
    recognitionOnly: [...new Set(variants.flatMap((v) => v.recognitionOnly))],
  }
  const drops = readDrops(f, groups, pack, matchStage, options, ex, boxes)
  const chosen = variants.length > 1 ? chooseVariant(variants, drops, options.at) : stage
  if (chosen !== stage && result.stage) result.stage = { ...result.stage, stageId: chosen.stageId }
  result.drops = drops.map((d) => {
    const ok = d.itemId !== null && (d.inStageDrops || d.recognitionOnly)
    const inStageDrops = ok && chosen.drops.includes(d.itemId!)
    return d.dropType === 'FURNITURE' ? d : { ...d, inStageDrops, recognitionOnly: ok && !inStageDrops && chosen.recognitionOnly.includes(d.itemId!) }
  })
  return result
}

/**
 * Among stages sharing a code: those whose window contains `at` first (when given), then the one
 * whose drop list explains the most recognised items, then the earliest in the list.
 */
const chooseVariant = (variants: PackStage[], drops: RecognizedDrop[], at: number | undefined): PackStage => {
  const open = (v: PackStage) => at !== undefined && (v.openTime ?? -Infinity) <= at && at < (v.closeTime ?? Infinity)
  const explained = (v: PackStage) =>
    drops.filter((d) => d.dropType !== 'FURNITURE' && d.itemId !== null && (v.drops.includes(d.itemId) || v.recognitionOnly.includes(d.itemId))).length
  let best = variants[0]!
  let bestKey = [Number(open(best)), explained(best)]
  for (const v of variants.slice(1)) {
    const key = [Number(open(v)), explained(v)]
    if (key[0]! > bestKey[0]! || (key[0] === bestKey[0] && key[1]! > bestKey[1]!)) {
      best = v
      bestKey = key
    }
  }
  return best
}
