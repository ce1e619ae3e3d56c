import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { GameLang, ReferenceRaw, ToolboxLang } from '@dropwise/importer/raw'
import { RAW_FILES } from '@dropwise/importer/raw'
import { OPERATOR_SOURCE_FILES, SOURCE_FILES, sourceKey, TOOLBOX_EVENT_FILES, type SourceFile } from '@dropwise/importer/sources'
import type { DataSourceFile } from '@dropwise/schemas'
import { eachLimited } from '../assets/asset-download'
import { rawSchemaOf } from './game-data.raw-schema'

const FETCH_TIMEOUT_MS = 60_000
/** No raw file comes close (the largest, building_data.json, is ~9 MB): a bigger body is refused unread. */
const MAX_FILE_BYTES = 64 * 1024 * 1024

/** Every file the sync reads: the reference data's and the operators' (issue 39; the toolbox's, followed at its head). */
export const SYNC_SOURCE_FILES: readonly SourceFile[] = [...SOURCE_FILES, ...OPERATOR_SOURCE_FILES]

/** A source that cannot be used: the sync is refused with this reason, the data stays. */
export class SourceRefusal extends Error {}

export interface FetchDeps {
  /** `ASSETS_BASE_URL`: `<base>/<owner>/<repo>/<ref>/<path>` is fetched. */
  baseUrl: string
  fetch: typeof fetch
  /** Folder of the files no repository serves (the seed folder: its `toolbox-history.json`). */
  localDir: string
  /** SHA-256 the seed recorded per raw path: a pinned or local file must still be those bytes. */
  expectedSha: ReadonlyMap<string, string>
}

export interface FetchedSources {
  /** Parsed and schema-checked content per raw path. */
  content: Map<string, unknown>
  files: DataSourceFile[]
}

const readBody = async (res: Response, url: string): Promise<Buffer> => {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES) {
    await res.body?.cancel().catch(() => {})
    throw new SourceRefusal(`${url}: ${declared} bytes announced, more than ${MAX_FILE_BYTES}`)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length
    if (total > MAX_FILE_BYTES) throw new SourceRefusal(`${url}: more than ${MAX_FILE_BYTES} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** A kept-alive connection the server closed as it was reused (UND_ERR_SOCKET, ECONNRESET) is tried once more after this. */
const RETRY_DELAY_MS = 500

const download = async (deps: FetchDeps, f: SourceFile, retried = false): Promise<Buffer> => {
  const url = `${deps.baseUrl.replace(/\/+$/, '')}/${sourceKey(f).split('/').map(encodeURIComponent).join('/')}`
  let res: Response
  try {
    res = await deps.fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' })
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string } }
    if (!retried && (e.cause?.code === 'UND_ERR_SOCKET' || e.cause?.code === 'ECONNRESET')) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
      return download(deps, f, true)
    }
    throw new Error(`could not reach ${url}: ${e.name === 'TimeoutError' ? 'no answer in time' : (e.cause?.code ?? e.message ?? String(err))}`)
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {})
    throw new Error(`${url} answered ${res.status}`)
  }
  return readBody(res, url)
}

/** Parses one file and checks it against its schema: a truncated or reshaped file is refused with its path. */
export const parseSource = (rawPath: string, bytes: Buffer): unknown => {
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch (err) {
    throw new SourceRefusal(`${rawPath} is not valid JSON (${bytes.length} bytes; truncated?): ${(err as Error).message}`)
  }
  const schema = rawSchemaOf(rawPath)
  const parsed = schema?.safeParse(value)
  if (parsed && !parsed.success) {
    const first = parsed.error.issues[0]
    throw new SourceRefusal(`${rawPath} does not match its schema at ${first?.path.map(String).join('.') || '(root)'}: ${first?.message}`)
  }
  return value
}

/** Every file the sync reads: followed at the default branches' heads, pinned at their commits, local from the seed folder. */
export const fetchSources = async (deps: FetchDeps): Promise<FetchedSources> => {
  const wanted = SYNC_SOURCE_FILES.filter((f) => f.mode !== 'none')
  const content = new Map<string, unknown>()
  const files: DataSourceFile[] = []
  await eachLimited(wanted, 4, async (f) => {
    const bytes = f.mode === 'local' ? await readFile(join(deps.localDir, f.path)) : await download(deps, f)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const expected = deps.expectedSha.get(f.raw)
    // A local file is the seed's own (derived, kept by import:check); a pinned one must be the bytes the seed read.
    if (f.mode === 'pinned' && expected && expected !== sha256) {
      throw new SourceRefusal(`${sourceKey(f)} is pinned, but its SHA-256 ${sha256} is not the recorded ${expected}`)
    }
    content.set(f.raw, parseSource(f.raw, bytes))
    files.push({ repo: f.repo, ref: f.ref, commit: f.mode === 'pinned' ? f.ref : null, path: f.path, sha256, bytes: bytes.length })
  })
  files.sort((a, b) => (sourceKey(a) < sourceKey(b) ? -1 : 1))
  return { content, files }
}

const GAME_LANGS: readonly GameLang[] = ['zh_CN', 'en_US', 'ja_JP', 'ko_KR']
const TOOLBOX_LANGS: readonly ToolboxLang[] = ['cn', 'us', 'jp', 'kr']

/** The importer's raw inputs (all but the matrix dumps) from the fetched files, with the toolbox's current events. */
export const toReferenceRaw = (content: ReadonlyMap<string, unknown>, seenAt: number): ReferenceRaw => {
  const get = <T>(rawPath: string) => content.get(rawPath) as T
  return {
    items: get(RAW_FILES.items),
    stages: get(RAW_FILES.stages),
    zones: get(RAW_FILES.zones),
    maaStages: get(RAW_FILES.maaStages),
    itemTables: Object.fromEntries(GAME_LANGS.map((l) => [l, get<{ items: unknown }>(RAW_FILES.itemTable(l)).items])) as ReferenceRaw['itemTables'],
    zoneTables: Object.fromEntries(GAME_LANGS.map((l) => [l, get(RAW_FILES.zoneTable(l))])) as ReferenceRaw['zoneTables'],
    chapterTable: get(RAW_FILES.chapterTable),
    retroTable: get(RAW_FILES.retroTable),
    buildingData: get(RAW_FILES.buildingData),
    toolboxZoneNames: Object.fromEntries(TOOLBOX_LANGS.map((l) => [l, get(RAW_FILES.toolboxZoneNames(l))])) as ReferenceRaw['toolboxZoneNames'],
    history: get(RAW_FILES.history),
    events: {
      stage: get(TOOLBOX_EVENT_FILES.stage),
      event: get(TOOLBOX_EVENT_FILES.event),
      drop: get(TOOLBOX_EVENT_FILES.drop),
      zone: get(TOOLBOX_EVENT_FILES.zone),
      seenAt: new Date(seenAt).toISOString(),
    },
  }
}
