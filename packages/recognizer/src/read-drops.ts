/** The drop area after the drop-type groups are found: group checks, then items and quantities. */
import { exception, type RecognitionException } from './exceptions'
import type { Frame } from './frame'
import { bestOpenSet, bestTemplate, ITEM_CANVAS_REF, sampleWindow } from './match'
import type { LoadedPack, PackStage, Server } from './pack'
import { readQuantity } from './quantity'
import type { ClassifiedGroup } from './drop-types'
import { evidenceBox, type EvidenceBox, type RecognizedDrop, type RecognizeOptions } from './result'
import { DROP_ROW } from './underline'

const ORDER = ['SANITY', 'FIRST', 'LMB', 'FURNITURE', 'NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP']

/** Group order, unknown types, and items drawn after the last underline. */
export const checkGroups = (f: Frame, groups: ClassifiedGroup[], pack: LoadedPack, server: Server, ex: RecognitionException[]): void => {
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
export const readDrops = (
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
      boxes.push(evidenceBox('item', { x: cx - side / 2, y: cy - side / 2, w: side, h: side }, index))
      boxes.push(evidenceBox('quantity', { x: cx - 35 * f.s, y: cy + 20 * f.s, w: 71 * f.s, h: 28 * f.s }, index))
      const win = sampleWindow(f, cx, cy, pack)
      const closed = bestTemplate(
        win,
        candidates.map((id) => pack.templates.get(id)!),
      )
      let best = { itemId: closed.index >= 0 ? candidates[closed.index]! : null, score: closed.score }
      let inStage = true
      if (best.score < Math.max(itemThreshold, 0.75)) {
        // Open set: every template of the pack, near the position found above.
        const open = bestOpenSet(win, pack, candidates)
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
