import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { DEFAULT_ASSET_MANIFEST, formatManifest, manifestFromResources } from './asset-manifest'

const HELP = `Usage: npm run assets:manifest -- --resources <dir> [--out <file>]

Writes the asset manifest (repo, commit, path, sha256, bytes of every pinned file the server fetches at
run time) from a local copy laid out like shared/data/recognition/resources. Hashes and sizes only: no
game art is copied.
  --resources  e.g. ../shared/data/recognition/resources
  --out        default: data/assets/manifest.json`

const { values } = parseArgs({ options: { resources: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } } })
if (values.help || !values.resources) {
  console.log(HELP)
  process.exit(values.help ? 0 : 2)
}
const out = values.out ?? DEFAULT_ASSET_MANIFEST
const manifest = await manifestFromResources(values.resources)
await writeFile(out, formatManifest(manifest))
const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0)
console.log(`${out}: ${manifest.files.length} files, ${bytes} bytes`)
