import { parseArgs } from 'node:util'
import { buildPack } from './build'
import { DEFAULT_SEED_DIR, writePack } from './files'

const HELP = `Usage: npm run recognizer:pack -- --icons <dir> [--icons <dir>…] --glyphs <hash_index.json> --stages <seed dir | stage_index.json> --out <dir>

Builds a recognizer resource pack (pack.json + templates.bin; see tooling/recognizer-pack/README.md).
  --icons   folder of item icons named <itemId>.jpg|png (183-px Penguin icons or 105-px MaaResource crops); repeatable
  --glyphs  Penguin-shaped hash_index.json (title, stage-code and digit hashes)
  --stages  Dropwise seed folder (stages.json + drop-infos.json) or a Penguin-shaped stage_index.json
            (default: the repository's data/seed)
  --out     output folder (generated from game art: never commit it)`

const { values } = parseArgs({
  options: {
    icons: { type: 'string', multiple: true },
    glyphs: { type: 'string' },
    stages: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
})

if (values.help || !values.icons?.length || !values.glyphs || !values.out) {
  console.log(HELP)
  process.exit(values.help ? 0 : 2)
}
const stages = values.stages ?? DEFAULT_SEED_DIR
const started = performance.now()
const pack = await buildPack({ icons: values.icons, glyphs: values.glyphs, stages })
await writePack(values.out, pack)
const servers = Object.entries(pack.manifest.stages).map(([s, idx]) => `${s}:${Object.keys(idx ?? {}).length}`)
console.log(`pack written to ${values.out}: ${pack.manifest.items.length} templates, stage codes ${servers.join(' ')}, ${(performance.now() - started).toFixed(0)} ms`)
