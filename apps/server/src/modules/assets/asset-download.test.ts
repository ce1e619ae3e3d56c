import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { AssetFile } from '@dropwise/recognizer-pack/assets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { downloadAsset } from './asset-download'
import { createAssetsRepository } from './assets.repository'

// A mirror that stops mid-body: what reaches the build is only ever a whole, verified file.
describe('downloading a pinned file from a mirror that drops the connection mid-body', () => {
  const body = Buffer.alloc(256 * 1024, 7)
  const file: AssetFile = {
    repo: 'o/r',
    commit: 'b'.repeat(40),
    path: 'resources/items.zip',
    sha256: createHash('sha256').update(body).digest('hex'),
    bytes: body.length,
    role: 'item-icons-zip',
  }
  const root = mkdtempSync(join(tmpdir(), 'dropwise-asset-download-'))
  let cut = true
  let server: Server
  let baseUrl = ''
  beforeAll(async () => {
    // The first answer announces the whole length, sends a quarter and resets the socket; later ones are whole.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length })
      if (!cut) return void res.end(body)
      cut = false
      res.write(body.subarray(0, body.length / 4), () => res.socket?.destroy())
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  it('fails with a reason naming the address, leaves no file or partial file, and stores the whole file on the next try', async () => {
    const repository = createAssetsRepository({ cacheDir: root })
    const deps = { baseUrl, fetch, repository }
    const signal = new AbortController().signal
    const path = repository.sourcePath(file)

    const failed = await downloadAsset(deps, file, signal).then(
      () => null,
      (err: Error) => err.message,
    )
    expect(failed).toMatch(new RegExp(`^could not reach ${baseUrl}/o/r/${'b'.repeat(40)}/resources/items\\.zip: `))
    expect(existsSync(path)).toBe(false)
    expect(existsSync(dirname(path)) ? readdirSync(dirname(path)) : []).toEqual([])

    expect(await downloadAsset(deps, file, signal)).toBe(body.length)
    expect(readFileSync(path).equals(body)).toBe(true)
    expect(await repository.verify(path, file)).toEqual({ ok: true })
  })

  it('lets two servers sharing a data folder (PostgreSQL mode) download the same file at once: one whole file, no partial left', async () => {
    cut = false // whole answers only
    const cacheDir = join(root, 'shared')
    const [a, b] = [createAssetsRepository({ cacheDir }), createAssetsRepository({ cacheDir })]
    const signal = new AbortController().signal
    const sizes = await Promise.all([a, b].map((repository) => downloadAsset({ baseUrl, fetch, repository }, file, signal)))
    expect(sizes).toEqual([body.length, body.length])
    const path = a.sourcePath(file)
    expect(readdirSync(dirname(path))).toEqual(['items.zip'])
    expect(readFileSync(path).equals(body)).toBe(true)
  })
})
