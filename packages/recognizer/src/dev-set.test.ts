/**
 * End-to-end check on the development screenshots in shared/data/recognition (never committed):
 * skipped when that folder is absent. The pack is built with the stage index of our seed (data/seed);
 * the batch checks run with the seed's drop infos. Asserts the exact-match count reached (60/63), and
 * that no image of the "droptype-segmentation-miss" category and no "reject" image comes back clean and wrong.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SEED_DIR, decodeImage, isExactMatch, resolveResources, type LabelTruth } from '@dropwise/recognizer-pack'
import { SeedDropInfoFileSchema } from '@dropwise/schemas'
import { checkBatch } from './batch'
import { WORK_HEIGHT } from './frame'
import { loadPack } from './pack'
import { recognize } from './recognize'
import type { RecognitionResult } from './result'

const here = dirname(fileURLToPath(import.meta.url))
const devDir = join(here, '../../../../shared/data/recognition/dev')
const resourcesDir = join(here, '../../../../shared/data/recognition/resources')
const present = existsSync(join(devDir, 'labels.json')) && existsSync(resourcesDir)

describe('dev screenshots', () => {
  it.skipIf(!present)(
    'recognises at least 60 of 63 exactly, flags every reject and never silently loses a drop group',
    async () => {
      const labels = JSON.parse(readFileSync(join(devDir, 'labels.json'), 'utf8')) as {
        images: { file: string; server: 'CN' | 'US' | 'JP'; truth: LabelTruth }[]
      }
      const built = await resolveResources(resourcesDir)
      const pack = loadPack(built.manifest, built.templates)
      const results: RecognitionResult[] = []
      for (const im of labels.images) {
        results.push(recognize(await decodeImage(readFileSync(join(devDir, im.file)), { maxHeight: WORK_HEIGHT }), pack, { server: im.server }))
      }
      const dropInfos = SeedDropInfoFileSchema.parse(JSON.parse(readFileSync(join(DEFAULT_SEED_DIR, 'drop-infos.json'), 'utf8')))
      const extra = checkBatch(
        results.map((result, i) => ({ result, server: labels.images[i]!.server })),
        { dropInfos },
      )
      let exact = 0
      const silentlyWrong: string[] = []
      const unflaggedRejects: string[] = []
      labels.images.forEach((im, i) => {
        const r = results[i]!
        const clean = r.exceptions.length === 0 && extra[i]!.length === 0
        const t = im.truth
        const ok = isExactMatch(t, { flagged: !clean, stageId: r.stage?.stageId, drops: r.drops })
        if (ok) exact++
        if (t.outcome === 'reject' && clean) unflaggedRejects.push(im.file)
        if (!ok && clean) silentlyWrong.push(`${t.category}: ${im.file}`)
      })
      expect(unflaggedRejects).toEqual([])
      expect(silentlyWrong.filter((s) => s.startsWith('droptype-segmentation-miss'))).toEqual([])
      expect(silentlyWrong).toEqual([])
      expect(exact).toBeGreaterThanOrEqual(60)
    },
    300_000,
  )
})
