import { afterEach, describe, expect, it } from 'vitest'
import { dataSourceStore } from '../../lib/state'
import { PLANNER_STORAGE_KEY, setCount } from './planner-state'
import { plannerStore } from './planner-store'

afterEach(() => {
  localStorage.clear()
  plannerStore.reload()
  dataSourceStore.set({ server: 'CN' })
})

describe('plannerStore', () => {
  it('stores nothing until the plan changes, then the plan with the server it was made on', () => {
    dataSourceStore.set({ server: 'JP' })
    expect(plannerStore.get().server).toBeNull()
    expect(localStorage.getItem(PLANNER_STORAGE_KEY)).toBeNull()
    plannerStore.set((s) => setCount(s, '30012', { need: 7 }))
    expect(plannerStore.get()).toMatchObject({ server: 'JP', items: [{ id: '30012', have: 0, need: 7 }] })
    expect(JSON.parse(localStorage.getItem(PLANNER_STORAGE_KEY) ?? '{}')).toMatchObject({ server: 'JP' })
  })

  it('keeps a recorded server: the page reconciles a switch itself', () => {
    plannerStore.set({ server: 'US' })
    dataSourceStore.set({ server: 'KR' })
    plannerStore.set((s) => setCount(s, '30012', { have: 2 }))
    expect(plannerStore.get().server).toBe('US')
  })
})
