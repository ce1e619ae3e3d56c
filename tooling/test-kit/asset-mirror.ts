/**
 * For tests and local runs (the server's asset tests, the recognition journey): a folder laid out like the
 * public repositories (`<owner>/<repo>/<commit>/<path>`, the layout `ASSETS_BASE_URL` and `ASSETS_DIR`
 * promise), filled from a copy laid out like shared/data/recognition/resources, and a small HTTP server
 * over it that counts requests (an `ASSETS_BASE_URL` without the internet).
 */
import { copyFile, mkdir, mkdtemp, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, normalize, sep } from 'node:path'
import { resourcesCopyPath, type AssetFile, type AssetManifest } from '@dropwise/recognizer-pack/assets'

/** Where a pinned file lies in the repositories' layout (the server's `assetKey`). */
const mirrorPath = (f: Pick<AssetFile, 'repo' | 'commit' | 'path'>) => `${f.repo}/${f.commit}/${f.path}`

/** Copies every manifest file from `resourcesDir` into a new temporary folder in the repositories' layout. */
export const layOutMirror = async (manifest: AssetManifest, resourcesDir: string, into?: string): Promise<string> => {
  const root = into ?? (await mkdtemp(join(tmpdir(), 'dropwise-asset-mirror-')))
  for (const f of manifest.files) {
    const copy = resourcesCopyPath(f)
    if (!copy) throw new Error(`no local copy known for ${mirrorPath(f)}`)
    const target = join(root, ...mirrorPath(f).split('/'))
    await mkdir(dirname(target), { recursive: true })
    await copyFile(join(resourcesDir, copy), target)
  }
  return root
}

export interface MirrorServer {
  url: string
  port: number
  /** Paths requested so far. */
  requests: string[]
  close: () => Promise<void>
}

/** Serves `root` on 127.0.0.1 (`port` 0 = any free port). */
export const serveMirror = (root: string, port = 0): Promise<MirrorServer> => {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    requests.push(path)
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${bound}`,
        port: bound,
        requests,
        close: () => new Promise<void>((ok) => server.close(() => ok())),
      })
    })
  })
}
