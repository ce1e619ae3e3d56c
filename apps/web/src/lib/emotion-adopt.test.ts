import createCache from '@emotion/cache'
import { afterEach, describe, expect, it } from 'vitest'
import './emotion-adopt'

/** <head> as a server-rendered page leaves it: a global's tag, the classes' tag, then what scripts added. */
const renderedHead = () => {
  document.head.innerHTML =
    '<style data-s="" data-emotion="css-global abc">body{margin:0}</style>' +
    '<style data-s="" data-emotion="css x1 x2">.css-x1{color:red}.css-x2{color:blue}</style>' +
    '<link rel="modulepreload" href="/assets/page.js">'
  return [...document.head.children]
}

describe('emotion adopts the rendered page style tags where they are', () => {
  afterEach(() => {
    document.head.innerHTML = ''
  })

  it('takes the classes tag without moving any tag, and knows its rules', async () => {
    const before = renderedHead()
    const moves: MutationRecord[] = []
    const observer = new MutationObserver((records) => moves.push(...records))
    observer.observe(document.head, { childList: true })
    const cache = createCache({ key: 'css' })
    await Promise.resolve()
    moves.push(...observer.takeRecords())
    observer.disconnect()
    expect(moves).toEqual([])
    expect([...document.head.children]).toEqual(before)
    expect(cache.sheet.tags).toEqual([before[1]])
    // Its rules count as inserted: rendering the same classes adds nothing.
    expect(cache.inserted.x1).toBe(true)
    expect(cache.inserted.x2).toBe(true)
  })

  it('inserts later rules right after the adopted tag, so they cascade after the rendered ones', () => {
    const [global, classes, link] = renderedHead()
    const cache = createCache({ key: 'css' })
    cache.sheet.insert('.css-y{color:green}')
    const tags = [...document.head.children]
    expect(tags).toHaveLength(4)
    expect(tags.slice(0, 2)).toEqual([global, classes])
    expect(tags[2]).toBeInstanceOf(HTMLStyleElement)
    expect(tags[3]).toBe(link)
  })
})
