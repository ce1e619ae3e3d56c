import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { pageSubject, pageTitle } from './app'

// Keys stand in for translations: the title's shape is what is checked.
const t = ((key: string) => key) as unknown as TFunction

describe('page title', () => {
  it.each([
    ['/result/item/30012', { kind: 'item', itemId: '30012' }],
    ['/result/stage/main_1/main_01-07', { kind: 'stage', zoneId: 'main_1', stageId: 'main_01-07' }],
    ['/report/stage/main_1/main_01-07', { kind: 'stage', zoneId: 'main_1', stageId: 'main_01-07' }],
    ['/result/item', null],
    ['/result/stage', null],
    ['/search', null],
    ['/', null],
  ])('%s shows %j', (path, want) => expect(pageSubject(path)).toEqual(want))

  it('puts what the page shows before the route titles, innermost first', () => {
    expect(pageTitle('/result/item/30012', t)).toBe('menu.statsByItem ‹ menu.stats │ app.name')
    expect(pageTitle('/result/item/30012', t, ['Orirock Cube'])).toBe('Orirock Cube ‹ menu.statsByItem ‹ menu.stats │ app.name')
    expect(pageTitle('/result/stage/1stact_zone1/a001_05', t, ['The Knight & The Hunters', 'GT-5'])).toBe(
      'GT-5 ‹ The Knight & The Hunters ‹ menu.statsByStage ‹ menu.stats │ app.name',
    )
    expect(pageTitle('/search', t)).toBe('menu.search │ app.name')
  })
})
