import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DEFAULT_ASSET_MANIFEST, formatManifest, manifestFromResources, resourcesCopyPath, type AssetFile } from '@dropwise/recognizer-pack/assets'
import { afterAll, describe, expect, it } from 'vitest'
import { SHARED_DATA_DIR } from '../../testing/test-app'
import { AssetMismatchError, assetKey, createAssetsRepository } from './assets.repository'
import { AssetManifestSchema } from './assets.schema'

const RESOURCES = join(SHARED_DATA_DIR, 'recognition', 'resources')
const haveShared = existsSync(RESOURCES)
const manifestText = readFileSync(DEFAULT_ASSET_MANIFEST, 'utf8')
const manifest = AssetManifestSchema.parse(JSON.parse(manifestText))
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

const root = mkdtempSync(join(tmpdir(), 'dropwise-assets-repo-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('data/assets/manifest.json', () => {
  it('pins full commits of the two public repositories and lists what the build needs', () => {
    expect(new Set(manifest.files.map((f) => `${f.repo}@${f.commit}`))).toEqual(
      new Set(['penguin-statistics/recognizer@c40a47b89183d18910e2d446b4c73814e22ac885', 'MaaAssistantArknights/MaaResource@20e5566df3d0386f060ca57732a62c278a899e2d']),
    )
    expect(
      manifest.files
        .filter((f) => f.role === 'item-icon')
        .map((f) => f.path.split('/').pop())
        .sort(),
    ).toEqual(
      ['31063', '31064', 'act12mini_token_component', 'act20side_token_book', ...[1, 2, 3, 4, 5, 6].map((i) => `act24side_melding_${i}`)].map((id) => `${id}.png`).sort(),
    )
  })

  it.skipIf(!haveShared).each(manifest.files.map((f) => [assetKey(f), f] as const))('%s matches its copy in shared/data/recognition', (_key, f) => {
    const copy = readFileSync(join(RESOURCES, resourcesCopyPath(f)!))
    expect({ sha256: sha256(copy), bytes: copy.length }).toEqual({ sha256: f.sha256, bytes: f.bytes })
  })

  it.skipIf(!haveShared)('is what `npm run assets:manifest` writes from those copies', async () => {
    expect(formatManifest(await manifestFromResources(RESOURCES))).toBe(manifestText)
  })

  it('refuses entries that could name a path outside the cache', () => {
    const entry = manifest.files[0]!
    for (const bad of [{ path: '../x.png' }, { path: '/etc/passwd' }, { repo: '../../x' }, { commit: 'main/../..' }, { sha256: 'abc' }]) {
      expect(AssetManifestSchema.safeParse({ ...manifest, files: [{ ...entry, ...bad }, ...manifest.files.slice(1)] }).success).toBe(false)
    }
  })
})

describe('assets repository', () => {
  const file = (bytes: Uint8Array): AssetFile => ({ repo: 'o/r', commit: 'a'.repeat(40), path: 'dir/f.bin', sha256: sha256(bytes), bytes: bytes.length, role: 'glyphs' })
  const good = new TextEncoder().encode('the real bytes')
  const chunks = async function* (...parts: Uint8Array[]) {
    for (const p of parts) yield p
  }

  it('stores a matching download at <owner>/<repo>/<commit>/<path> and verifies it', async () => {
    const repo = createAssetsRepository({ cacheDir: join(root, 'ok') })
    const f = file(good)
    expect(await repo.store(f, chunks(good.slice(0, 4), good.slice(4)))).toBe(good.length)
    expect(repo.sourcePath(f)).toBe(join(root, 'ok', 'o', 'r', 'a'.repeat(40), 'dir', 'f.bin'))
    expect(await repo.verify(repo.sourcePath(f), f)).toEqual({ ok: true })
  })

  it('rejects and deletes a tampered download (same size, other bytes)', async () => {
    const repo = createAssetsRepository({ cacheDir: join(root, 'tampered') })
    const f = file(good)
    const evil = new TextEncoder().encode('the evil bytes')
    await expect(repo.store(f, chunks(evil))).rejects.toThrow(AssetMismatchError)
    await expect(repo.store(f, chunks(evil))).rejects.toThrow(/sha256 mismatch/)
    expect(existsSync(repo.sourcePath(f))).toBe(false)
    expect(readdirSync(dirname(repo.sourcePath(f)))).toEqual([]) // no partial file left
  })

  it('cuts a download off as soon as it passes the expected size', async () => {
    const repo = createAssetsRepository({ cacheDir: join(root, 'big') })
    const f = file(good)
    let pulled = 0
    const endless = async function* () {
      for (;;) {
        pulled++
        yield new Uint8Array(1024)
      }
    }
    await expect(repo.store(f, endless())).rejects.toThrow(/more than the expected/)
    expect(pulled).toBe(1)
    expect(existsSync(repo.sourcePath(f))).toBe(false)
  })

  it('reports a tampered file on disk as a mismatch and a missing one as missing', async () => {
    const repo = createAssetsRepository({ cacheDir: join(root, 'disk') })
    const f = file(good)
    const path = repo.sourcePath(f)
    expect(await repo.verify(path, f)).toEqual({ ok: false, reason: 'missing' })
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, 'the evil bytes')
    expect(await repo.verify(path, f)).toMatchObject({ ok: false, reason: 'mismatch', detail: expect.stringMatching(/^sha256/) })
    writeFileSync(path, 'short')
    expect(await repo.verify(path, f)).toMatchObject({ ok: false, reason: 'mismatch', detail: '5 bytes instead of 14' })
  })

  it('reads files from ASSETS_DIR and never writes there', async () => {
    const source = join(root, 'operator')
    const repo = createAssetsRepository({ cacheDir: join(root, 'cache'), sourceDir: source })
    expect(repo.sourcePath(file(good)).startsWith(source)).toBe(true)
    expect(repo.builtDir).toBe(join(root, 'cache', 'built'))
  })

  it('keeps a stamp only when it parses', async () => {
    const repo = createAssetsRepository({ cacheDir: join(root, 'stamp') })
    expect(await repo.readStamp()).toBeNull()
    const stamp = {
      key: 'k',
      builtAt: 1,
      packDir: 'recognizer-pack/k',
      sheet: 'icons/items.k.webp',
      index: 'icons/items.k.json',
      files: [{ path: 'icons/items.k.json', bytes: 2 }],
      items: ['2001'],
      head: [{ itemId: '30175', key: 'MaaAssistantArknights/MaaResource/main/resource/template/items/30175.png', sha256: 'a'.repeat(64), bytes: 9, fetchedAt: 1 }],
    }
    await repo.writeStamp(stamp)
    expect(await repo.readStamp()).toEqual(stamp)
    expect(await repo.outputsPresent(stamp)).toBe(false)
    mkdirSync(join(repo.builtDir, 'icons'), { recursive: true })
    writeFileSync(join(repo.builtDir, 'icons', 'items.k.json'), '{}')
    expect(await repo.outputsPresent(stamp)).toBe(true)
    writeFileSync(join(repo.builtDir, 'stamp.json'), '{"key":')
    expect(await repo.readStamp()).toBeNull()
  })
})
