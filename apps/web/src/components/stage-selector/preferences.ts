import type { Guard } from '../../lib/guards'
import { createPersistedStore, useStore } from '../../lib/persisted-store'
import { pushHistory, toggleIn } from './zones'

/** Stage preferences (spec 000 §3): favourite stage ids and history stage ids (newest first, cap 30). */
export interface StagePreferences {
  favorites: string[]
  histories: string[]
}

export const HISTORY_CAP = 30
export const STAGE_PREFERENCES_KEY = 'dropwise-stage-preferences'

const ids: Guard<string[]> = (v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
export const parseStagePreferences: Guard<StagePreferences> = (v) => {
  const o = v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  return { favorites: [...new Set(ids(o.favorites))], histories: ids(o.histories).slice(0, HISTORY_CAP) }
}

export const stagePreferencesStore = createPersistedStore(STAGE_PREFERENCES_KEY, parseStagePreferences)

/** Adds a stage to the front of the history (the stats page calls it when a stage is entered). */
export const recordStageHistory = (_zoneId: string, stageId: string) =>
  stagePreferencesStore.set((p) => ({ ...p, histories: pushHistory(p.histories, stageId, HISTORY_CAP) }))

export const clearStageHistory = () => stagePreferencesStore.set((p) => ({ ...p, histories: [] }))

export const toggleStageFavourite = (stageId: string) => stagePreferencesStore.set((p) => ({ ...p, favorites: toggleIn(p.favorites, stageId) }))

/** Favourite stage ids plus toggle/clear. */
export const useStageFavourites = () => {
  const favourites = useStore(stagePreferencesStore, (p) => p.favorites)
  return {
    favourites,
    isFavourite: (stageId: string) => favourites.includes(stageId),
    toggle: toggleStageFavourite,
    clear: () => stagePreferencesStore.set((p) => ({ ...p, favorites: [] })),
  }
}

export const useStageHistory = () => useStore(stagePreferencesStore, (p) => p.histories)
