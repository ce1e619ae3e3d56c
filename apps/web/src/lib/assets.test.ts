import { describe, expect, it } from 'vitest'
import { readAssetStatus, readConfigAssets } from './assets'

describe('readAssetStatus', () => {
  it('reads the status body', () => {
    expect(
      readAssetStatus({
        state: 'ready',
        done: 9,
        total: 9,
        reason: null,
        recognizer: { packUrl: '/assets/recognizer/' },
        itemIcons: { sheetUrl: '/assets/icons/items.webp', indexUrl: '/assets/icons/index.json' },
      }),
    ).toEqual({
      state: 'ready',
      done: 9,
      total: 9,
      reason: null,
      packUrl: '/assets/recognizer/',
      itemIcons: { sheetUrl: '/assets/icons/items.webp', indexUrl: '/assets/icons/index.json' },
      unreadable: [],
      updating: false,
    })
  })

  it('reads the items the pack cannot read yet, and whether a rebuild is under way', () => {
    const got = readAssetStatus({
      state: 'ready',
      updating: true,
      unreadable: [{ itemId: '30175', name_i18n: { en: 'Crystal Circuit', zh: '' }, servers: ['CN', 7] }, { name_i18n: {} }, 'x'],
    })
    expect(got).toMatchObject({ updating: true, unreadable: [{ itemId: '30175', name_i18n: { en: 'Crystal Circuit' }, servers: ['CN'] }] })
  })

  it('keeps what fits and drops what does not', () => {
    expect(readAssetStatus({ state: 'fetching', done: -1, total: 'x', reason: '', recognizer: null, itemIcons: { sheetUrl: '/a.webp' } })).toEqual({
      state: 'fetching',
      done: 0,
      total: 0,
      reason: null,
      packUrl: null,
      itemIcons: null,
      unreadable: [],
      updating: false,
    })
  })

  it.each([[null], ['ready'], [{}], [{ state: 'done' }], [{ message: 'Not Found', statusCode: 404 }]])('%j is not a status', (raw) =>
    expect(readAssetStatus(raw)).toBeNull(),
  )
})

describe('readConfigAssets', () => {
  it('a server that downloads resources announces them', () => {
    expect(readConfigAssets({ assets: { state: 'fetching', done: 1, total: 4, reason: null } })).toEqual({
      announced: true,
      state: 'fetching',
      itemIcons: null,
      unreadable: [],
    })
    expect(readConfigAssets({ assets: { state: 'ready' }, itemIcons: { sheetUrl: '/s.webp', indexUrl: '/i.json' } })).toEqual({
      announced: true,
      state: 'ready',
      itemIcons: { sheetUrl: '/s.webp', indexUrl: '/i.json' },
      unreadable: [],
    })
    expect(readConfigAssets({ assets: { state: 'ready', unreadable: [{ itemId: '30175', name_i18n: { en: 'Crystal Circuit' }, servers: ['CN'] }] } }).unreadable).toEqual(
      [{ itemId: '30175', name_i18n: { en: 'Crystal Circuit' }, servers: ['CN'] }],
    )
  })

  it('an older server announces nothing', () => {
    expect(readConfigAssets({ recognizer: { packUrl: null } })).toEqual({ announced: false, state: null, itemIcons: null, unreadable: [] })
    expect(readConfigAssets(undefined)).toEqual({ announced: false, state: null, itemIcons: null, unreadable: [] })
  })
})
