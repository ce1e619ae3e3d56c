/**
 * Recogniser benchmark: recognises every image of a labels file (decoding included) and scores it.
 *
 *   npm run bench:recognizer -- --labels <labels.json> (--resources <dir> | --pack <dir>) [--out <file>] [--stages <path>] [--reps <n>]
 *
 * --resources is a built pack (pack.json + templates.bin) or a raw recognition resource folder
 * (shared/data/recognition/resources), built in memory. --pack is a built pack folder only, e.g. the
 * one the server builds at run time (`DATA_DIR/assets/built/recognizer-pack/<key>/`). Prints one line per image, the exact-match
 * count, failures per category and the median ms/image; the last line is a JSON summary.
 * After recognition the batch checks run over the whole set (`checkBatch`: Fingerprint::Same, and
 * DropInfos::Violation against the seed's drop infos, --seed <dir>, default data/seed). The labels
 * carry no capture times, so FileTimestamp::TooClose is not exercised and the drop table is the one
 * open now; --no-batch scores the per-image results alone.
 *
 * --peer <folder> also runs the public recogniser's prebuilt WASM from that folder (outside the repo;
 * see bench/lib/peer-recognizer.ts and bench/README.md) on the same file bytes, image by image and
 * alternating with ours (which side goes first flips every rep), decoding included on both sides; it
 * prints the median and p90 ms/image of each side and both exact-match counts (`peer` in the JSON).
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { WORK_HEIGHT, checkBatch, loadPack, recognize, type RecognitionResult, type Server } from '@dropwise/recognizer'
import { DEFAULT_SEED_DIR, decodeImage, isExactMatch, readPack, resolveResources, type LabelTruth } from '@dropwise/recognizer-pack'
import { SeedDropInfoFileSchema } from '@dropwise/schemas'
import { loadPeer, type PeerResult } from './lib/peer-recognizer'
import { median, peerSummary, type PeerRun } from './lib/recognizer-peer-report'

interface LabelImage {
  file: string
  server: Server
  truth: LabelTruth
}

const { values } = parseArgs({
  options: {
    labels: { type: 'string' },
    resources: { type: 'string' },
    pack: { type: 'string' },
    out: { type: 'string' },
    stages: { type: 'string' },
    reps: { type: 'string' },
    quiet: { type: 'boolean' },
    seed: { type: 'string' },
    'no-batch': { type: 'boolean' },
    peer: { type: 'string' },
    'peer-hash-index': { type: 'string' },
  },
})
if (!values.labels || (!values.resources && !values.pack)) {
  console.error('usage: npm run bench:recognizer -- --labels <labels.json> (--resources <dir> | --pack <dir>) [--out <file>]')
  process.exit(2)
}
if (values.pack && !existsSync(join(values.pack, 'pack.json'))) {
  console.error(`--pack ${values.pack}: no pack.json there (a built pack folder has pack.json and templates.bin)`)
  process.exit(2)
}

const labels = JSON.parse(await readFile(values.labels, 'utf8')) as { images: LabelImage[] }
const base = dirname(values.labels)
const t0 = performance.now()
const built = values.pack ? await readPack(values.pack) : await resolveResources(values.resources!, values.stages)
const pack = loadPack(built.manifest, built.templates)
const loadMs = performance.now() - t0
const reps = Math.max(1, Number(values.reps ?? 1))

const peer = values.peer ? await loadPeer(values.peer, values['peer-hash-index']) : null
const ours = async (bytes: Uint8Array, im: LabelImage): Promise<RecognitionResult> =>
  recognize(await decodeImage(bytes, { maxHeight: WORK_HEIGHT }), pack, { server: im.server })
const theirs = (bytes: Uint8Array, im: LabelImage): PeerResult => {
  peer!.setServer(im.server)
  return peer!.recognize(bytes)
}
const images = await Promise.all(labels.images.map(async (im) => ({ im, bytes: new Uint8Array(await readFile(join(base, im.file))) })))
if (peer) {
  // Warm-up (unmeasured): both sides' code paths compiled before the first timed image.
  for (const { im, bytes } of images.slice(0, 4)) {
    await ours(bytes, im)
    theirs(bytes, im)
  }
}

const recognised: { im: LabelImage; result: RecognitionResult; ms: number }[] = []
const peerRuns: PeerRun[] = []
/** Wall and process CPU time (ms; CPU includes libvips' and the GC's threads) of one call. */
const timed = async <T>(f: () => T | Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> => {
  const c = process.cpuUsage()
  const t = performance.now()
  const value = await f()
  const ms = performance.now() - t
  const d = process.cpuUsage(c)
  return { value, ms, cpuMs: (d.user + d.system) / 1000 }
}
for (const [i, { im, bytes }] of images.entries()) {
  let res: RecognitionResult | null = null
  let peerRes: PeerResult | null = null
  const times: number[] = []
  const cpu: number[] = []
  const peerTimes: number[] = []
  const peerCpu: number[] = []
  for (let r = 0; r < reps; r++) {
    const peerFirst = peer !== null && (i + r) % 2 === 1
    for (const side of peerFirst ? ['peer', 'ours'] : peer ? ['ours', 'peer'] : ['ours']) {
      if (side === 'ours') {
        const o = await timed(() => ours(bytes, im))
        res = o.value
        times.push(o.ms)
        cpu.push(o.cpuMs)
      } else {
        const o = await timed(() => theirs(bytes, im))
        peerRes = o.value
        peerTimes.push(o.ms)
        peerCpu.push(o.cpuMs)
      }
    }
  }
  recognised.push({ im, result: res!, ms: median(times) })
  if (peerRes) peerRuns.push({ truth: im.truth, result: peerRes, ms: median(peerTimes), oursMs: median(times), cpuMs: median(peerCpu), oursCpuMs: median(cpu) })
}

const isExact = (im: LabelImage, result: RecognitionResult): boolean =>
  isExactMatch(im.truth, { flagged: result.exceptions.length > 0, stageId: result.stage?.stageId, drops: result.drops })
const exactBeforeBatch = recognised.filter((r) => isExact(r.im, r.result)).length

let batchMs = 0
if (!values['no-batch']) {
  const seedDir = values.seed ?? DEFAULT_SEED_DIR
  const dropInfosPath = join(seedDir, 'drop-infos.json')
  const dropInfos = existsSync(dropInfosPath) ? SeedDropInfoFileSchema.parse(JSON.parse(await readFile(dropInfosPath, 'utf8'))) : undefined
  const t = performance.now()
  const extra = checkBatch(
    recognised.map((r) => ({ result: r.result, server: r.im.server })),
    { dropInfos },
  )
  batchMs = performance.now() - t
  recognised.forEach((r, i) => {
    r.result = { ...r.result, exceptions: [...r.result.exceptions, ...extra[i]!] }
  })
}

const rows: {
  file: string
  stageId: string | null
  stars: number | null
  drops: { dropType: string; itemId: string | null; quantity: number }[]
  exceptions: string[]
  ms: number
  exact: boolean
  category: string
}[] = []
const failuresByCategory: Record<string, number> = {}
for (const { im, result, ms } of recognised) {
  const t = im.truth
  const exact = isExact(im, result)
  if (!exact) failuresByCategory[t.category] = (failuresByCategory[t.category] ?? 0) + 1
  const row = {
    file: im.file,
    stageId: result.stage?.stageId ?? null,
    stars: result.stars?.lit ?? null,
    drops: result.drops.map((d) => ({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })),
    exceptions: result.exceptions.map((e) => e.code),
    ms: Math.round(ms * 10) / 10,
    exact,
    category: t.category,
  }
  rows.push(row)
  if (!values.quiet) {
    const drops = row.drops.map((d) => `${d.dropType[0]}:${d.itemId}×${d.quantity}`).join(' ')
    console.log(`${exact ? 'ok  ' : 'FAIL'} ${im.file} ${row.stageId} ★${row.stars} [${drops}] ${row.exceptions.join(',')} ${row.ms}ms`)
  }
}

const med = median(rows.map((r) => r.ms))
const exactCount = rows.filter((r) => r.exact).length
if (values.out)
  await writeFile(
    values.out,
    JSON.stringify(
      rows.map(({ exact: _e, category: _c, ...r }) => r),
      null,
      1,
    ),
  )
console.log(`exact: ${exactCount}/${rows.length} (per-image results alone: ${exactBeforeBatch}; batch checks ${batchMs.toFixed(1)} ms)`)
console.log(`failures by category: ${JSON.stringify(failuresByCategory)}`)
console.log(`median ms/image (decode + recognise): ${med.toFixed(1)}; pack load ${loadMs.toFixed(0)} ms`)
const peerJson = peer ? peerSummary(peerRuns, exactBeforeBatch, peer.version) : undefined
console.log(
  JSON.stringify({
    images: rows.length,
    exact: exactCount,
    medianMs: Math.round(med * 10) / 10,
    exactBeforeBatch,
    failuresByCategory,
    loadMs: Math.round(loadMs),
    ...(peerJson ? { peer: peerJson } : {}),
  }),
)
