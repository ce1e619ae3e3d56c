import { API_TIMEOUT_MS } from '../config/constants'
import { env } from '../config/env'
import { takeEarlyResponse } from './early-requests'

/** URL fragments whose requests carry `Authorization: PenguinID <id>` when logged in (spec 000 §7). */
export const AUTHORIZED_FRAGMENTS = ['/report', '/report/recall', 'personal', '/result/advanced', '/recognition/defects/report']

export const needsAuthorization = (url: string) => AUTHORIZED_FRAGMENTS.some((f) => url.includes(f))

/** Compares dotted versions (`v3.4.0`, `3.13.28`); prerelease tags are ignored. */
export const compareVersions = (a: string, b: string) => {
  const parts = (v: string) =>
    v
      .replace(/^[^\d]*/, '')
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}

/** Outdated when `X-Penguin-Upgrade` is present or `X-Penguin-Compatible` names a newer client. */
export const isOutdated = (headers: Headers, ownVersion: string) => {
  if (headers.has('X-Penguin-Upgrade')) return true
  const compatible = headers.get('X-Penguin-Compatible')
  if (!compatible) return false
  const version = compatible.replace(/^frontend-v2@/, '')
  return compareVersions(version, ownVersion) > 0
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

const DEPLOYING_MARKER = 'content="type=deploying"'

/**
 * The spec's error text: `(status) text` where text is the maintenance message when the server
 * says it is unavailable or deploying, else its message, else the body; `(!) text` without a
 * response. `maintenance` is the translated maintenance message.
 */
export const composeErrorText = (res: { status: number; body: string } | null, error: unknown, maintenance: string): string => {
  if (!res) return `(!) ${error instanceof Error ? error.message : String(error)}`
  let message: string | undefined
  try {
    const parsed = JSON.parse(res.body) as { message?: unknown }
    if (typeof parsed.message === 'string') message = parsed.message
  } catch {
    // not JSON
  }
  const text =
    (message?.includes('unavailable') ?? false) || res.body.includes(DEPLOYING_MARKER)
      ? maintenance
      : message || res.body.slice(0, 200) || (error instanceof Error ? error.message : String(error))
  return `(${res.status}) ${text}`
}

export interface ApiHooks {
  username(): string | null
  onOutdated(): void
  /** The server assigned or confirmed an identity (`X-Penguin-Set-PenguinID`). */
  onSetPenguinId(id: string): void
  /** An answer named the game-data version it was answered under (`X-Dropwise-Data-Version`, docs/api-extensions.md §3j). */
  onGameDataVersion(version: number): void
  maintenanceText(): string
}

let hooks: ApiHooks = {
  username: () => null,
  onOutdated: () => undefined,
  onSetPenguinId: () => undefined,
  onGameDataVersion: () => undefined,
  maintenanceText: () => 'maintenance',
}
export const setApiHooks = (h: ApiHooks) => {
  hooks = h
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'HEAD'
  body?: string
  contentType?: string
  signal?: AbortSignal
  /** The browser cache's mode (`no-cache`: revalidate what it holds with the server first). */
  cache?: RequestCache
}

export const GAME_DATA_VERSION_HEADER = 'X-Dropwise-Data-Version'

/**
 * One request to the v2 API with credentials, the 90 s timeout and the shared header handling; `read`
 * takes the body of a successful answer (an error answer's body is read as text for its message).
 */
const send = async <T>(path: string, opts: RequestOptions, read: (res: Response) => Promise<T>): Promise<{ body: T; headers: Headers }> => {
  const url = `${env.apiBase}${path}`
  const headers: Record<string, string> = {}
  if (opts.contentType) headers['Content-Type'] = opts.contentType
  const user = hooks.username()
  if (user && needsAuthorization(url)) headers.Authorization = `PenguinID ${user}`
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  let res: Response
  try {
    const init: RequestInit = { method: opts.method ?? 'GET', body: opts.body, headers, credentials: 'include', signal }
    if (opts.cache) init.cache = opts.cache
    const request = () => fetch(url, init)
    // A GET the start-up script sent already (item and stage pages): its answer, or a request of our own if it failed.
    // Not when the browser cache was told how to answer (a revalidation wants the server's answer of now).
    const early = (opts.method ?? 'GET') === 'GET' && headers.Authorization === undefined && !opts.cache ? takeEarlyResponse(path) : undefined
    res = early ? await early.catch(request) : await request()
  } catch (err) {
    throw new ApiError(composeErrorText(null, err, hooks.maintenanceText()), null)
  }
  if (isOutdated(res.headers, env.compatVersion)) hooks.onOutdated()
  const dataVersion = Number(res.headers.get(GAME_DATA_VERSION_HEADER))
  if (Number.isInteger(dataVersion) && dataVersion > 0) hooks.onGameDataVersion(dataVersion)
  const setId = res.headers.get('X-Penguin-Set-PenguinID')
  if (!res.ok) throw new ApiError(composeErrorText({ status: res.status, body: await res.text() }, null, hooks.maintenanceText()), res.status)
  const body = await read(res)
  if (setId) hooks.onSetPenguinId(decodeURIComponent(setId))
  return { body, headers: res.headers }
}

/** One request to the v2 API (see `send`), its answer as text. */
export const apiRequest = async (path: string, opts: RequestOptions = {}): Promise<{ text: string; headers: Headers }> => {
  const { body, headers } = await send(path, opts, (res) => res.text())
  return { text: body, headers }
}

/**
 * One request to the v2 API (see `send`), its answer's bytes undecoded: for answers the dataset worker
 * decodes. Reading a large answer as text makes the page decode it (UTF-8 to a string, then a copy of
 * the string to the worker): for the stage list one task of tens of milliseconds on the main thread,
 * where the bytes are a plain copy.
 */
export const apiBytes = async (path: string, opts: RequestOptions = {}): Promise<ArrayBuffer> => (await send(path, opts, (res) => res.arrayBuffer())).body

export const apiGetJson = async (path: string, signal?: AbortSignal): Promise<unknown> => {
  const { text } = await apiRequest(path, signal ? { signal } : {})
  return JSON.parse(text) as unknown
}
