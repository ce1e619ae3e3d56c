import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate'
import { createDb, type Db } from '../../db/db'
import { createDemoRepository } from './demo.repository'
import { DEMO_SOURCE } from './demo-source'

describe('demo repository on PGlite', () => {
  let db: Db
  beforeAll(async () => {
    db = await createDb({ kind: 'pglite', dataDir: null })
    await migrate(db)
  })
  afterAll(async () => db.close())

  it('says null until a simulation is marked, then the last mark', async () => {
    const demo = createDemoRepository(db)
    expect(await demo.simulated()).toBeNull()
    await demo.markSimulated({ reports: 10, source: DEMO_SOURCE, simulatedAt: 1 })
    await demo.markSimulated({ reports: 12, source: DEMO_SOURCE, simulatedAt: 2 })
    expect(await demo.simulated()).toEqual({ reports: 12, source: DEMO_SOURCE, simulatedAt: 2 })
  })
})
