import type { RecognitionResult, Server } from '@dropwise/recognizer'

/** Messages from the page to the recognizer worker. */
export type ToWorker =
  /** Load the pack from `packUrl` (an absolute folder address ending in `/`). */
  | { type: 'init'; packUrl: string }
  /** Decode and recognise one screenshot. `at` is the file's lastModified (picks re-run stage variants). */
  | { type: 'recognize'; id: number; file: Blob; server: Server; at: number }

/** What the pack says about itself once loaded. */
export interface PackInfo {
  templates: number
  /** Servers with a stage index. */
  servers: string[]
  /** Short content tag of the pack (sizes of its two files), for defect reports. */
  tag: string
  ms: number
}

/** Messages from the worker to the page. */
export type FromWorker =
  | { type: 'ready'; info: PackInfo }
  | { type: 'init-failed'; message: string }
  | { type: 'result'; id: number; result: RecognitionResult; width: number; height: number; decodeMs: number; recognizeMs: number }
  /** The image could not be decoded (not an image the browser can read) or recognition threw. */
  | { type: 'failed'; id: number; message: string; decode: boolean }
