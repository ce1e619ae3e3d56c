import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate'
import { createDb, type Db } from '../../db/db'
import { createProbeRepository } from './probe.repository'

describe('probe repository on PGlite', () => {
  let db: Db
  beforeAll(async () => {
    db = await createDb({ kind: 'pglite', dataDir: null })
    await migrate(db)
  })
  afterAll(async () => db.close())

  it('reads nothing at first, then what each update made of the stored value', async () => {
    const probe = createProbeRepository(db)
    expect(await probe.read('probe.test')).toBeUndefined()
    const add = (n: number) =>
      probe.update<{ n: number }>(
        'probe.test',
        (stored) => ({ n: (stored?.n ?? 0) + n }),
        () => 5,
      )
    await add(2)
    await add(3)
    expect(await probe.read('probe.test')).toEqual({ n: 5 })
  })
})
