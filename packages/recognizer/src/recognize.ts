import { exception, type RecognitionException } from './exceptions'
import { findFrame, refRect, toWorking, WORK_HEIGHT, type Frame } from './frame'
import type { RgbaImage } from './image'
import { bestOffset, ITEM_CANVAS_REF, sampleWindow } from './match'
import type { Difficulty, LoadedPack, PackStage, Server } from './pack'
import { readQuantity } from './quantity'
import { classifyGroups, type ClassifiedGroup } from './drop-types'
import { multiRunTextRuns, readDifficulty, readStageCode, readStars, resolveStageCode } from './stage'
import { titleDistance } from './text'
import { DROP_ROW, findLineRow, segmentGroups } from './underline'

/** Drop types a report carries. */
export type ReportDropType = 'NORMAL_DROP' | 'SPECIAL_DROP' | 'EXTRA_DROP' | 'FURNITURE'

/** One recognised drop, left to right. */
export interface RecognizedDrop {
  dropType: ReportDropType
  /** null when no template matched well enough (then an exception is raised). */
  itemId: string | null
  quantity: number
  /** 0..1 per field: the template score for the item, digit-hash closeness for the quantity. */
  confidence: { item: number; quantity: number }
  /** Whether the item is in the stage's drop list. */
  inStageDrops: boolean
  /** Whether the item is one of the stage's recognition-only items (shown, not reported). */
  recognitionOnly: boolean
}

/** What an evidence box marks on the screenshot. */
export type EvidenceKind = 'anchor' | 'stage' | 'stars' | 'group' | 'item' | 'quantity'

/**
 * A rectangle the recogniser read, in working pixels (see `RecognitionResult.evidence`). `index` is
 * the position in `groups` (kind group) or in `drops` (kinds item and quantity).
 */
export interface EvidenceBox {
  kind: EvidenceKind
  x: number
  y: number
  w: number
  h: number
  index?: number
}

/** Everything read from one screenshot. */
export interface RecognitionResult {
  /** Whether this looks like a battle-result screen at all. */
  resultScreen: boolean
  stage: { code: string; stageId: string; difficulty: Difficulty; confidence: number } | null
  stars: { lit: number; shown: number; confidence: number } | null
  /** A 2023+ multi-run ("连续代理作战") summary screen. */
  multiRun: boolean
  /** Drop-type groups on the underline, left to right (LMB and sanity groups included). */
  groups: { dropType: string; itemCount: number; confidence: number }[]
  drops: RecognizedDrop[]
  exceptions: RecognitionException[]
  /** FNV-1a (2×32 bit) of the RGBA pixels: equal pixels give equal fingerprints. */
  fingerprint: string
  /**
   * Where each field was read, for an overlay on the screenshot: boxes in the pixels of the working
   * copy (`width` × `height`, the screenshot scaled to WORK_HEIGHT rows); scale by
   * screenshot height / `height` to draw on the original.
   */
  evidence: { width: number; height: number; boxes: EvidenceBox[] }
}

/** Options of `recognize`. */
export interface RecognizeOptions {
  /** The game server the screenshot comes from: picks the stage index and digit font. */
  server: Server
  /** Minimum template score for an item of the stage's list (default 0.6). */
  itemThreshold?: number
  /**
   * Minimum score for an item outside the stage's list, matched against every template of the
   * pack (default 0.8; set above 1 to disable the open-set fallback).
   */
  openSetThreshold?: number
  /**
   * When the screenshot was taken (ms since epoch, e.g. the file's lastModified). Picks among
   * stages sharing a code (an event's original, re-run and permanent versions) by their windows.
   */
  at?: number
}

/** FNV-1a over the pixel bytes, two lanes, as 16 hex digits. */
export const fingerprint = (img: RgbaImage): string => {
  let h1 = 0x811c9dc5
  let h2 = 0x01000193 ^ img.width ^ (img.height << 16)
  const d = img.data
  for (let i = 0; i < d.length; i += 2) {
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

const box = (kind: EvidenceKind, r: { x: number; y: number; w: number; h: number }, index?: number): EvidenceBox => ({
  kind,
  x: Math.round(r.x),
  y: Math.round(r.y),
  w: Math.round(r.w),
  h: Math.round(r.h),
  ...(index === undefined ? {} : { index }),
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
  result.evidence = { width: rgb.width, height: rgb.height, boxes: [box('anchor', refRect(f, 40, 165, 20, 212))] }
  const boxes = result.evidence.boxes
  boxes.push(box('stars', refRect(f, 75, 296, 200, 50)))

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
      boxes.push(box('stage', { x: read.box.x - 4 * f.s, y: read.box.y - 4 * f.s, w: read.box.w + 8 * f.s, h: read.box.h + 8 * f.s }))
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
    boxes.push(box('group', { x, y: line.y - 3 * f.s, w: g.cells.length * g.cellW, h: 8 * f.s }, i))
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

const ORDER = ['SANITY', 'FIRST', 'LMB', 'FURNITURE', 'NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP']

/** Group order, unknown types, and items drawn after the last underline. */
const checkGroups = (f: Frame, groups: ClassifiedGroup[], pack: LoadedPack, server: Server, ex: RecognitionException[]): void => {
  let last = -1
  groups.forEach((g, i) => {
    const k = ORDER.indexOf(g.dropType)
    if (g.dropType === 'UNDEFINED') ex.push(exception('Droptypes::Illegal', `dropTypes.${i}`, 'unknown drop-type colour'))
    else if (g.dropType === 'FIRST') ex.push(exception('Droptypes::Illegal', `dropTypes.${i}`, 'first-clear drops'))
    else if (k <= last) ex.push(exception('Droptypes::Illegal', `dropTypes.${i}`, `${g.dropType} out of order`))
    last = Math.max(last, k)
  })
  // An item after the last group means a group was lost: never return such a result as clean.
  const lastGroup = groups[groups.length - 1]!
  const nextX = lastGroup.cells[lastGroup.cells.length - 1]! + lastGroup.cellW * 2 + DROP_ROW.gapW * f.s
  const glyphs = pack.digitGlyphs[server] ?? pack.digitGlyphs.CN
  for (const x of [nextX - lastGroup.cellW, nextX - lastGroup.cellW - DROP_ROW.gapW * f.s]) {
    if (!glyphs || x + lastGroup.cellW > f.rgb.width) continue
    const q = readQuantity(f, x + lastGroup.cellW / 2, f.ty + DROP_ROW.itemY * f.s, glyphs)
    if (q.digits > 0 && q.worstDistance <= 48) {
      ex.push(exception('Droptypes::Illegal', 'dropArea', 'an item follows the last drop-type underline'))
      break
    }
  }
}

/** Matches items and reads quantities for every reportable group. */
const readDrops = (
  f: Frame,
  groups: ClassifiedGroup[],
  pack: LoadedPack,
  stage: PackStage,
  options: RecognizeOptions,
  ex: RecognitionException[],
  boxes: EvidenceBox[],
): RecognizedDrop[] => {
  const itemThreshold = options.itemThreshold ?? 0.6
  const openSetThreshold = options.openSetThreshold ?? 0.8
  const glyphs = pack.digitGlyphs[options.server] ?? pack.digitGlyphs.CN
  const candidates = [...new Set([...stage.drops, ...stage.recognitionOnly])].filter((id) => pack.templates.has(id))
  const drops: RecognizedDrop[] = []
  const itemGroups = groups.filter((g) => g.dropType === 'NORMAL_DROP' || g.dropType === 'SPECIAL_DROP' || g.dropType === 'EXTRA_DROP')
  // Like the public recogniser's "Empty templates": item groups on a stage without regular drops
  // (recognition-only items alone, e.g. an event crate on CE-5) are not a reportable result.
  if (itemGroups.length > 0 && (candidates.length === 0 || stage.drops.length === 0)) {
    ex.push(exception('DropAreaDrops::Illegal', 'drops', `${stage.stageId} has no regular drop to report`))
    return drops
  }
  // CF-x (act24) stages show their drops in a separate "alchemy" panel that this reader does not
  // parse yet: never return such a screen as a clean, empty result.
  if (stage.stageId.includes('act24side')) {
    ex.push(exception('DropAreaDrops::Illegal', 'drops', 'act24 alchemy panel is not supported'))
    return drops
  }
  let n = 0
  for (const g of groups) {
    if (g.dropType === 'FURNITURE') {
      drops.push({ dropType: 'FURNITURE', itemId: 'furni', quantity: 1, confidence: { item: g.confidence, quantity: 1 }, inStageDrops: true, recognitionOnly: false })
      n++
      continue
    }
    if (g.dropType !== 'NORMAL_DROP' && g.dropType !== 'SPECIAL_DROP' && g.dropType !== 'EXTRA_DROP') continue
    for (const x of g.cells) {
      const index = n
      const where = `drops.${n++}`
      const cx = x + g.cellW / 2
      const cy = f.ty + DROP_ROW.itemY * f.s
      const side = ITEM_CANVAS_REF * f.s
      boxes.push(box('item', { x: cx - side / 2, y: cy - side / 2, w: side, h: side }, index))
      boxes.push(box('quantity', { x: cx - 35 * f.s, y: cy + 20 * f.s, w: 71 * f.s, h: 28 * f.s }, index))
      const win = sampleWindow(f, cx, cy, pack)
      let best = { itemId: null as string | null, score: -2, dx: win.margin, dy: win.margin }
      for (const id of candidates) {
        const r = bestOffset(win, pack.templates.get(id)!, pack)
        if (r.score > best.score) best = { itemId: id, ...r }
      }
      let inStage = true
      if (best.score < Math.max(itemThreshold, 0.75)) {
        // Open set: every template of the pack, near the position found above.
        // Coarse pass on every second offset, then a full search for the three best.
        const coarse: { id: string; score: number }[] = []
        for (const [id, t] of pack.templates) {
          if (candidates.includes(id)) continue
          coarse.push({ id, score: bestOffset(win, t, pack, undefined, 2).score })
        }
        coarse.sort((a, b) => b.score - a.score)
        let open = { itemId: null as string | null, score: -2 }
        for (const c of coarse.slice(0, 3)) {
          const r = bestOffset(win, pack.templates.get(c.id)!, pack)
          if (r.score > open.score) open = { itemId: c.id, score: r.score }
        }
        if (open.score >= openSetThreshold && open.score > best.score + 0.05) {
          best = { ...best, itemId: open.itemId, score: open.score }
          inStage = false
        }
      }
      const q = glyphs ? readQuantity(f, cx, cy, glyphs) : { quantity: 0, worstDistance: 256, digits: 0 }
      const itemOk = best.score >= itemThreshold
      if (!itemOk) ex.push(exception('DropAreaDrops::LowConfidence', where, `best template score ${best.score.toFixed(2)}`))
      if (q.digits === 0) ex.push(exception('DropAreaDropsQuantity::NotFound', `${where}.quantity`, 'no digits'))
      else if (q.worstDistance > 64) ex.push(exception('DropQuantityChar::LowConfidence', `${where}.quantity`, 'digit far from every glyph'))
      drops.push({
        dropType: g.dropType,
        itemId: itemOk ? best.itemId : null,
        quantity: q.quantity,
        confidence: { item: Math.max(0, best.score), quantity: q.digits === 0 ? 0 : Math.max(0, 1 - q.worstDistance / 128) },
        inStageDrops: inStage && itemOk && stage.drops.includes(best.itemId ?? ''),
        recognitionOnly: inStage && itemOk && !stage.drops.includes(best.itemId ?? '') && stage.recognitionOnly.includes(best.itemId ?? ''),
      })
    }
  }
  return drops
}
