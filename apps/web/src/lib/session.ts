import { env } from '../config/env'
import { setApiHooks } from './api'
import { gameDataVersion } from './data'
import { i18next } from './i18n'
import { authStore, dataSourceStore, settingsStore } from './state'

let outdated = false
const outdatedListeners = new Set<() => void>()
export const outdatedStore = {
  get: () => outdated,
  subscribe(l: () => void) {
    outdatedListeners.add(l)
    return () => void outdatedListeners.delete(l)
  },
}

const USER_COOKIE = 'userID'

export const readUserCookie = (cookie: string): string | null => {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === USER_COOKIE && v.length) return decodeURIComponent(v.join('='))
  }
  return null
}

/** Remove the `userID` cookie the server may have set (host and dot-domain variants). */
export const removeUserCookie = () => {
  const expired = 'Max-Age=0; Path=/'
  document.cookie = `${USER_COOKIE}=; ${expired}`
  document.cookie = `${USER_COOKIE}=; ${expired}; Domain=.${location.hostname}`
}

/** Log in as `id`: store it and remember it in the device's User ID history. */
export const adoptUserId = (id: string, now = Date.now()) => {
  authStore.set({ username: id })
  settingsStore.set((s) => ({
    ...s,
    userIdHistory: [{ id, time: now, version: env.appVersion }, ...s.userIdHistory.filter((e) => e.id !== id)],
  }))
}

export const logout = () => {
  authStore.set({ username: null })
  dataSourceStore.set({ source: 'global' })
  removeUserCookie()
}

export const installApiHooks = () =>
  setApiHooks({
    username: () => authStore.get().username,
    onOutdated: () => {
      if (outdated) return
      outdated = true
      outdatedListeners.forEach((l) => l())
    },
    onSetPenguinId: (id) => {
      if (authStore.get().username !== id) adoptUserId(id)
      removeUserCookie()
    },
    onGameDataVersion: (version) => gameDataVersion.note(version),
    maintenanceText: () => i18next.t('network.maintenance'),
  })
