import { describe, expect, it } from 'vitest'
import { createGameDataVersion, watchGameDataVersion } from './game-data-version'
import { createMemoryStorage } from './storage'

const KEY = 'gd'

describe('createGameDataVersion', () => {
  it('stores the first version it hears without calling anyone, then calls the listeners once per newer version', () => {
    const storage = createMemoryStorage()
    const version = createGameDataVersion(storage, KEY)
    const newer: number[] = []
    version.onNewer((v) => newer.push(v))
    version.note(3)
    expect(version.known()).toBe(3)
    version.note(3)
    version.note(2) // a process that has not followed yet
    version.note(4)
    version.note(4)
    version.note(6)
    expect(newer).toEqual([4, 6])
    expect(storage.getItem(KEY)).toBe('6')
  })

  it('keeps the version across reloads (a stored list of version 3, a server at 4: followed at the first answer)', () => {
    const storage = createMemoryStorage()
    createGameDataVersion(storage, KEY).note(3)
    const reloaded = createGameDataVersion(storage, KEY)
    const newer: number[] = []
    reloaded.onNewer((v) => newer.push(v))
    reloaded.note(4)
    expect(newer).toEqual([4])
  })

  it('after forget, the next version is only stored; what is not a version is ignored', () => {
    const storage = createMemoryStorage()
    const version = createGameDataVersion(storage, KEY)
    const newer: number[] = []
    version.onNewer((v) => newer.push(v))
    version.note(5)
    version.forget()
    version.note(1) // a re-seeded server
    expect(version.known()).toBe(1)
    storage.setItem(KEY, 'garbage')
    expect(version.known()).toBeUndefined()
    expect(newer).toEqual([])
  })
})

/** A page whose visibility, events, timer and clock the test drives. */
const page = () => {
  const listeners = new Map<string, () => void>()
  const target = {
    addEventListener: (type: string, l: () => void) => void listeners.set(type, l),
    removeEventListener: (type: string) => void listeners.delete(type),
  }
  const doc = { visibilityState: 'visible' as DocumentVisibilityState, ...target }
  const win = { ...target }
  let tick = () => undefined as void
  let tickMs = 0
  const clock = { now: 1_000_000 }
  return {
    doc,
    win,
    clock,
    listeners,
    tickMs: () => tickMs,
    tick: () => tick(),
    fire: (type: string) => listeners.get(type)?.(),
    setTimer: (fn: () => void, ms: number) => {
      tick = fn
      tickMs = ms
      return () => {
        tick = () => undefined
      }
    },
  }
}

describe('watchGameDataVersion', () => {
  const setUp = () => {
    const p = page()
    const version = createGameDataVersion(createMemoryStorage(), KEY, () => p.clock.now)
    let asked = 0
    let answer: () => Promise<unknown> = async () => undefined
    const stop = watchGameDataVersion(
      version,
      {
        ask: () => {
          asked++
          return answer()
        },
        pollMs: 300_000,
        recheckMs: 60_000,
        doc: p.doc as unknown as Document,
        win: p.win as unknown as Window,
        setTimer: p.setTimer,
      },
      () => p.clock.now,
    )
    return { p, version, asked: () => asked, stop, answerWith: (a: () => Promise<unknown>) => (answer = a) }
  }

  it('asks while visible once a poll period passed without an answer naming the version, never while hidden', async () => {
    const { p, version, asked } = setUp()
    expect(p.tickMs()).toBeLessThan(300_000)
    version.note(1)
    p.clock.now += 299_000
    p.tick()
    expect(asked()).toBe(0)
    p.clock.now += 1_000
    p.doc.visibilityState = 'hidden'
    p.tick()
    expect(asked()).toBe(0)
    p.doc.visibilityState = 'visible'
    p.tick()
    expect(asked()).toBe(1)
  })

  it('asks when the player comes back after a minute without an answer, and not twice at once', async () => {
    const { p, version, asked, answerWith } = setUp()
    version.note(1)
    p.clock.now += 30_000
    p.fire('focus')
    expect(asked()).toBe(0)
    p.clock.now += 30_000
    let settle = () => undefined as void
    answerWith(() => new Promise<void>((r) => (settle = r)))
    p.fire('visibilitychange')
    p.fire('focus')
    expect(asked()).toBe(1)
    settle()
    await Promise.resolve()
    await Promise.resolve()
    p.fire('focus')
    expect(asked()).toBe(2)
  })

  it('a failed question is asked again at the next tick; stop removes the listeners and the timer', async () => {
    const { p, asked, answerWith, stop } = setUp()
    answerWith(() => Promise.reject(new Error('offline')))
    p.tick()
    await new Promise((r) => setTimeout(r, 0))
    p.tick()
    expect(asked()).toBe(2)
    stop()
    expect(p.listeners.size).toBe(0)
    p.tick()
    p.fire('focus')
    expect(asked()).toBe(2)
  })
})
