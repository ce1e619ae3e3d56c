/// <reference lib="webworker" />
/**
 * Recognises screenshots off the main thread: loads the resource pack once (`init`), then decodes
 * each file (createImageBitmap + OffscreenCanvas, no colour conversion) and runs @dropwise/recognizer.
 */
import { loadPack, recognize, type LoadedPack, type PackManifest } from '@dropwise/recognizer'
import type { FromWorker, ToWorker } from './protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: FromWorker) => scope.postMessage(message)

let pack: LoadedPack | null = null

const fetchOk = async (url: URL): Promise<Response> => {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`)
  return res
}

const init = async (packUrl: string) => {
  const started = performance.now()
  const base = new URL(packUrl)
  const [manifestRes, binRes] = await Promise.all([fetchOk(new URL('pack.json', base)), fetchOk(new URL('templates.bin', base))])
  let manifest: PackManifest
  try {
    manifest = (await manifestRes.json()) as PackManifest
  } catch {
    throw new Error('pack.json is not JSON')
  }
  if (manifest.format !== 'dropwise-recognizer-pack' || manifest.version !== 1) throw new Error('pack.json is not a version 1 recognizer pack')
  const bytes = new Uint8Array(await binRes.arrayBuffer())
  const need = manifest.items.length * manifest.templateSize * manifest.templateSize * 3
  if (bytes.length < need) throw new Error(`templates.bin has ${bytes.length} bytes, the manifest needs ${need}`)
  pack = loadPack(manifest, bytes)
  const servers = Object.keys(manifest.stages)
  post({
    type: 'ready',
    info: { templates: manifest.items.length, servers, tag: `${manifest.items.length}t-${bytes.length}b`, ms: performance.now() - started },
  })
}

const decode = async (file: Blob): Promise<ImageData> => {
  const bitmap = await createImageBitmap(file, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' })
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const ctx = canvas.getContext('2d', { willReadFrequently: true })
    if (!ctx) throw new Error('no 2D context in the worker')
    ctx.drawImage(bitmap, 0, 0)
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height)
  } finally {
    bitmap.close()
  }
}

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data
  if (message.type === 'init') {
    try {
      await init(message.packUrl)
    } catch (err) {
      pack = null
      post({ type: 'init-failed', message: err instanceof Error ? err.message : String(err) })
    }
    return
  }
  if (!pack) {
    post({ type: 'failed', id: message.id, message: 'the resource pack is not loaded', decode: false })
    return
  }
  const t0 = performance.now()
  let image: ImageData
  try {
    image = await decode(message.file)
  } catch (err) {
    post({ type: 'failed', id: message.id, message: err instanceof Error ? err.message : String(err), decode: true })
    return
  }
  const t1 = performance.now()
  try {
    const result = recognize(image, pack, { server: message.server, at: message.at })
    post({ type: 'result', id: message.id, result, width: image.width, height: image.height, decodeMs: t1 - t0, recognizeMs: performance.now() - t1 })
  } catch (err) {
    post({ type: 'failed', id: message.id, message: err instanceof Error ? err.message : String(err), decode: false })
  }
}
