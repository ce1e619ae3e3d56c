import { createProbeClient, type SocketLike } from './probe-client'
import { encodeProbeEvent, type OutgoingProbeEvent } from './probe-wire'

/** The probe's transport: the reconnecting socket on the API host, sending encoded events. */
export interface ProbeRuntimeOptions {
  /** The v2 API base (absolute or relative): the probe lives at `/api/probe` on the same host. */
  apiBase: string
  version: string
  uid: string
  /** Path at connection time (the `r` query parameter). */
  path: () => string
}

export const probeUrl = (opts: ProbeRuntimeOptions, attempt: number, pageHref: string) => {
  const base = new URL(opts.apiBase, pageHref)
  const url = new URL('/api/probe', base)
  url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('v', opts.version)
  url.searchParams.set('p', 'web')
  url.searchParams.set('u', opts.uid)
  url.searchParams.set('r', opts.path())
  if (attempt > 0) url.searchParams.set('i', String(attempt))
  return url.toString()
}

export const startProbeRuntime = (opts: ProbeRuntimeOptions) => {
  const client = createProbeClient({
    connect: (attempt) => new WebSocket(probeUrl(opts, attempt, location.href)) as unknown as SocketLike,
    schedule: (fn, ms) => setTimeout(fn, ms),
    cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  })
  return {
    send: (event: OutgoingProbeEvent) => client.send(encodeProbeEvent(event)),
    stop: () => client.close(),
  }
}
export type ProbeRuntime = ReturnType<typeof startProbeRuntime>
