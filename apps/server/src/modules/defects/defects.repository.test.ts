import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate'
import { createDb, type Db } from '../../db/db'
import { createDefectsRepository } from './defects.repository'

describe('defects repository on PGlite', () => {
  let db: Db
  beforeAll(async () => {
    db = await createDb({ kind: 'pglite', dataDir: null })
    await migrate(db)
  })
  afterAll(async () => db.close())

  it('stores a defect, reports its upload state and takes one screenshot only', async () => {
    const defects = createDefectsRepository(db)
    const max = 10_000
    expect(await defects.uploadState('nope')).toBeUndefined()
    expect(await defects.insert({ defectId: 'd1', createdAt: 1000, environment: '{"a":1}', result: 'null', uploadToken: 't1', ip: null, bodyBytes: 100 }, max)).toBe(
      'stored',
    )
    expect(await defects.uploadState('d1')).toEqual({ uploadToken: 't1', createdAt: 1000, uploadedAt: null })
    expect(await defects.storeImage('d1', { bytes: Buffer.from([1, 2, 3]), type: 'image/png', uploadedAt: 2000 }, max)).toBe('stored')
    expect(await defects.storeImage('d1', { bytes: Buffer.from([4]), type: 'image/png', uploadedAt: 3000 }, max)).toBe('already')
    expect(await defects.uploadState('d1')).toEqual({ uploadToken: 't1', createdAt: 1000, uploadedAt: 2000 })
    const row = await db.kysely.selectFrom('recognition_defects').select(['image_bytes', 'image_type']).executeTakeFirstOrThrow()
    expect(row).toEqual({ image_bytes: 3, image_type: 'image/png' })
    expect(await defects.storedBytes()).toBe(103)
  })

  it('counts every stored byte against the total, refuses past it, and gives bytes back when defects expire', async () => {
    const defects = createDefectsRepository(db)
    const start = await defects.storedBytes()
    const max = start + 1000
    const row = (defectId: string, createdAt: number) => ({ defectId, createdAt, environment: '{}', result: 'null', uploadToken: 't', ip: null, bodyBytes: 400 })
    expect(await defects.insert(row('e1', 5000), max)).toBe('stored')
    expect(await defects.insert(row('e2', 6000), max)).toBe('stored')
    expect(await defects.insert(row('e3', 7000), max)).toBe('full')
    expect(await defects.storeImage('e1', { bytes: Buffer.alloc(201), type: 'image/png', uploadedAt: 5001 }, max)).toBe('full')
    // Refused means undone: no image, no bytes counted.
    expect(await defects.uploadState('e1')).toMatchObject({ uploadedAt: null })
    expect(await defects.storeImage('e1', { bytes: Buffer.alloc(200), type: 'image/png', uploadedAt: 5001 }, max)).toBe('stored')
    expect(await defects.storedBytes()).toBe(max)
    expect(await defects.purge(5500, 10)).toBe(2) // d1 and e1
    expect(await defects.storedBytes()).toBe(400)
    expect(await defects.uploadState('e3')).toBeUndefined()
    expect(await defects.uploadState('e2')).toBeDefined()
  })
})
