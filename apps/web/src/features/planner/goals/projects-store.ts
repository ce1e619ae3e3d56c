import { useTranslation } from 'react-i18next'
import type { Store } from '../../../lib/persisted-store'
import { readJson, writeJson } from '../../../lib/storage'
import type { ProjectActions } from './project-bar'
import {
  createProject,
  deleteProject,
  importProject,
  loadProjects,
  PROJECTS_SET_ASIDE_KEY,
  PROJECTS_STORAGE_KEY,
  renameProject,
  switchProject,
  type LoadedProjects,
  type ProjectsState,
} from './projects'

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
  // Another tab of the site changed the projects: this one shows them too (a change here would otherwise write over them).
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (e) => {
      if (e.key === key && state !== null) store.reload()
    })
  return store
}

export const projectsStore = createProjectsStore()

/** A new project's id. */
export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** What the project bar does, on the app's projects. */
export const useProjectActions = (store = projectsStore): ProjectActions => {
  const { t } = useTranslation()
  return {
    create: () => store.set((s) => createProject(s, { id: newId(), name: t('planner.goals.projects.defaultName', { n: s.projects.length + 1 }), now: Date.now() })),
    rename: (name) => store.set((s) => renameProject(s, s.activeId, name, Date.now())),
    remove: () => store.set((s) => deleteProject(s, s.activeId)),
    switchTo: (id) => store.set((s) => switchProject(s, id)),
    importBody: (body) => store.set((s) => importProject(s, body, { id: newId(), now: Date.now() })),
  }
}
