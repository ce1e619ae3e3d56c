import { describe, expect, it } from 'vitest'
import { composeErrorText, compareVersions, isOutdated, needsAuthorization } from './api'

describe('api', () => {
  it('adds authorization only to the spec routes', () => {
    for (const u of ['/report', '/report/recall', '/_private/result/matrix/CN/personal/all', '/result/advanced', '/recognition/defects/report/init'])
      expect(needsAuthorization(`/api/v2${u}`)).toBe(true)
    for (const u of ['/items', '/stages?server=CN', '/_private/result/matrix/CN/global/all']) expect(needsAuthorization(`/api/v2${u}`)).toBe(false)
  })
  it('detects outdated clients from headers', () => {
    expect(isOutdated(new Headers({ 'X-Penguin-Compatible': 'frontend-v2@v3.4.0' }), '3.13.28')).toBe(false)
    expect(isOutdated(new Headers({ 'X-Penguin-Compatible': 'frontend-v2@v4.0.0' }), '3.13.28')).toBe(true)
    expect(isOutdated(new Headers({ 'X-Penguin-Upgrade': '1' }), '3.13.28')).toBe(true)
    expect(compareVersions('v3.13.28', '3.13.28')).toBe(0)
  })
  it('composes error texts', () => {
    expect(composeErrorText({ status: 400, body: '{"code":"NOT_FOUND","message":"resource not found"}' }, null, 'M')).toBe('(400) resource not found')
    expect(composeErrorText({ status: 503, body: '{"message":"service unavailable"}' }, null, 'M')).toBe('(503) M')
    expect(composeErrorText({ status: 502, body: '<meta name="penguin:exception" content="type=deploying">' }, null, 'M')).toBe('(502) M')
    expect(composeErrorText(null, new Error('Failed to fetch'), 'M')).toBe('(!) Failed to fetch')
  })
})
