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
    expect(await defects.uploadState('nope')).toBeUndefined()
    await defects.insert({ defectId: 'd1', createdAt: 1000, environment: '{"a":1}', result: 'null', uploadToken: 't1', ip: null })
    expect(await defects.uploadState('d1')).toEqual({ uploadToken: 't1', createdAt: 1000, uploadedAt: null })
    expect(await defects.storeImage('d1', { bytes: Buffer.from([1, 2, 3]), type: 'image/png', uploadedAt: 2000 })).toBe(true)
    expect(await defects.storeImage('d1', { bytes: Buffer.from([4]), type: 'image/png', uploadedAt: 3000 })).toBe(false)
    expect(await defects.uploadState('d1')).toEqual({ uploadToken: 't1', createdAt: 1000, uploadedAt: 2000 })
    const row = await db.kysely.selectFrom('recognition_defects').select(['image_bytes', 'image_type']).executeTakeFirstOrThrow()
    expect(row).toEqual({ image_bytes: 3, image_type: 'image/png' })
  })
})
