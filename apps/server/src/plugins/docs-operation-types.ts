/** The shape of an entry of docs-operations.ts (what the API description says beyond the zod schemas). */
export type Json = Record<string, unknown>

/** Who may call an operation: `security` of the description. */
export type Access =
  /** Anyone; no identity is read. */
  | 'anonymous'
  /** An identity is required (the owner's routes). */
  | 'penguinId'
  /** Anyone; with a PenguinID the personal variant or the caller's own account is used. */
  | 'penguinIdOptional'
  /** The token handed out by `initDefectReport`. */
  | 'uploadToken'
  /** The operator's `OPS_TOKEN` as a Bearer token (401 without it). */
  | 'opsToken'

export interface OperationDoc {
  operationId: string
  access: Access
  /** Takes from a rate budget (docs/api-extensions.md §4): documents the 429 answer. */
  limited?: boolean
  /** Announces a PenguinID in `X-Penguin-Set-PenguinID` with its 200 answer. */
  announcesPenguinId?: boolean
  /** Only for routes that do not state one themselves. */
  summary?: string
  description?: string
  /** Description of the 2xx answer, when the route's schema does not give one. */
  ok?: string
  /** Replaces the generated request body (content types other than JSON). */
  requestBody?: Json
  /** Replaces or adds answers by status; `null` removes a generated one. */
  responses?: Record<string, Json | null>
  /** A reference list: `ETag` with its 200, and `If-None-Match` naming it answered 304 (docs/api-extensions.md §3j). */
  revalidated?: boolean
}
