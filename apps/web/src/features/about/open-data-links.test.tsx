import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { latestSnapshotUrl, OpenDataLinks, snapshotIndexUrl } from './open-data-links'

/* Without i18next initialised, t() returns the keys: the links are found by their keys. */
afterEach(cleanup)

describe('open-data links on the credits page', () => {
  it('names the snapshot index and the newest files under either v2 base', () => {
    expect(snapshotIndexUrl('/PenguinStats/api/v2/')).toBe('/PenguinStats/api/v2/export/snapshots')
    expect(latestSnapshotUrl('/api/v2', 'US', 'json')).toBe('/api/v2/export/snapshots/latest/US.json.gz')
    expect(latestSnapshotUrl('/api/v2', 'CN', 'matrix.csv')).toBe('/api/v2/export/snapshots/latest/CN-matrix.csv')
  })

  it('links the current server’s newest snapshot (JSON, matrix CSV) as downloads and the list of all snapshots', () => {
    render(<OpenDataLinks />)
    const json = screen.getByRole('link', { name: 'about.site.credits.openDataJson' })
    expect(json.getAttribute('href')).toMatch(/\/export\/snapshots\/latest\/CN\.json\.gz$/)
    expect(json.hasAttribute('download')).toBe(true)
    expect(screen.getByRole('link', { name: 'about.site.credits.openDataCsv' }).getAttribute('href')).toMatch(/\/latest\/CN-matrix\.csv$/)
    expect(screen.getByRole('link', { name: 'about.site.credits.openDataIndex' }).getAttribute('href')).toMatch(/\/export\/snapshots$/)
  })
})
