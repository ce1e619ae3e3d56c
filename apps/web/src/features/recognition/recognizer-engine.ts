import type { RecognitionResult, Server } from '@dropwise/recognizer'
import { createWorkerClient, type WorkerPort } from '../../lib/worker-client'
import type { FromWorker, PackInfo, ToWorker } from './protocol'

/** One recognised screenshot as the worker returns it. */
export interface EngineResult {
  result: RecognitionResult
  width: number
  height: number
  decodeMs: number
  recognizeMs: number
}

/** A file the worker could not decode or recognise. */
export class RecognitionFailure extends Error {
  constructor(
    message: string,
    /** True when the browser could not decode the file (an invalid or unsupported image). */
    readonly decode: boolean,
  ) {
    super(message)
    this.name = 'RecognitionFailure'
  }
}

/**
 * The page's handle on the recognizer worker: `init` loads the pack once (later calls share the
 * same promise until it fails), `recognize` queues screenshots (the worker handles one at a time).
 */
export interface RecognizerEngine {
  init(packUrl: string): Promise<PackInfo>
  recognize(file: Blob, server: Server, at: number): Promise<EngineResult>
  dispose(): void
}

export type WorkerLike = WorkerPort<ToWorker, FromWorker>

export const createRecognizerEngine = (spawn: () => WorkerLike): RecognizerEngine => {
  let ready: Promise<PackInfo> | null = null
  let settleReady: { resolve: (v: PackInfo) => void; reject: (e: Error) => void } | null = null
  const client = createWorkerClient<ToWorker, FromWorker, EngineResult>({
    spawn,
    crashMessage: 'the recognition worker could not start',
    onFail: (error) => {
      settleReady?.reject(error)
      settleReady = null
      ready = null
    },
    onMessage: (m, calls) => {
      if (m.type === 'ready') {
        settleReady?.resolve(m.info)
        settleReady = null
      } else if (m.type === 'init-failed') {
        settleReady?.reject(new Error(m.message))
        settleReady = null
        ready = null
      } else if (m.type === 'result') {
        calls.resolve(m.id, { result: m.result, width: m.width, height: m.height, decodeMs: m.decodeMs, recognizeMs: m.recognizeMs })
      } else {
        calls.reject(m.id, new RecognitionFailure(m.message, m.decode))
      }
    },
  })

  return {
    init: (packUrl) => {
      if (ready) return ready
      ready = new Promise<PackInfo>((resolve, reject) => {
        settleReady = { resolve, reject }
      })
      client.post({ type: 'init', packUrl })
      return ready
    },
    recognize: (file, server, at) => client.call((id) => ({ type: 'recognize', id, file, server, at })),
    dispose: () => client.dispose(),
  }
}

/** The real worker (its own chunk: only the recognition page loads it). */
export const spawnRecognizerWorker = (): WorkerLike =>
  new Worker(new URL('./recognizer.worker.ts', import.meta.url), { type: 'module', name: 'recognizer' }) as unknown as WorkerLike
