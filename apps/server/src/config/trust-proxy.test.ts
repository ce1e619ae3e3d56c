import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy'

// What Fastify makes of each parsed TRUST_PROXY: the client address a request is attributed to.
const clientIp = async (trust: TrustProxy, remoteAddress: string, forwardedFor?: string) => {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) })
  app.get('/', (req) => ({ ip: req.ip }))
  try {
    const res = await app.inject({ url: '/', remoteAddress, ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}) })
    return (res.json() as { ip: string }).ip
  } finally {
    await app.close()
  }
}

describe('fastifyTrustProxy', () => {
  it('off: the socket peer, whatever X-Forwarded-For says', async () => {
    expect(await clientIp(false, '10.0.0.2', '6.6.6.6')).toBe('10.0.0.2')
  })

  it('one hop: the address the proxy appended; a client-supplied X-Forwarded-For does not win', async () => {
    expect(await clientIp(1, '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
    expect(await clientIp(1, '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(await clientIp(2, '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7')
  })

  it('a proxy list: only listed peers are believed', async () => {
    const trust = ['127.0.0.1', '10.0.0.0/8']
    expect(await clientIp(trust, '10.1.2.3', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(await clientIp(trust, '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4')
  })
})
