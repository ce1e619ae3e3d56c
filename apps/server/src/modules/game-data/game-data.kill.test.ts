import { describeKillMidApply } from '../../testing/kill-mid-apply'

// Issue 36: a kill -9 in the middle of an apply, on the embedded database (PostgreSQL: game-data.kill-postgres.test.ts;
// one database per file keeps each file within CI's time).
describeKillMidApply({ name: 'pglite' })
