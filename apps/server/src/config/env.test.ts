import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'
import { StartupError } from './startup-error'

const message = (source: Record<string, string>) => {
  try {
    parseEnv(source)
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError)
    return (err as Error).message
  }
  throw new Error('parseEnv accepted the environment')
}

describe('parseEnv', () => {
  it('applies the defaults: PGlite in ./.data on port 8080, no proxy trusted', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: resolve('.data'), HOST: '0.0.0.0', TRUST_PROXY: false })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('makes every folder absolute, relative ones from the working directory (static roots must be absolute)', () => {
    const env = parseEnv({ DATA_DIR: 'var/db', ASSETS_DIR: './mirror', RECOGNIZER_PACK_DIR: 'pack', WEB_DIST: '/srv/web', SEED_DIR: '../seed' })
    expect(env).toMatchObject({
      DATA_DIR: join(process.cwd(), 'var/db'),
      ASSETS_DIR: join(process.cwd(), 'mirror'),
      RECOGNIZER_PACK_DIR: join(process.cwd(), 'pack'),
      WEB_DIST: '/srv/web',
      SEED_DIR: resolve('../seed'),
    })
    expect(parseEnv({ DATA_DIR: '' }).DATA_DIR).toBe(resolve('.data'))
  })

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined()
  })

  it('lists every offending variable, one line each, with the accepted form', () => {
    const text = message({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud', TRUST_PROXY: 'yes', DEMO: 'maybe', REDIS_URL: 'http://cache:6379' })
    const lines = text.split('\n').slice(1)
    expect(lines).toEqual([
      '  PORT: must be a whole number from 0 to 65535',
      '  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      '  DATABASE_URL: must be a postgres:// or postgresql:// URL',
      '  REDIS_URL: must be a redis:// or rediss:// URL',
      '  DEMO: must be 0, 1, true or false',
      expect.stringMatching(/^ {2}TRUST_PROXY: must be a hop count .* or a comma-separated list of proxy addresses\/CIDR ranges .*\(not valid: "yes"\)$/),
    ])
    expect(message({ LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL/)
    expect(message({ PORT: '-1.5' }).split('\n')).toHaveLength(2) // one line per variable, not per failed rule
  })

  it('does not echo values (a database URL holds a password)', () => {
    expect(message({ DATABASE_URL: 'mysql://admin:s3cret@db/x' })).not.toContain('s3cret')
  })

  it('takes DATABASE_URL only as postgres:// or postgresql://', () => {
    expect(message({ DATABASE_URL: 'mysql://db/dropwise' })).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
    expect(message({ DATABASE_URL: 'postgres' })).toContain('DATABASE_URL')
    expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db:5432/x' }).DATABASE_URL).toBe('postgres://u:p@db:5432/x')
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/x?sslmode=require' }).DATABASE_URL).toBe('postgresql://db/x?sslmode=require')
  })

  it('takes REDIS_URL only as redis:// or rediss://', () => {
    expect(parseEnv({ REDIS_URL: 'rediss://cache:6380' }).REDIS_URL).toBe('rediss://cache:6380')
    expect(message({ REDIS_URL: 'cache:6379' })).toContain('REDIS_URL: must be a redis:// or rediss:// URL')
  })

  it('follows no upstream by default; UPSTREAM_API is an http(s) v2 base, UPSTREAM_INTERVAL_S at least 60 (1800 by default)', () => {
    expect(parseEnv({}).UPSTREAM_API).toBeUndefined()
    expect(parseEnv({}).UPSTREAM_INTERVAL_S).toBe(1800)
    const env = parseEnv({ UPSTREAM_API: 'https://penguin-stats.io/PenguinStats/api/v2', UPSTREAM_INTERVAL_S: '600' })
    expect(env).toMatchObject({ UPSTREAM_API: 'https://penguin-stats.io/PenguinStats/api/v2', UPSTREAM_INTERVAL_S: 600 })
    expect(message({ UPSTREAM_API: 'penguin-stats.io' })).toContain('UPSTREAM_API: must be a https:// or http:// URL')
    expect(message({ UPSTREAM_INTERVAL_S: '10' })).toContain('UPSTREAM_INTERVAL_S: must be a whole number ≥ 60')
  })

  it('reads flags as 0/1/true/false', () => {
    expect(parseEnv({ DEMO: '0' }).DEMO).toBe(false)
    expect(parseEnv({ DEMO: 'true' }).DEMO).toBe(true)
  })

  it('reads TRUST_PROXY as a hop count: true is one hop, never every hop', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false)
  })

  it('reads TRUST_PROXY as a list of proxy addresses and CIDR ranges', () => {
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8'])
    expect(parseEnv({ TRUST_PROXY: ' ::1 , fd00::/8 ' }).TRUST_PROXY).toEqual(['::1', 'fd00::/8'])
  })

  it('reads the assets variables: on by default from GitHub raw, off, a local folder, a mirror', () => {
    expect(parseEnv({})).toMatchObject({ ASSETS: true, ASSETS_BASE_URL: 'https://raw.githubusercontent.com' })
    expect(parseEnv({}).ASSETS_DIR).toBeUndefined()
    expect(parseEnv({ ASSETS: 'off' }).ASSETS).toBe(false)
    expect(parseEnv({ ASSETS: 'on' }).ASSETS).toBe(true)
    expect(parseEnv({ ASSETS: '0' }).ASSETS).toBe(false)
    expect(parseEnv({ ASSETS_DIR: '/srv/assets' }).ASSETS_DIR).toBe('/srv/assets')
    expect(parseEnv({ ASSETS_BASE_URL: 'http://mirror.lan:8000/gh' }).ASSETS_BASE_URL).toBe('http://mirror.lan:8000/gh')
  })

  it.each(['mirror.lan', 'ftp://mirror.lan/', 'file:///srv/assets'])('refuses ASSETS_BASE_URL=%j by name', (value) => {
    expect(message({ ASSETS_BASE_URL: value })).toContain('ASSETS_BASE_URL: must be a https:// or http:// URL')
  })

  it('refuses an ASSETS value other than on or off', () => {
    expect(message({ ASSETS: 'maybe' })).toContain('ASSETS: must be on or off')
  })

  it.each(['yes', '-1', '1.5', '10.0.0.0/33', '127.0.0.1,,10.0.0.1', 'proxy.local', '10.0.0.1/8/1', '::1/129'])('refuses TRUST_PROXY=%j', (value) => {
    expect(message({ TRUST_PROXY: value })).toMatch(/^ {2}TRUST_PROXY: must be a hop count/m)
  })
})
