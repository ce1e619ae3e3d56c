import { describe } from 'vitest'
import { describeKillMidApply } from '../../testing/kill-mid-apply'

// Issue 36: a kill -9 in the middle of an apply, on PostgreSQL (TEST_DATABASE_URL; the embedded database:
// game-data.kill.test.ts).
const url = process.env.TEST_DATABASE_URL
if (url) describeKillMidApply({ name: 'postgres', url })
else describe.skip('a kill -9 in the middle of a game-data apply on postgres (TEST_DATABASE_URL is unset)', () => {})
