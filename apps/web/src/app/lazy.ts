import { CHUNK_TIMEOUT_MS } from '../config/constants'

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timed out')
    this.name = 'ChunkTimeoutError'
  }
}

/** Wraps a dynamic import with the spec's 120 s chunk timeout. */
export const withTimeout =
  <T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): (() => Promise<T>) =>
  () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms)
      load().then(
        (v) => {
          clearTimeout(timer)
          resolve(v)
        },
        (e: unknown) => {
          clearTimeout(timer)
          reject(e instanceof Error ? e : new Error(String(e)))
        },
      )
    })
