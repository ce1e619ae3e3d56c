import type { RecognitionException, RecognitionResult, Server } from '@dropwise/recognizer'
import type { Outcome } from './image-outcome'

export type ImageStatus = 'pending' | 'initializing' | 'recognizing' | 'rendering' | 'submitting' | 'done'

/** One selected screenshot on the page, from selection to submission. */
export interface RecImage {
  id: number
  file: File
  /** Object URL of the file, for previews (revoked when the image leaves the page). */
  url: string
  server: Server
  status: ImageStatus
  result: RecognitionResult | null
  /** The worker could not decode or recognise the file. */
  failure: { message: string; decode: boolean } | null
  /** Decode + recognition time in the worker. */
  ms: number | null
  /** The user's accept (true) or reject (false); null keeps the default (success results preselected). */
  decision: boolean | null
  /** Stored by the server. */
  submitted: boolean
}

/** An image with the batch checks applied. */
export interface JudgedImage extends RecImage {
  exceptions: RecognitionException[]
  outcome: Outcome
  selectable: boolean
  selected: boolean
}
