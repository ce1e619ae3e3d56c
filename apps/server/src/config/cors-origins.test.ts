import { describe, expect, it } from 'vitest'
import { DEFAULT_CORS_ORIGINS, originAllowed, parseCorsOrigins } from './cors-origins'
import { parseEnv } from './env'
import { StartupError } from './startup-error'

const rules = (raw: string | undefined) => {
  const parsed = parseCorsOrigins(raw)
  if (!parsed.ok) throw new Error(`not valid: ${parsed.invalid.join(', ')}`)
  return parsed.value
}

describe('CORS_ORIGINS', () => {
  it.each([
    [undefined, 'https://penguin-stats.io', true],
    ['', 'https://www.penguin-stats.io', true],
    [undefined, 'https://penguin-stats.cn', true],
    [undefined, 'https://a.b.penguin-stats.cn', true],
    [undefined, 'http://penguin-stats.io', false],
    [undefined, 'https://penguin-stats.io:444', false],
    [undefined, 'https://penguin-stats.io.evil.example', false],
    [undefined, 'https://xpenguin-stats.io', false],
    [undefined, 'null', false],
    [undefined, 'https://penguin-stats.io/path', false],
    ['https://tools.example', 'https://tools.example', true],
    ['https://tools.example', 'https://penguin-stats.io', false],
    ['HTTPS://Tools.Example:8443', 'https://tools.example:8443', true],
    ['https://tools.example:443', 'https://tools.example', true],
    ['http://localhost:5173', 'http://localhost:5173', true],
    ['http://localhost:5173', 'http://localhost:5174', false],
    ['https://*.friends.example', 'https://friends.example', false],
    ['https://*.friends.example', 'https://a.friends.example', true],
    ['default, https://tools.example', 'https://penguin-stats.io', true],
    ['default, https://tools.example', 'https://tools.example', true],
    ['none', 'https://penguin-stats.io', false],
    ['http://[::1]:5173', 'http://[::1]:5173', true],
  ])('%s allows %s: %s', (raw, origin, want) => expect(originAllowed(rules(raw), origin)).toBe(want))

  it.each([
    '*',
    'https://*',
    'https://*.example',
    'penguin-stats.io',
    'https://a.example/',
    'https://a.example/path',
    'ftp://a.example',
    'https://a_b.example',
    'https://user@a.example',
    'none, https://a.example',
  ])('refuses %s', (raw) => expect(parseCorsOrigins(raw).ok).toBe(false))

  it('parseEnv reads the list, defaults to the public client and this site, and names a bad entry', () => {
    expect(parseEnv({}).CORS_ORIGINS).toEqual(rules(DEFAULT_CORS_ORIGINS.join(',')))
    expect(parseEnv({ CORS_ORIGINS: 'https://tools.example' }).CORS_ORIGINS).toEqual([{ protocol: 'https:', host: 'tools.example', subdomains: false, port: '' }])
    try {
      parseEnv({ CORS_ORIGINS: 'https://ok.example,*' })
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(StartupError)
      expect((err as Error).message).toMatch(/^ {2}CORS_ORIGINS: must be a comma-separated list of origins .*\(not valid: "\*"\)$/m)
    }
  })
})
