import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, originSource, webContentSecurityPolicy } from './security-headers'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('security headers', () => {
  it('hashes inline scripts as the browser does, and nothing else', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<SCRIPT type="module">b()\r\n</SCRIPT >',
      '<script type="application/ld+json">{"x":1}</script>',
      '<script>a()</script>',
    ].join('\n')
    // Each distinct script once; the external one and the data block are not hashed; CR LF is read as LF.
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()\n')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })

  it('takes the origin of absolute addresses only', () => {
    expect(originSource('https://cdn.example/packs/v3/')).toBe('https://cdn.example')
    expect(originSource('http://127.0.0.1:9000/pack')).toBe('http://127.0.0.1:9000')
    expect(originSource('/recognizer-pack/')).toBeNull()
    expect(originSource('javascript:alert(1)')).toBeNull()
    expect(originSource(null)).toBeNull()
  })

  it('builds the policy: hashes, the websocket host, another origin of the pack; never unsafe-eval', () => {
    const csp = webContentSecurityPolicy({
      host: 'stats.example:8443',
      connectUrls: ['https://cdn.example/pack/', '/recognizer-pack/', null],
      scriptHashes: [sha('a()')],
    })
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'wasm-unsafe-eval' ${sha('a()')}`)
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws://stats.example:8443 wss://stats.example:8443 https://cdn.example")
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(csp.replaceAll("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval')
    // A Host header that is not a plain host[:port] is left out rather than written into the policy.
    expect(directive(webContentSecurityPolicy({ host: 'evil; script-src *' }), 'connect-src')).toBe("connect-src 'self'")
  })
})
