import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { diffSeed, formatDiff, importSeed, isEmptyDiff, SelfCheckError, writeSeed } from './import-seed'
import { SEED_ACCEPTANCE_MINIMUMS } from './self-check'

const USAGE = `usage: tsx apps/importer/src/cli.ts --raw <raw dir> [--out <seed dir>] [--check] [--no-count-check]
  --raw             the raw/ folder of the public data (derived/ is its sibling)
  --out             seed folder to write or compare (default: data/seed/ in the repo)
  --check           rebuild in memory and compare with --out; exit 1 with a diff summary if they differ
  --no-count-check  skip the acceptance count minimums (for small raw trees)`

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')

interface Args {
  raw: string
  out: string
  check: boolean
  countCheck: boolean
}

const parseArgs = (argv: readonly string[]): Args => {
  let raw: string | undefined
  let out = resolve(REPO_ROOT, 'data/seed')
  let check = false
  let countCheck = true
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--raw' || a === '--out') {
      const v = argv[++i]
      if (!v) throw new Error(`${a} needs a value\n${USAGE}`)
      if (a === '--raw') raw = resolve(v)
      else out = resolve(v)
    } else if (a === '--check') check = true
    else if (a === '--no-count-check') countCheck = false
    else if (a === '--help' || a === '-h') {
      console.log(USAGE)
      process.exit(0)
    } else throw new Error(`unknown argument ${a}\n${USAGE}`)
  }
  if (!raw) throw new Error(`--raw is required\n${USAGE}`)
  return { raw, out, check, countCheck }
}

const main = async () => {
  const args = parseArgs(process.argv.slice(2))
  const started = performance.now()
  const { files, seed } = await importSeed(args.raw, args.countCheck ? { minCounts: SEED_ACCEPTANCE_MINIMUMS } : {})
  if (args.check) {
    const diff = await diffSeed(args.out, files)
    if (!isEmptyDiff(diff)) {
      console.error(formatDiff(diff))
      process.exit(1)
    }
    console.log('seed is up to date')
    return
  }
  await writeSeed(args.out, files)
  const s = seed.stats
  const counts = JSON.parse(files.get('manifest.json') ?? '{}') as { counts?: Record<string, number> }
  console.log(`wrote ${files.size} files to ${args.out} in ${Math.round(performance.now() - started)} ms`)
  console.log(
    Object.entries(counts.counts ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  )
  console.log(`closed event rows (open in the dump, event ended): ${JSON.stringify(s.closedEventRows)}`)
  console.log(`stages from 2025-08-02: ${JSON.stringify(s.reshapedStages)}; skipped: ${JSON.stringify(s.skippedReshapedStages)}`)
  console.log(`drop info stats: ${JSON.stringify(s.dropInfos)}; unnamed periods skipped: ${s.unnamedPeriods}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof SelfCheckError || error instanceof Error ? error.message : String(error))
  process.exit(1)
})
