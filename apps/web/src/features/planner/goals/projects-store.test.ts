import { afterEach, describe, expect, it } from 'vitest'
import { createProjectsStore } from './projects-store'
import { createProject } from './projects'

const KEY = 'test-goal-projects'
const ASIDE = 'test-goal-projects-aside'
const good = { id: 'a', name: 'E2', goals: [], stock: { '30012': 3 }, options: { dailySanity: 200, potionsPerDay: 1, primePerDay: 0 }, updatedAt: 1 }

afterEach(() => localStorage.clear())

describe('the projects store', () => {
  it('starts empty and persists what is set', () => {
    const store = createProjectsStore(KEY, ASIDE)
    expect(store.get().projects).toEqual([])
    store.set((s) => createProject(s, { id: 'p', name: 'Masteries', now: 1 }))
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ version: 1, activeId: 'p', projects: [{ id: 'p', name: 'Masteries' }] })
    const again = createProjectsStore(KEY, ASIDE)
    expect(again.get().projects.map((p) => p.name)).toEqual(['Masteries'])
  })

  it('moves a corrupt entry aside (kept, not lost), loads the rest and says how many were set aside', () => {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, activeId: 'a', projects: [good, { id: 'b', name: '', goals: 'x' }] }))
    const store = createProjectsStore(KEY, ASIDE)
    expect(store.get().projects.map((p) => p.id)).toEqual(['a'])
    expect(store.setAsideCount()).toBe(1)
    expect(JSON.parse(localStorage.getItem(ASIDE)!)).toMatchObject([{ reason: 'invalid', raw: { id: 'b' } }])
    // The stored document no longer holds it: the next load finds nothing to set aside.
    expect(createProjectsStore(KEY, ASIDE).setAsideCount()).toBe(0)
  })

  it('never breaks on text that is not JSON', () => {
    localStorage.setItem(KEY, '{not json')
    const store = createProjectsStore(KEY, ASIDE)
    expect(store.get().projects).toEqual([])
  })

  it('tells its subscribers of every change, and reloads from storage', () => {
    const store = createProjectsStore(KEY, ASIDE)
    let heard = 0
    const stop = store.subscribe(() => heard++)
    store.set((s) => createProject(s, { id: 'p', name: 'One', now: 1 }))
    localStorage.setItem(KEY, JSON.stringify({ version: 1, activeId: 'a', projects: [good] }))
    store.reload()
    expect(heard).toBe(2)
    expect(store.get().activeId).toBe('a')
    stop()
  })

  it('follows a change another tab made', () => {
    const store = createProjectsStore(KEY, ASIDE)
    expect(store.get().projects).toEqual([])
    localStorage.setItem(KEY, JSON.stringify({ version: 1, activeId: 'a', projects: [good] }))
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }))
    expect(store.get().projects.map((p) => p.id)).toEqual(['a'])
  })
})
