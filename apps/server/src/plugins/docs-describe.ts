import { readFileSync } from 'node:fs'
import { OPERATION_KEY, SECURITY, type Json, type OperationDoc } from '../lib/operation-doc'

/**
 * Completes the generated API description from what each route's schema says (`...operation({...})`,
 * lib/operation-doc.ts): security schemes, tags, error answers and examples.
 */

export const SECURITY_SCHEMES = {
  PenguinID: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'The header value is `PenguinID <id>` (e.g. `PenguinID 004213377`): the ID announced in `X-Penguin-Set-PenguinID` by a first ' +
      'report or a login. An `Authorization` header with another scheme means no identity (the cookie is then not read).',
  },
  PenguinIDCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'userID',
    description: 'Cookie `userID=<id>`, read only when the request has no `Authorization` header; the server sets it with every ID it announces.',
  },
  DefectUploadToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The `authorization` value `initDefectReport` answered, for a raw-body upload (a multipart upload sends it as a form field).',
  },
  OpsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The server’s `OPS_TOKEN` (`Authorization: Bearer <OPS_TOKEN>`); without it, or with another, 401 `UNAUTHORIZED`. Unset on the server: always 401.',
  },
} as const

export const DOCS_TAGS = [
  { name: 'reference data', description: 'Items, stages, zones, notices, event periods, the frontend config and workshop formulas (api-v2 §6).' },
  { name: 'results', description: 'Drop matrices, patterns, trends, site statistics and advanced queries (api-v2 §8). Personal variants need a PenguinID.' },
  { name: 'reports', description: 'Drop reports from the web client, MAA and other tools (api-v2 §7), and recognition batches as plain JSON.' },
  { name: 'accounts', description: 'Log in with a PenguinID (api-v2 §6.9).' },
  { name: 'recognition', description: 'Recognition defect reports and their screenshots (docs/api-extensions.md §3).' },
  { name: 'share', description: 'Short links and the open-data export of the matrix (docs/api-extensions.md §3b).' },
  { name: 'planner', description: 'ArkPlanner-compatible farming plans (docs/api-extensions.md §2).' },
  { name: 'operations', description: 'Health, build, usage counts and game assets, for the operator (outside the v2 base).' },
]

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const SET_PENGUIN_ID = {
  'X-Penguin-Set-PenguinID': {
    description:
      'Present when the server created an account for the caller (a report without a known PenguinID) or confirmed a login: the PenguinID to send from now on.',
    schema: { type: 'string' },
  },
  'X-Penguin-Proof': {
    description:
      'With every announced PenguinID: its proof (also set as the HttpOnly cookie `penguinIdProof`). Sent back in the `X-Penguin-Proof` request header ' +
      'with that PenguinID, it is never limited by the identity budget of the address, whatever others there guess (docs/api-extensions.md §4).',
    schema: { type: 'string' },
  },
}
// docs/api-extensions.md §3j: every v2 answer names its game-data version; the reference lists revalidate.
const DATA_VERSION = {
  'X-Dropwise-Data-Version': {
    description:
      'The game-data version (`GET /api/_/data`) of the reference data this answer was made under; a client that stored lists under another version fetches them again. During a multi-process follow (≤ 2 s) a lagging process may name the older one.',
    schema: { type: 'integer', minimum: 1 },
  },
}
const ETAG = {
  ETag: {
    description:
      'Weak validator `W/"<game-data version>-<16 characters of the body’s SHA-1, base64url>"`, the same in every process; a new data version always gives a new one.',
    schema: { type: 'string' },
  },
}
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An `ETag` this list answered (weak comparison; `*` and lists accepted): while it still names the list, the answer is 304 without a body.',
  schema: { type: 'string' },
}
const NOT_MODIFIED = { description: 'The list is unchanged since the `ETag` sent in `If-None-Match`: no body.', headers: { ...ETAG, ...DATA_VERSION } }
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds until the budget refills.', schema: { type: 'integer' } } }

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid request (`INVALID_REQUEST`, with `violations` for field rules) or a missing entity (`NOT_FOUND`: never 404 on v2).',
  '401': 'No valid operator token (`UNAUTHORIZED`).',
  '413': 'The body is larger than allowed.',
  '429': 'Over a rate limit (`TOO_MANY_REQUESTS`); `Retry-After` says when to come back.',
  '500': 'Unexpected failure (`INTERNAL_ERROR`, `internal server error occurred`).',
  '503': 'The database does not answer.',
}
const apiError = (status: string) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Error',
  ...(status === '429' ? { headers: RETRY_AFTER } : {}),
  content: { 'application/json': { schema: ref('ApiError') } },
})

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** `getApiV2FooBar` for an operation whose route states none (docs.test.ts makes sure there is none). */
export const fallbackId = (method: string, path: string) =>
  method +
  path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')

let examplesCache: Record<string, Record<string, unknown>> | null = null
const examples = () => (examplesCache ??= JSON.parse(readFileSync(new URL('./docs-examples.json', import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>)

/** The first media type of a request body or answer, to carry its example. */
const firstMedia = (holder: unknown): Json | undefined => {
  const content = (holder as { content?: Record<string, Json> } | undefined)?.content
  return content ? Object.values(content)[0] : undefined
}

/** Every `#/components/schemas/<name>` the value refers to. */
const refsIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string)

interface Document {
  paths: Record<string, Record<string, Json>>
  components: Json & { schemas?: Record<string, Json> }
}

/**
 * Completes the generated document: operation ids, security, error answers, content types and examples
 * per operation; component schemas without `$schema`/`$id` (the document's dialect applies) and without
 * the ones no operation uses (zod's registry yields an input and an output form of every schema).
 */
export const describeOperations = <T>(input: T): T => {
  const doc = input as unknown as Document
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const key = `${method.toUpperCase()} ${path}`
      const spec: OperationDoc = (op[OPERATION_KEY] as OperationDoc | undefined) ?? { operationId: fallbackId(method, path), access: 'anonymous' }
      // Set again, in the document's order of keys (id, summary, description, security, …).
      delete op[OPERATION_KEY]
      delete op.operationId
      delete op.security
      op.operationId = spec.operationId
      if (!op.summary && spec.summary) op.summary = spec.summary
      if (spec.description) op.description = spec.description
      op.security = SECURITY[spec.access]
      if (spec.requestBody) op.requestBody = spec.requestBody

      const responses = (op.responses ??= {}) as Record<string, Json>
      for (const [status, answer] of Object.entries(spec.responses ?? {})) {
        if (answer === null) delete responses[status]
        else responses[status] = answer
      }
      for (const status of ['400', ...(spec.access === 'opsToken' ? ['401'] : []), ...(spec.limited ? ['429'] : []), '500']) responses[status] ??= apiError(status)
      for (const [status, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') {
          answer.description = status.startsWith('2') ? (spec.ok ?? 'Success.') : (ERROR_DESCRIPTIONS[status] ?? 'Error')
        }
        if (status === '429') answer.headers ??= RETRY_AFTER
      }
      if (spec.announcesPenguinId && responses['200']) responses['200'].headers = { ...(responses['200'].headers as Json | undefined), ...SET_PENGUIN_ID }
      if (spec.revalidated) {
        op.parameters = [...((op.parameters as Json[] | undefined) ?? []), IF_NONE_MATCH]
        if (responses['200']) responses['200'].headers = { ...(responses['200'].headers as Json | undefined), ...ETAG }
        responses['304'] = NOT_MODIFIED
      }
      if (path.startsWith('/api/v2/')) {
        // Copies: an answer may be an object shared by several operations.
        for (const [status, answer] of Object.entries(responses)) responses[status] = { ...answer, headers: { ...(answer.headers as Json | undefined), ...DATA_VERSION } }
      }

      for (const [part, value] of Object.entries(examples()[key] ?? {})) {
        const media = firstMedia(part === 'request' ? op.requestBody : responses[part])
        if (!media) throw new Error(`docs-examples.json: ${key} has no ${part} to carry an example`)
        media.example = value
      }
    }
  }

  const schemas = doc.components.schemas ?? {}
  for (const schema of Object.values(schemas)) {
    delete schema.$schema
    delete schema.$id
  }
  const used = new Set<string>()
  const pending = refsIn(doc.paths)
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue
    used.add(name)
    pending.push(...refsIn(schemas[name]))
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name]
  return input
}
