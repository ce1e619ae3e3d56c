import { describe, expect, it } from 'vitest'
import { createReportWriter } from './report-writer'
import type { NewReport } from './reports.repository'

const report = (hash: string) => ({ reportHash: hash }) as NewReport

describe('report writer (group commit)', () => {
  it('commits the reports of one event-loop turn together', async () => {
    const batches: string[][] = []
    const writer = createReportWriter(async (reports) => void batches.push(reports.map((r) => r.reportHash)))
    await Promise.all(['a', 'b', 'c'].map((h) => writer.write(report(h))))
    expect(batches).toEqual([['a', 'b', 'c']])
  })

  it('hands each report what the database made of it (stored, or the answer its idempotency key already named)', async () => {
    const answer = { status: 200, headers: {}, body: '{"reportHash":"first"}' }
    const writer = createReportWriter(async (reports) => reports.map((r) => (r.reportHash === 'dup' ? { stored: false as const, answer } : { stored: true as const })))
    expect(await Promise.all(['a', 'dup'].map((h) => writer.write(report(h))))).toEqual([{ stored: true }, { stored: false, answer }])
  })

  it('a batch the database refuses fails only its guilty reports', async () => {
    const committed: string[] = []
    let transactions = 0
    const writer = createReportWriter(async (reports) => {
      transactions++
      if (reports.some((r) => r.reportHash.startsWith('bad'))) throw new Error('invalid byte sequence for encoding "UTF8": 0x00')
      committed.push(...reports.map((r) => r.reportHash))
    })
    const hashes = Array.from({ length: 200 }, (_, i) => (i === 17 || i === 150 ? `bad${i}` : `ok${i}`))
    const outcomes = await Promise.allSettled(hashes.map((h) => writer.write(report(h))))
    const failed = hashes.filter((_, i) => outcomes[i]?.status === 'rejected')
    expect(failed).toEqual(['bad17', 'bad150'])
    expect(committed.sort()).toEqual(hashes.filter((h) => h.startsWith('ok')).sort())
    // Halving: far fewer transactions than one per report.
    expect(transactions).toBeLessThan(40)
    await writer.drain()
  })

  it('when every write fails (database down) every report fails and the writer stays usable', async () => {
    let down = true
    const writer = createReportWriter(async () => {
      if (down) throw new Error('connection refused')
    })
    const outcomes = await Promise.allSettled(['a', 'b', 'c', 'd'].map((h) => writer.write(report(h))))
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true)
    down = false
    await expect(writer.write(report('e'))).resolves.toEqual({ stored: true })
  })

  it('a batch that meets an unreachable database fails whole, in one transaction (no halving into hundreds of connects)', async () => {
    let transactions = 0
    const writer = createReportWriter(async () => {
      transactions++
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    })
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => writer.write(report(`r${i}`))))
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true)
    expect(transactions).toBe(1)
    await writer.drain()
  })
})
