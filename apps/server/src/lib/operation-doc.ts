/**
 * What a route's schema says for the API description beyond its zod schemas: the operation's id, who may
 * call it (`security`), its error answers, content types other than JSON. A route spreads
 * `...operation({...})` into its `schema`; plugins/docs-describe.ts completes the generated document from it.
 */
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

/** The schema key that carries the operation's entry to the document (an OpenAPI extension, removed from the result). */
export const OPERATION_KEY = 'x-dropwise-operation'

export const SECURITY: Record<Access, Record<string, string[]>[]> = {
  anonymous: [],
  penguinId: [{ PenguinID: [] }, { PenguinIDCookie: [] }],
  penguinIdOptional: [{}, { PenguinID: [] }, { PenguinIDCookie: [] }],
  uploadToken: [{ DefectUploadToken: [] }, {}],
  opsToken: [{ OpsToken: [] }],
}

/** The documentation part of a route's schema: its operation id and security, and the entry docs-describe.ts applies. */
export const operation = (spec: OperationDoc) => ({ operationId: spec.operationId, security: SECURITY[spec.access], [OPERATION_KEY]: spec })

/** A `text/plain` content entry (of `requestBody` or an answer). */
export const textContent = (schema: Json, example?: unknown) => ({ 'text/plain': { schema, ...(example === undefined ? {} : { example }) } })
