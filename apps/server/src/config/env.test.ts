import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'

describe('parseEnv', () => {
  it('applies the defaults: PGlite in ./.data on port 8080', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './.data', HOST: '0.0.0.0' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined()
  })

  it('lists every offending key', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    )
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrowError(/LOG_LEVEL/)
  })

  it('reads flags as 0/1/true/false', () => {
    expect(parseEnv({ DEMO: '0' }).DEMO).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
  })
})
