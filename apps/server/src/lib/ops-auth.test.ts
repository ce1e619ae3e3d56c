import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { errorHandlerPlugin } from '../plugins/error-handler'
import { createOpsAuth } from './ops-auth'

const appWith = async (token: string | undefined) => {
  const app = Fastify()
  await app.register(errorHandlerPlugin)
  const auth = createOpsAuth(token)
  app.get('/ops', { onRequest: auth.check }, async () => ({ ok: true }))
  return app
}

describe('ops token', () => {
  const token = 'a-long-enough-operator-token'

  it('lets the right bearer token through', async () => {
    const app = await appWith(token)
    const res = await app.inject({ url: '/ops', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(200)
  })

  it.each([
    ['no header', undefined],
    ['another scheme', `PenguinID ${token}`],
    ['a wrong token', 'Bearer a-long-enough-operator-tokem'],
    ['a prefix of the token', `Bearer ${token.slice(0, -1)}`],
    ['the token with more after it', `Bearer ${token}x`],
  ])('answers 401 {code, message} for %s', async (_, authorization) => {
    const app = await appWith(token)
    const res = await app.inject({ url: '/ops', headers: authorization ? { authorization } : {} })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) })
  })

  it('stays closed when no token is configured, whatever is sent', async () => {
    const app = await appWith(undefined)
    const res = await app.inject({ url: '/ops', headers: { authorization: 'Bearer anything-at-all-here' } })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toMatch(/OPS_TOKEN/)
  })
})
