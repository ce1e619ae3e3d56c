import { describe, expect, it } from 'vitest'
import { exportUrl } from './export-url'

describe('exportUrl', () => {
  it('carries server, format, category and the optional filters', () => {
    expect(exportUrl('/api/v2', { server: 'CN', category: 'all', format: 'csv' })).toBe('/api/v2/export/matrix?server=CN&format=csv&category=all')
    expect(exportUrl('/api/v2/', { server: 'JP', category: 'manual', format: 'json', stageId: 'main_01-07', itemId: '30012' })).toBe(
      '/api/v2/export/matrix?server=JP&format=json&category=manual&stageId=main_01-07&itemId=30012',
    )
  })
})
