import { describe, expect, it } from 'vitest'
import { latestSnapshotUrl, snapshotIndexUrl } from './open-data-links'

describe('open-data links', () => {
  it('names the snapshot index and the newest files under either v2 base', () => {
    expect(snapshotIndexUrl('/PenguinStats/api/v2/')).toBe('/PenguinStats/api/v2/export/snapshots')
    expect(latestSnapshotUrl('/api/v2', 'US', 'json')).toBe('/api/v2/export/snapshots/latest/US.json.gz')
    expect(latestSnapshotUrl('/api/v2', 'CN', 'matrix.csv')).toBe('/api/v2/export/snapshots/latest/CN-matrix.csv.gz')
  })
})
