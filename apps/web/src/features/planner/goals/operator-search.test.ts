import { describe, expect, it } from 'vitest'
import { AMIYA, FANG, TEXAS } from './goals-fixtures'
import { createOperatorSearch, fold } from './operator-search'

const TEXAS_ALTER = {
  ...TEXAS,
  id: '1028_texas2',
  name: '缄默德克萨斯',
  name_i18n: { zh: '缄默德克萨斯', en: 'Texas the Omertosa', ja: 'テキサス・ジ・オーメルトーサ', ko: '텍사스 디 오메르토사' },
  pron: { pinyin: 'jianmodekesasi', pinyinHead: 'jmdkss', romaji: 'tekisasujioomerutoosa' },
}
const search = createOperatorSearch([AMIYA, FANG, TEXAS_ALTER, TEXAS])

describe('operator search', () => {
  it.each([
    ['the Japanese name', 'テキサス'],
    ['the Japanese name typed in hiragana', 'てきさす'],
    ['the English name, any case', 'texas'],
    ['the Chinese name', '德克萨斯'],
    ['the Korean name', '텍사스'],
    ['the Korean initials', 'ㅌㅅㅅ'],
    ['the full pinyin', 'dekesasi'],
    ['the pinyin initials', 'dkss'],
    ['the romaji', 'tekisasu'],
    ['full-width letters', 'ＴＥＸＡＳ'],
  ])('finds Texas first by %s', (_how, query) => {
    expect(search.search(query)[0]).toBe('102_texas')
  })

  it('puts the operator whose name is typed whole before one whose name only starts with it', () => {
    expect(search.search('Texas')).toEqual(['102_texas', '1028_texas2'])
  })

  it('finds a name with a typo from three characters on, and nothing for a query that matches nothing', () => {
    expect(search.search('Amyia')).toContain('002_amiya')
    expect(search.search('Texsas').slice(0, 2)).toContain('102_texas')
    expect(search.search('zzzzqx')).toEqual([])
    expect(search.search('   ')).toEqual([])
  })

  it('folds width, case, spaces and kana', () => {
    expect(fold(' テキサス・ジ ')).toBe('テキサスジ')
    expect(fold('ＡＢ c')).toBe('abc')
    expect(fold('あーみや')).toBe('アーミヤ')
  })
})
