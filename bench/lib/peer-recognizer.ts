/**
 * The public recogniser (penguin-statistics/recognizer's prebuilt `build/penguin-recognizer.{js,wasm}`)
 * run in this process, for bench:recognizer's peer mode. It is loaded from a folder outside the repo
 * (a `git archive HEAD build resources` of that repository); nothing of it is kept in the project.
 *
 * The prebuilt WASM reports version 4.1.0 and expects that era's data contract: the flat stage index
 * `{code: {stageId, drops, existence}}` (flattened here from `resources/json/stage_index.json`,
 * NORMAL first) and the v4.1.0 hash index (commit 40eddaa, with a `CN_OLD` title hash), taken from
 * `<folder>/hash_index.json` when that file exists, else `resources/json/hash_index.json`.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { inflateRawSync } from 'node:zlib'

/** What the peer answers for one image, reduced to what the bench scores. */
export interface PeerResult {
  /** The WASM threw (a C++ exception: `map::at`, an OpenCV assertion, …). */
  error: boolean
  stageId: string | null
  drops: { dropType: string; itemId: string | null; quantity: number }[]
  /** `where::what` of each exception the peer raised. */
  exceptions: string[]
}

interface PeerModule {
  onRuntimeInitialized?: () => void
  load_server(server: string): void
  load_hash_index(json: string): void
  load_stage_index(json: string): void
  load_templs(itemId: string, bytes: ArrayBuffer): void
  Recognizer: new (mode: string) => { recognize(bytes: ArrayBuffer, detail: boolean, preDraw: boolean): string; delete(): void }
}

interface PeerJson {
  exceptions?: { where?: string; what?: string }[]
  stage?: { stageId?: string }
  dropArea?: { drops?: { dropType: string; itemId: string; quantity: number }[] }
}

/** A loaded peer: `recognize` takes the file bytes (the WASM decodes them itself). */
export interface PeerRecognizer {
  version: { hashIndex: string; templates: number; stages: number }
  setServer(server: string): void
  recognize(bytes: Uint8Array): PeerResult
}

/** The files of a zip archive (stored or deflated entries), from its central directory. */
const unzip = (zip: Buffer): [string, Uint8Array][] => {
  let eocd = zip.length - 22
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--
  if (eocd < 0) throw new Error('items.zip: not a zip archive')
  const out: [string, Uint8Array][] = []
  let p = zip.readUInt32LE(eocd + 16)
  for (let i = 0, n = zip.readUInt16LE(eocd + 10); i < n; i++) {
    const method = zip.readUInt16LE(p + 10)
    const size = zip.readUInt32LE(p + 20)
    const nameLen = zip.readUInt16LE(p + 28)
    const name = zip.toString('utf8', p + 46, p + 46 + nameLen)
    const local = zip.readUInt32LE(p + 42)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + size)
    out.push([name, method === 0 ? raw : inflateRawSync(raw)])
    p += 46 + nameLen + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32)
  }
  return out
}

const toArrayBuffer = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer

/** Loads the WASM, the indexes and the item templates of the peer folder. */
export const loadPeer = async (folder: string, hashIndexPath?: string): Promise<PeerRecognizer> => {
  const dir = resolve(folder)
  const js = join(dir, 'build', 'penguin-recognizer.js')
  if (!existsSync(js)) throw new Error(`--peer ${folder}: no build/penguin-recognizer.js there`)
  const hashPath = hashIndexPath ?? (existsSync(join(dir, 'hash_index.json')) ? join(dir, 'hash_index.json') : join(dir, 'resources', 'json', 'hash_index.json'))
  const [hashIndex, stageIndex, zip] = await Promise.all([
    readFile(hashPath, 'utf8'),
    readFile(join(dir, 'resources', 'json', 'stage_index.json'), 'utf8'),
    readFile(join(dir, 'resources', 'icon', 'items.zip')),
  ])
  // Node's global fetch makes the Emscripten loader try instantiateStreaming on a file path.
  const g = globalThis as { fetch?: unknown }
  const savedFetch = g.fetch
  g.fetch = undefined
  let mod: PeerModule
  try {
    mod = createRequire(import.meta.url)(js) as PeerModule
  } finally {
    g.fetch = savedFetch
  }
  await new Promise<void>((done) => {
    mod.onRuntimeInitialized = done
  })
  mod.load_server('CN')
  mod.load_hash_index(hashIndex)
  const flat: Record<string, unknown> = {}
  for (const [code, v] of Object.entries(JSON.parse(stageIndex) as Record<string, { NORMAL?: unknown; TOUGH?: unknown }>)) {
    const entry = v.NORMAL ?? v.TOUGH
    if (entry) flat[code] = entry
  }
  mod.load_stage_index(JSON.stringify(flat))
  let templates = 0
  for (const [name, bytes] of unzip(zip)) {
    const m = /([^/]+)\.jpg$/.exec(name)
    if (!m) continue
    mod.load_templs(m[1]!, toArrayBuffer(bytes))
    templates++
  }
  let server = 'CN'
  return {
    version: { hashIndex: hashPath, templates, stages: Object.keys(flat).length },
    setServer(s) {
      if (s !== server) mod.load_server(s)
      server = s
    },
    recognize(bytes) {
      const r = new mod.Recognizer('RESULT')
      let out: PeerJson
      try {
        out = JSON.parse(r.recognize(toArrayBuffer(bytes), false, false)) as PeerJson
      } catch {
        return { error: true, stageId: null, drops: [], exceptions: ['error'] }
      } finally {
        r.delete()
      }
      return {
        error: false,
        stageId: out.stage?.stageId || null,
        drops: (out.dropArea?.drops ?? []).map((d) => ({ dropType: d.dropType, itemId: d.itemId || null, quantity: d.quantity })),
        exceptions: (out.exceptions ?? []).map((e) => `${e.where ?? ''}::${e.what ?? ''}`),
      }
    },
  }
}
