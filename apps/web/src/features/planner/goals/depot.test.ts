import { describe, expect, it } from 'vitest'
import { applyStock, readDepot } from './depot'

const known = new Set(['30012', '30013', '2004'])

describe('depot import on the goals page', () => {
  it('reads a Penguin depot document and names the ids it does not know', () => {
    const text = JSON.stringify({
      '@type': '@penguin-statistics/depot',
      items: [
        { id: '30012', have: 40 },
        { id: 'mod_x', have: 2, name: '???' },
      ],
    })
    const r = readDepot(text, known)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.depot.stock).toEqual({ '30012': 40 })
    expect(r.depot.unknown).toEqual([{ id: 'mod_x', count: 2, name: '???' }])
  })

  it('turns what it cannot read into a reason the page translates', () => {
    expect(readDepot('', known)).toEqual({ ok: false, error: 'empty' })
    expect(readDepot('{oops', known)).toEqual({ ok: false, error: 'invalid-json' })
    expect(readDepot('[1, 2]', known)).toMatchObject({ ok: false })
  })

  it('replaces the stock, or updates only the items the export lists; zero counts are not kept', () => {
    const stock = { '30012': 5, '30013': 2 }
    expect(applyStock(stock, { '30012': 40, '2004': 0 }, 'replace')).toEqual({ '30012': 40 })
    expect(applyStock(stock, { '30012': 40, '30013': 0 }, 'merge')).toEqual({ '30012': 40 })
    expect(applyStock(stock, { '2004': 3 }, 'merge')).toEqual({ '30012': 5, '30013': 2, '2004': 3 })
  })
})
