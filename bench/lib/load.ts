import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  method?: 'GET' | 'POST'
  /** Request bodies, used in turn. */
  bodies?: string[]
  headers?: Record<string, string>
  connections: number
  seconds: number
}

export interface LoadResult {
  generator: 'wrk' | 'autocannon'
  requests: number
  requestsPerSecond: number
  non2xx: number
  errors: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

const WRK = '/usr/bin/wrk'

const toMs = (value: string): number => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim())
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000
}

const lua = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

/**
 * Loopback load, bounded in time. Uses wrk (C, Debian package `wrk`) when installed: a JavaScript
 * client on the same 2 cores saturates before the server does for large responses. Falls back to
 * autocannon, and says so in the result.
 */
export const runLoad = async (o: LoadOptions): Promise<LoadResult> => {
  if (existsSync(WRK)) {
    const dir = mkdtempSync(join(tmpdir(), 'dropwise-wrk-'))
    const script = join(dir, 'load.lua')
    const bodies = o.bodies ?? []
    writeFileSync(
      script,
      [
        `wrk.method = "${o.method ?? 'GET'}"`,
        ...Object.entries(o.headers ?? {}).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
        `local bodies = { ${bodies.map(lua).join(', ')} }`,
        'local n = 0',
        'request = function()',
        '  n = n + 1',
        '  if #bodies == 0 then return wrk.format() end',
        '  return wrk.format(nil, nil, nil, bodies[(n % #bodies) + 1])',
        'end',
      ].join('\n'),
    )
    try {
      const { stdout } = await promisify(execFile)(WRK, ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '-s', script, o.url], {
        timeout: (o.seconds + 30) * 1000,
      })
      const pick = (re: RegExp) => re.exec(stdout)?.[1] ?? ''
      const requests = Number(pick(/(\d+) requests in/))
      const non2xx = Number(pick(/Non-2xx or 3xx responses: (\d+)/) || 0)
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
      return {
        generator: 'wrk',
        requests,
        requestsPerSecond: Math.round(Number(pick(/Requests\/sec:\s+([\d.]+)/))),
        non2xx,
        errors: socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
        p50Ms: toMs(pick(/\n\s+50%\s+(\S+)/)),
        p99Ms: toMs(pick(/\n\s+99%\s+(\S+)/)),
        maxMs: toMs(pick(/Latency\s+\S+\s+\S+\s+(\S+)/)),
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  let n = 0
  const bodies = o.bodies ?? []
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    connections: o.connections,
    duration: o.seconds,
    headers: o.headers ?? {},
    ...(bodies.length ? { setupClient: (client: autocannon.Client) => client.setBody(bodies[n++ % bodies.length] as string) } : {}),
  })
  return {
    generator: 'autocannon',
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
  }
}
