import type { Store } from '../../../lib/persisted-store'
import { readJson, writeJson } from '../../../lib/storage'
import { loadProjects, PROJECTS_SET_ASIDE_KEY, PROJECTS_STORAGE_KEY, type LoadedProjects, type ProjectsState } from './projects'

/** Unreadable stored projects are kept, the most recent this many. */
const SET_ASIDE_MAX = 20

/**
 * The projects, persisted (localStorage, with the app's fallbacks) under {@link PROJECTS_STORAGE_KEY}. What could not
 * be read at load is moved under {@link PROJECTS_SET_ASIDE_KEY} before anything is written back, so a corrupt entry
 * neither breaks the page nor is lost; `setAsideCount` says how many were, for the page to tell.
 */
export const createProjectsStore = (key = PROJECTS_STORAGE_KEY, setAsideKey = PROJECTS_SET_ASIDE_KEY) => {
  let setAsideCount = 0
  const load = (): ProjectsState => {
    const loaded: LoadedProjects = loadProjects(readJson(key))
    setAsideCount = loaded.setAside.length
    if (loaded.setAside.length > 0) {
      const kept = readJson<unknown>(setAsideKey)
      const list = Array.isArray(kept) ? kept : []
      writeJson(setAsideKey, [...list, ...loaded.setAside.map((s) => ({ ...s, at: new Date().toISOString() }))].slice(-SET_ASIDE_MAX))
      writeJson(key, loaded.state)
    }
    return loaded.state
  }
  let state: ProjectsState | null = null
  const listeners = new Set<() => void>()
  const store: Store<ProjectsState> & { setAsideCount(): number } = {
    get: () => (state ??= load()),
    set(update) {
      const prev = store.get()
      state = typeof update === 'function' ? update(prev) : { ...prev, ...update }
      if (state !== prev) writeJson(key, state)
      listeners.forEach((l) => l())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    reload() {
      state = load()
      listeners.forEach((l) => l())
    },
    setAsideCount: () => {
      store.get()
      return setAsideCount
    },
  }
  return store
}

export const projectsStore = createProjectsStore()
