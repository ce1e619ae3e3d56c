import { describe, expect, it } from 'vitest'
import type { CatalogRepository } from './catalog.repository'
import { createCatalogService } from './catalog.service'

/** Only what `config()` reads: the stored frontend config and the demo marker. */
const fakeRepository = (stored: Record<string, unknown>) => {
  const reads: string[] = []
  const repository = {
    property: async (key: string) => {
      reads.push(key)
      return key === 'frontend.config' ? { value: stored, updatedAt: 1_000 } : null
    },
  } as unknown as CatalogRepository
  return { repository, reads }
}

describe('catalog config', () => {
  it('adds static extras over the stored config', async () => {
    const { repository } = fakeRepository({ planner: { url: '/planner/plan' }, recognizer: { packUrl: 'stored' } })
    const catalog = createCatalogService({ repository, clock: () => 0, configExtras: { recognizer: { packUrl: null } } })
    expect(JSON.parse((await catalog.config()).body)).toEqual({ planner: { url: '/planner/plan' }, recognizer: { packUrl: null } })
  })

  it('follows extras that change while the server runs, and keeps the cached body while they do not', async () => {
    const { repository, reads } = fakeRepository({ planner: { url: '/planner/plan' } })
    let extras: Record<string, unknown> = { recognizer: { packUrl: null }, assets: { state: 'fetching', done: 0, total: 14, reason: null } }
    const catalog = createCatalogService({ repository, clock: () => 0, configExtras: () => extras })
    const first = await catalog.config()
    expect(JSON.parse(first.body)).toMatchObject({ recognizer: { packUrl: null }, assets: { state: 'fetching' } })
    expect(await catalog.config()).toBe(first) // same extras within the TTL: the cached body, no database read
    const readsBefore = reads.length
    extras = {
      recognizer: { packUrl: '/assets/recognizer-pack/k/' },
      itemIcons: { sheetUrl: '/assets/icons/items.k.webp', indexUrl: '/assets/icons/items.k.json' },
      assets: { state: 'ready', done: 14, total: 14, reason: null },
    }
    const next = JSON.parse((await catalog.config()).body)
    expect(next).toEqual({ planner: { url: '/planner/plan' }, ...extras })
    expect(reads.length).toBeGreaterThan(readsBefore)
  })
})
