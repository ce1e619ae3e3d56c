/**
 * The probe's transport: a websocket that buffers messages while it is not open, flushes the whole
 * buffer once it opens, and reconnects with a doubling backoff from 1000 ms, except when the close
 * code says the end was intended (1000 normal, 1001 going away, 1005 no status). Unlike the public
 * client the backoff is reset after a successful open and the buffer is flushed completely
 * (web-reference §2.13, §5.9). Clock and socket come in as parameters so tests drive them.
 */

/** The part of the WebSocket API the client uses. */
export interface SocketLike {
  binaryType: string
  readonly readyState: number
  send(data: Uint8Array): void
  close(code?: number): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: { code: number }) => void) | null
  onerror: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
}

export const SOCKET_OPEN = 1
export const NO_RECONNECT_CODES: readonly number[] = [1000, 1001, 1005]
export const BACKOFF_START_MS = 1000
export const BACKOFF_MAX_MS = 16_000
export const MAX_BUFFERED = 200

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, 16 s, then 16 s. */
export const backoffDelay = (attempt: number, start = BACKOFF_START_MS, max = BACKOFF_MAX_MS) => Math.min(max, start * 2 ** Math.max(0, attempt - 1))

export interface ProbeClientDeps {
  /** Opens a socket; `attempt` is 0 for the first connection and counts reconnects after that. */
  connect: (attempt: number) => SocketLike
  schedule: (fn: () => void, ms: number) => unknown
  cancel: (handle: unknown) => void
  onMessage?: (data: unknown) => void
  maxBuffered?: number
}

export type ProbeClientState = 'connecting' | 'open' | 'waiting' | 'closed'

export const createProbeClient = ({ connect, schedule, cancel, onMessage, maxBuffered = MAX_BUFFERED }: ProbeClientDeps) => {
  const buffer: Uint8Array[] = []
  let socket: SocketLike | null = null
  let timer: unknown = null
  let attempt = 0
  let state: ProbeClientState = 'connecting'

  const flush = () => {
    while (socket && socket.readyState === SOCKET_OPEN && buffer.length > 0) {
      const next = buffer[0]!
      try {
        socket.send(next)
      } catch {
        return // stays buffered; the close that follows reconnects
      }
      buffer.shift()
    }
  }

  const open = () => {
    timer = null
    state = 'connecting'
    let s: SocketLike
    try {
      s = connect(attempt)
    } catch {
      retry()
      return
    }
    socket = s
    s.binaryType = 'arraybuffer'
    s.onopen = () => {
      if (socket !== s) return
      state = 'open'
      attempt = 0
      flush()
    }
    s.onmessage = (ev) => onMessage?.(ev.data)
    // Errors are followed by a close event, which decides about reconnecting.
    s.onerror = () => undefined
    s.onclose = (ev) => {
      if (socket !== s) return
      socket = null
      if (state === 'closed' || NO_RECONNECT_CODES.includes(ev.code)) {
        state = 'closed'
        return
      }
      retry()
    }
  }

  const retry = () => {
    attempt++
    state = 'waiting'
    timer = schedule(open, backoffDelay(attempt))
  }

  open()

  return {
    /** Sends now when open, else keeps the message (the oldest are dropped beyond the cap). */
    send(message: Uint8Array) {
      if (state === 'closed') return
      buffer.push(message)
      if (buffer.length > maxBuffered) buffer.splice(0, buffer.length - maxBuffered)
      flush()
    },
    /** Closes for good (code 1000): no reconnect, the buffer is dropped. */
    close() {
      state = 'closed'
      if (timer !== null) cancel(timer)
      timer = null
      buffer.length = 0
      const s = socket
      socket = null
      s?.close(1000)
    },
    get state() {
      return state
    },
    get buffered() {
      return buffer.length
    },
  }
}
export type ProbeClient = ReturnType<typeof createProbeClient>
